/**
 * The shape of an executable document as graphql's whole-document rules and the grouping of
 * definitions into components read it (incrementalValidation.ts): each definition's kind,
 * operation type and name, and the fragment names it spreads, in order. Two versions of a
 * document with the same shape get the same results from those rules (when they report nothing:
 * errors hold nodes of their version) and the same components, so an edit inside a selection set,
 * the usual keystroke, need not run them again.
 */
import { Kind, type DefinitionNode } from 'graphql';

/**
 * The shape as one string (names are GraphQL names, so the separators cannot occur in them).
 * `spreadsOf` gives the fragment names a definition spreads, duplicates included, in document
 * order: what graphql's ValidationContext.getFragmentSpreads finds in its selection set.
 */
export function documentShape(definitions: readonly DefinitionNode[], spreadsOf: (def: DefinitionNode) => readonly string[]): string {
  let shape = '';
  for (const def of definitions) {
    const name = 'name' in def && def.name ? def.name.value : '';
    const operation = def.kind === Kind.OPERATION_DEFINITION ? def.operation : '';
    shape += `${def.kind}:${operation}:${name}:${def.kind === Kind.OPERATION_DEFINITION || def.kind === Kind.FRAGMENT_DEFINITION ? spreadsOf(def).join(',') : ''}\n`;
  }
  return shape;
}
