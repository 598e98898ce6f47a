/**
 * Diagnostics of a document model: its first syntax error, or graphql's validation against the
 * schema with the fragments it spreads from other workspace files, unused fragments and uses of
 * deprecated fields, arguments and enum values as warnings.
 */
import {
  GraphQLError,
  Kind,
  KnownTypeNamesRule,
  NoDeprecatedCustomRule,
  specifiedRules,
  validate,
  visit,
  type ASTNode,
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import type { DocumentModel } from './documentModel';
import type { FragmentIndex } from './fragmentIndex';
import type { LanguageDiagnostic } from './types';
import { tokenRange } from './wordRanges';

const UNUSED_FRAGMENT = /^Fragment "[^"]+" is never used\.$/;

/**
 * graphql's KnownTypeNamesRule, built only when a document names a type the schema lacks: the
 * rule lists every type name of the schema up front (for its suggestions), a tenth of a
 * validation on GitHub's schema. Same errors; used when a schema change re-validates a workspace.
 */
const lazyKnownTypeNamesRule: ValidationRule = (context) => {
  let rule: ReturnType<ValidationRule> | undefined;
  const schema = context.getSchema();
  return {
    NamedType(node, key, parent, path, ancestors) {
      if (schema?.getType(node.name.value)) {
        return undefined;
      }
      rule ??= KnownTypeNamesRule(context);
      // graphql's rule is a plain { NamedType(...) } visitor.
      const enter = (rule as { NamedType?: (...args: unknown[]) => unknown }).NamedType;
      return typeof enter === 'function' ? (enter.call(rule, node, key, parent, path, ancestors) as undefined) : undefined;
    },
  };
};

/** graphql's specified rules, KnownTypeNamesRule built lazily. */
const RULES: readonly ValidationRule[] = specifiedRules.map((r) => (r === KnownTypeNamesRule ? lazyKnownTypeNamesRule : r));

/**
 * Syntax errors, or validation errors against `schema` (graphql's specified rules, with fragments
 * from other files of `index` known), unused fragments (warnings, unless another file spreads them)
 * and uses of deprecated fields, arguments and enum values (warnings).
 */
export function computeDiagnostics(schema: GraphQLSchema, index: FragmentIndex, model: DocumentModel): LanguageDiagnostic[] {
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
  const document: DocumentNode = {
    kind: Kind.DOCUMENT,
    definitions: [...definitions, ...neededExternalFragments(index, model.uri, definitions)],
  };
  const out: LanguageDiagnostic[] = [];
  const report = (error: GraphQLError, severity: LanguageDiagnostic['severity'], deprecated: boolean) => {
    for (const node of error.nodes ?? []) {
      const range = model.rangeOf(highlightNode(node));
      if (range) {
        out.push(deprecated ? { range, message: error.message, severity, source: 'GraphQL', deprecated } : { range, message: error.message, severity, source: 'GraphQL' });
      }
    }
  };
  const { specified, deprecations } = validateOnce(schema, document);
  for (const error of specified) {
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

/** graphql's own cap on the errors of one validation (its `maxErrors` default). */
const MAX_ERRORS = 100;

/**
 * What `validate(schema, document, RULES)` and `validate(schema, document, [NoDeprecatedCustomRule])`
 * return, from one traversal of the document instead of two (each rule's errors in the same order):
 * the deprecation rule's errors are told apart as it reports them. With more than graphql's cap of
 * errors in all, each would have been capped on its own, so the two calls are made as before.
 */
function validateOnce(schema: GraphQLSchema, document: DocumentNode): { specified: readonly GraphQLError[]; deprecations: readonly GraphQLError[] } {
  const tagged = new Set<GraphQLError>();
  const deprecationRule: ValidationRule = (context) =>
    NoDeprecatedCustomRule(
      Object.create(context, {
        reportError: {
          value: (error: GraphQLError) => {
            tagged.add(error);
            context.reportError(error);
          },
        },
      }) as typeof context,
    );
  const all = validate(schema, document, [...RULES, deprecationRule], { maxErrors: MAX_ERRORS });
  if (all.length >= MAX_ERRORS) {
    return { specified: validate(schema, document, RULES), deprecations: validate(schema, document, [NoDeprecatedCustomRule]) };
  }
  return { specified: all.filter((e) => !tagged.has(e)), deprecations: all.filter((e) => tagged.has(e)) };
}

/** Fragments this document spreads but does not define, with what they spread, from the index. */
function neededExternalFragments(index: FragmentIndex, uri: string, definitions: readonly DefinitionNode[]): FragmentDefinitionNode[] {
  const local = new Set<string>();
  const wanted: string[] = [];
  for (const def of definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) {
      local.add(def.name.value);
    }
    visit(def, {
      FragmentSpread(node) {
        wanted.push(node.name.value);
      },
    });
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
