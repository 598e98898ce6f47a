// Defaults of arguments and input fields, as graphql 17 keeps them: a schema built from SDL or from
// introspection has `default.literal` and no `defaultValue` (16's only field), so "required" is
// graphql's isRequiredArgument / isRequiredInputField and the explorer prints the literal.
import * as assert from 'node:assert/strict';
import { buildClientSchema, buildSchema, introspectionFromSchema, parse, type GraphQLInputObjectType, type OperationDefinitionNode } from 'graphql';
import { sidecarPlaceholder } from '../../../../src/core/language/placeholders';
import { defaultValueText } from '../../../../src/core/schema/explorerModel';
import { describeVariable } from '../../../../src/core/run/variables';

const SDL = `
  enum Level { LOW HIGH }
  input Filter { level: Level! = HIGH, text: String!, limit: Int = 10, nested: Inner = { x: 1 } }
  input Inner { x: Int }
  type Query { tasks(first: Int! = 20, level: Level = LOW, filter: Filter, after: String!): [String] }
`;

for (const [name, schema] of [
  ['from SDL', buildSchema(SDL)],
  ['from introspection', buildClientSchema(introspectionFromSchema(buildSchema(SDL)))],
] as const) {
  describe(`defaults of a schema built ${name}`, () => {
    const args = schema.getQueryType()!.getFields().tasks.args;
    const filter = schema.getType('Filter') as GraphQLInputObjectType;

    it('prints each default as GraphQL text, none where there is none', () => {
      assert.deepEqual(
        args.map((a) => defaultValueText(a)),
        ['20', 'LOW', undefined, undefined],
      );
      assert.deepEqual(
        Object.values(filter.getFields()).map((f) => defaultValueText(f)),
        ['HIGH', undefined, '10', '{ x: 1 }'],
      );
    });

    it('asks only for the non-null input fields without a default', () => {
      assert.deepEqual(sidecarPlaceholder(filter), { text: '' });
      const operation = parse('query Q($f: Filter!) { tasks(filter: $f, after: "") }').definitions[0] as OperationDefinitionNode;
      assert.equal(describeVariable(schema, operation.variableDefinitions![0]).template, '{"text":""}');
    });
  });
}
