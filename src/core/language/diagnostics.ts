/**
 * Diagnostics of a document model: its first syntax error, or graphql's validation against the
 * schema with the fragments it spreads from other workspace files, unused fragments and uses of
 * deprecated fields, arguments and enum values as warnings.
 */
import { GraphQLError, Kind, type ASTNode, type DefinitionNode, type FragmentDefinitionNode } from 'graphql';
import type { DocumentModel } from './documentModel';
import type { FragmentIndex } from './fragmentIndex';
import type { IncrementalValidator } from './incrementalValidation';
import type { LanguageDiagnostic } from './types';
import { tokenRange } from './wordRanges';

const UNUSED_FRAGMENT = /^Fragment "[^"]+" is never used\.$/;

/**
 * Syntax errors, or validation errors against the validator's schema (undefined when `deadline`,
 * a performance.now() time, passed first: the work done is kept for the next call) (graphql's specified rules,
 * with fragments from other files of `index` known), unused fragments (warnings, unless another
 * file spreads them) and uses of deprecated fields, arguments and enum values (warnings). The
 * validator re-validates only the definitions that changed since its last call.
 */
export function computeDiagnostics(validator: IncrementalValidator, index: FragmentIndex, model: DocumentModel, deadline = Infinity): LanguageDiagnostic[] | undefined {
  const now = () => performance.now();
  if (deadline !== Infinity && !model.prepareWithin(deadline, now)) {
    return undefined;
  }
  // graphql stops at the first syntax error of the document, and so do we: what follows it
  // has no meaning graphql agrees on.
  const syntax: LanguageDiagnostic[] = [];
  const broken = model.chunks.find((c) => c.info.syntaxError);
  const error = broken?.info.syntaxError;
  if (broken && error) {
    const start = model.positionAt(model.documentOffset(broken, error.positions?.[0] ?? broken.startCol));
    syntax.push({ range: tokenRange(model, start), message: error.message, severity: 'error', source: 'GraphQL' });
  }
  if (syntax.length > 0 || model.mode === 'TYPE_SYSTEM') {
    return syntax;
  }
  const definitions: DefinitionNode[] = model.chunks.flatMap((c) => c.info.ast?.definitions ?? []);
  const validated = validator.validateWithin([...definitions, ...neededExternalFragments(index, model.uri, definitions, (def) => validator.spreadsOf(def))], deadline, now);
  if (!validated) {
    return undefined;
  }
  const { errors, deprecations } = validated;
  const out: LanguageDiagnostic[] = [];
  const report = (error: GraphQLError, severity: LanguageDiagnostic['severity'], deprecated: boolean) => {
    for (const node of error.nodes ?? []) {
      const range = model.rangeOf(highlightNode(node));
      if (range) {
        out.push(deprecated ? { range, message: error.message, severity, source: 'GraphQL', deprecated } : { range, message: error.message, severity, source: 'GraphQL' });
      }
    }
  };
  for (const error of errors) {
    if (UNUSED_FRAGMENT.test(error.message)) {
      const node = error.nodes?.[0];
      if (node?.kind === Kind.FRAGMENT_DEFINITION && index.isSpreadOutside(node.name.value, model.uri)) {
        continue;
      }
      report(error, 'warning', false);
    } else {
      report(error, 'error', false);
    }
  }
  for (const error of deprecations) {
    report(error, 'warning', true);
  }
  return out;
}

/** Fragments this document spreads but does not define, with what they spread, from the index. */
function neededExternalFragments(
  index: FragmentIndex,
  uri: string,
  definitions: readonly DefinitionNode[],
  spreadsOf: (def: DefinitionNode) => readonly string[],
): FragmentDefinitionNode[] {
  const local = new Set<string>();
  const wanted: string[] = [];
  for (const def of definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) {
      local.add(def.name.value);
    }
    wanted.push(...spreadsOf(def));
  }
  const out: FragmentDefinitionNode[] = [];
  const seen = new Set(local);
  while (wanted.length > 0) {
    const name = wanted.pop() as string;
    if (seen.has(name)) {
      continue;
    }
    seen.add(name);
    const entry = index.getAll(name).find((e) => e.uri !== uri);
    if (entry) {
      out.push(entry.node);
      wanted.push(...entry.spreads);
    }
  }
  return out;
}

/** The node an error is shown on, as graphql-language-service chooses it: the name when there is one. */
function highlightNode(node: ASTNode): ASTNode {
  if (node.kind !== Kind.VARIABLE && 'name' in node && node.name) {
    return node.name;
  }
  if ('variable' in node && node.variable) {
    return node.variable;
  }
  return node;
}
