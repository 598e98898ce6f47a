import { buildClientSchema, GraphQLSchema, validateSchema } from 'graphql';
import { introspectionPayload } from '../../../../src/core/schema/loadSchema';

/**
 * A schema from an introspection result, built at once: for test inputs (GitHub's, Storefront's).
 * The extension builds it as src/core/schema/loadSchema.ts does (tested in loadSchema.test.ts),
 * keeping a partly conforming schema usable the same way.
 */
export function schemaFromIntrospection(json: unknown): { schema: GraphQLSchema } {
  const schema = buildClientSchema(introspectionPayload(json));
  return { schema: validateSchema(schema).length === 0 ? schema : new GraphQLSchema({ ...schema.toConfig(), assumeValid: true }) };
}
