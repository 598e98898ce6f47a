/**
 * The schema built from a sorted introspection result is the schema graphql's
 * lexicographicSortSchema makes of the schema built from the introspection as it came: the same
 * printed SDL, the same type map order, and every list in the same order (fields, arguments,
 * input fields, enum values, interfaces, union members, directives with their arguments and
 * locations), on the Sandbox's schemas, GitHub's, and a schema written to need natural ordering.
 */
import * as assert from 'node:assert/strict';
import {
  buildClientSchema,
  buildSchema,
  introspectionFromSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  lexicographicSortSchema,
  printSchema,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';
import { sortedIntrospection } from '../../../../src/core/codegen/sortedIntrospection';
import { sandboxSdl } from '../../../../src/sandbox/schemaVersions';
import { loadInputs } from '../../../../scripts/bench/inputs';

/** Every order a schema has, as text. */
function orders(schema: GraphQLSchema): string[] {
  const out = [`types: ${Object.keys(schema.getTypeMap()).join(' ')}`];
  for (const type of Object.values(schema.getTypeMap())) {
    if (isObjectType(type) || isInterfaceType(type)) {
      out.push(
        `${type.name} interfaces: ${type
          .getInterfaces()
          .map((i) => i.name)
          .join(' ')}`,
      );
      for (const field of Object.values(type.getFields())) {
        out.push(`${type.name}.${field.name}(${field.args.map((a) => a.name).join(' ')}): ${String(field.type)}`);
      }
    } else if (isInputObjectType(type)) {
      out.push(`${type.name} input: ${Object.keys(type.getFields()).join(' ')}`);
    } else if (isEnumType(type)) {
      out.push(
        `${type.name} values: ${type
          .getValues()
          .map((v) => v.name)
          .join(' ')}`,
      );
    } else if (isUnionType(type)) {
      out.push(
        `${type.name} members: ${type
          .getTypes()
          .map((t) => t.name)
          .join(' ')}`,
      );
    }
  }
  for (const directive of schema.getDirectives()) {
    out.push(`@${directive.name}(${directive.args.map((a) => a.name).join(' ')}) on ${directive.locations.join(' ')}`);
  }
  return out;
}

function assertSortedAlike(introspection: IntrospectionQuery): void {
  const expected = lexicographicSortSchema(buildClientSchema(introspection));
  const actual = buildClientSchema(sortedIntrospection(introspection));
  assert.equal(printSchema(actual), printSchema(expected));
  assert.deepEqual(orders(actual), orders(expected));
}

describe('sorted introspection (the codegen CLI’s sorted schema in one build)', () => {
  it('builds the schema lexicographicSortSchema makes, on the Sandbox’s schema versions', () => {
    for (const version of [1, 2] as const) {
      assertSortedAlike(introspectionFromSchema(buildSchema(sandboxSdl(version))));
    }
  });

  it('builds the schema lexicographicSortSchema makes, on GitHub’s schema', () => {
    const text = loadInputs().introspectionText;
    const json = JSON.parse(text) as { data?: IntrospectionQuery } & IntrospectionQuery;
    assertSortedAlike(json.data ?? json);
  });

  it('sorts names as graphql does (numbers in names by value), directives and their locations too', () => {
    const sdl = `
      directive @zeta(b: Int, a: Int) on FIELD | QUERY | FRAGMENT_SPREAD
      directive @alpha on OBJECT | FIELD_DEFINITION
      interface Node10 { id: ID! }
      interface Node2 { id: ID! }
      type Item10 implements Node2 & Node10 { id: ID! b(z: Int, y2: Int, y10: Int): String a: Int }
      type Item2 implements Node10 & Node2 { id: ID! field10: Int field2: Int }
      union Both = Item2 | Item10
      enum Level { HIGH10 HIGH2 LOW }
      input Filter { z: Int a10: Int a2: Int }
      type Query { items(filter: Filter, level: Level): [Both] node: Node2 }
    `;
    assertSortedAlike(introspectionFromSchema(buildSchema(sdl)));
  });
});
