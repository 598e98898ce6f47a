/**
 * graphql's validation of an executable document through its public `validate`: the specified
 * rules and the deprecation rule, as graphql-language-service's getDiagnostics runs them, in one
 * traversal. The whole document is validated on every call (one edit at 10,044 lines costs about
 * as much as the per-part reuse this replaced: CPU p95 14.2 against 9.4-13.5 ms at load 17-20).
 */
import {
  Kind,
  NoDeprecatedCustomRule,
  specifiedRules,
  validate,
  type DefinitionNode,
  type DocumentNode,
  type GraphQLError,
  type GraphQLSchema,
  type SelectionNode,
  type ValidationRule,
} from 'graphql';

/** graphql's limit of errors for one `validate` call (its default). */
const MAX_ERRORS = 100;

/** The errors of one validation: graphql's specified rules, and deprecated uses (NoDeprecatedCustomRule). */
export interface ValidationResult {
  readonly errors: readonly GraphQLError[];
  readonly deprecations: readonly GraphQLError[];
}

/**
 * Runs `work` (synchronous) with no stack trace captured for the errors it creates. graphql's
 * GraphQLError captures one, and V8 keeps the frames it captured (with their receivers: the
 * validation's context, the document) until `stack` is read: kept results held about 100 KB per
 * document, and capturing them is 15-30% of a first validation. Nothing reads a validation error's
 * stack. The limit is restored before anything else runs.
 */
function withoutStackTraces<T>(work: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return work();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/**
 * graphql's two validations of a document (specified rules; deprecated uses) in one traversal:
 * the deprecation rule's errors told apart as it reports them (its context is graphql's, with
 * `reportError`, a public method, noting which errors are its own). Where graphql would stop early
 * (its error limit, or its fragment work budget: the errors it then adds have no node), the two
 * validations run as such, so the result is always theirs.
 */
export function validateDocument(schema: GraphQLSchema, definitions: readonly DefinitionNode[]): ValidationResult {
  const document: DocumentNode = { kind: Kind.DOCUMENT, definitions };
  return withoutStackTraces(() => {
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
    const all = validate(schema, document, [...specifiedRules, deprecationRule], { maxErrors: MAX_ERRORS });
    const errors: GraphQLError[] = [];
    const deprecations: GraphQLError[] = [];
    let stopped = all.length >= MAX_ERRORS;
    for (const error of all) {
      (tagged.has(error) ? deprecations : errors).push(error);
      stopped ||= !error.nodes || error.nodes.length === 0;
    }
    if (stopped) {
      return { errors: validate(schema, document, specifiedRules), deprecations: validate(schema, document, [NoDeprecatedCustomRule]) };
    }
    return { errors, deprecations };
  });
}

/** Fragment names spread directly in a definition: nodes do not change (shared by every schema). */
const directSpreads = new WeakMap<DefinitionNode, readonly string[]>();

/** The fragment names a definition spreads directly, in graphql's visit order (memoised per node). */
export function spreadsOf(def: DefinitionNode): readonly string[] {
  let names = directSpreads.get(def);
  if (!names) {
    const found: string[] = [];
    const walk = (selections: readonly SelectionNode[]) => {
      for (const selection of selections) {
        if (selection.kind === Kind.FRAGMENT_SPREAD) {
          found.push(selection.name.value);
        } else if (selection.selectionSet) {
          walk(selection.selectionSet.selections);
        }
      }
    };
    if ('selectionSet' in def && def.selectionSet) {
      walk(def.selectionSet.selections);
    }
    names = found;
    directSpreads.set(def, names);
  }
  return names;
}
