/**
 * Whether replacing a name node of a definition helps: the check a "Did you mean" or "Replace
 * deprecated" fix passes before it is offered. graphql validates the definition's text with the
 * name replaced (and the fragment definitions it needs), beside its validation as it is.
 */
import { KnownFragmentNamesRule, NoUnusedFragmentsRule, parse, specifiedRules, validate, type ASTNode, type GraphQLSchema, type ValidationRule } from 'graphql';
import { endOf, startOf, type ActionText, type ParsedDefinition } from './codeActionsShared';

/** graphql's error limit used for a definition's problems. */
const MAX_ERRORS = 50;

/** Rules that need the whole document (other definitions): left out when a definition is checked alone. */
const ALONE_RULES: readonly ValidationRule[] = specifiedRules.filter((r) => r !== KnownFragmentNamesRule && r !== NoUnusedFragmentsRule);

/**
 * True when replacing a name node of the definition leaves no new problem in it and (when
 * `strictly`) one fewer. Kept per text and schema (VS Code asks again at every cursor move).
 */
export function replacementHelps(doc: ActionText, schema: GraphQLSchema, def: ParsedDefinition, node: ASTNode, replacement: string, strictly: boolean): boolean {
  return doc.rememberFor(schema, `verdict@${def.start}:${startOf(node)}:${endOf(node)}:${strictly}:${replacement}`, () =>
    wholeVerdict(doc, schema, def, node, replacement, [], strictly),
  );
}

/** The same question answered by validating the definition's text with the name replaced (plus fragment definitions it needs) whole. */
export function wholeVerdict(
  doc: ActionText,
  schema: GraphQLSchema,
  def: ParsedDefinition,
  node: ASTNode,
  replacement: string,
  fragments: readonly string[],
  strictly: boolean,
): boolean {
  const definitionText = doc.text.slice(def.start, def.end);
  const nodeStart = startOf(node) - startOf(def.node);
  const nodeEnd = endOf(node) - startOf(def.node);
  const before = doc.rememberFor(schema, `problems@${def.start}`, () => problemsOf(schema, definitionText, []));
  const after = problemsOf(schema, definitionText.slice(0, nodeStart) + replacement + definitionText.slice(nodeEnd), fragments);
  return after !== undefined && before !== undefined && isFewer(before, after, strictly);
}

/** The messages of graphql's validation of one definition (plus fragment definitions it needs), or undefined when it does not parse. */
function problemsOf(schema: GraphQLSchema, definition: string, fragments: readonly string[]): string[] | undefined {
  try {
    const document = parse([definition, ...fragments].join('\n'));
    return validate(schema, document, ALONE_RULES, { maxErrors: MAX_ERRORS }).map((e) => e.message);
  } catch {
    return undefined;
  }
}

/** True when `after` is `before` with no new problem, and (when `strictly`) at least one fewer. */
function isFewer(before: readonly string[], after: readonly string[], strictly: boolean): boolean {
  if (strictly && after.length >= before.length) {
    return false;
  }
  const left = [...before];
  for (const m of after) {
    const i = left.indexOf(m);
    if (i < 0) {
      return false;
    }
    left.splice(i, 1);
  }
  return true;
}
