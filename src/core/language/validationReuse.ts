/**
 * Whole-document validation that reuses a document's last result when the schema changed in
 * nothing that validation read (schemaDependencies.ts says why that is exact): after a schema
 * change, a document that uses nothing that changed is not validated again (issue 28).
 */
import { assertValidSchema, type DefinitionNode, type GraphQLSchema } from 'graphql';
import { factsHold, recordSchemaReads, type SchemaFact } from './schemaDependencies';
import { sameNodes, validateWhole, type ValidationResult } from './validationRules';

/** The last whole validation of a document, by its first definition: its definitions, what it read of its schema, its result. */
const lastValidations = new WeakMap<
  DefinitionNode,
  { readonly definitions: readonly DefinitionNode[]; readonly facts: readonly SchemaFact[]; readonly result: ValidationResult }
>();

/**
 * Runs `work` (synchronous) with no stack trace captured for the errors it creates. graphql's
 * GraphQLError captures one (Error.captureStackTrace), and V8 keeps the frames it captured, with
 * their receivers, until `stack` is read: each kept validation error held its validation's context
 * (the document, the rules' memos) alive as long as the result is kept here, about 100 KB per
 * document (the worker's heap after validating the bench's 2,000 documents: 558 MB with them,
 * 355 MB without), and capturing them is CPU of its own (15-30% of a first validation of those
 * documents). Nothing reads a validation error's stack: diagnostics take its message, locations and
 * nodes. The limit is the isolate's; it is restored before anything else runs.
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
 * validateWhole, reusing the result of the last validation of the same definitions (the same
 * nodes: an unchanged document) when the schema answers everything that validation read of its
 * schema alike (schemaDependencies.ts says why that is exact): after a schema change, a document
 * that uses nothing that changed is not validated again.
 */
export function validateReusing(schema: GraphQLSchema, definitions: readonly DefinitionNode[]): ValidationResult {
  // As graphql's validate, first (and once per schema, not recorded: a schema that is not valid is refused for every document).
  assertValidSchema(schema);
  const first = definitions[0];
  const last = first && lastValidations.get(first);
  if (last && sameNodes(last.definitions, definitions) && factsHold(schema, last.facts)) {
    return { ...last.result, reused: true };
  }
  const { result, facts } = withoutStackTraces(() => recordSchemaReads(schema, () => validateWhole(schema, definitions)));
  if (first) {
    lastValidations.set(first, { definitions: [...definitions], facts, result });
  }
  return result;
}
