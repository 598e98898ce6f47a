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
  const { result, facts } = recordSchemaReads(schema, () => validateWhole(schema, definitions));
  if (first) {
    lastValidations.set(first, { definitions: [...definitions], facts, result });
  }
  return result;
}
