import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { buildClientSchema, buildSchema, getIntrospectionQuery, graphqlSync, introspectionFromSchema, printSchema, type IntrospectionQuery } from 'graphql';
import { buildClientSchemaInSlices } from '../../../../src/core/schema/clientSchemaInSlices';
import { SANDBOX_SDL } from '../../../../src/sandbox/schema';

const root = path.resolve(__dirname, '../../../..');
const read = (p: string) => JSON.parse(readFileSync(path.join(root, p), 'utf8')) as { data?: IntrospectionQuery } & IntrospectionQuery;
const payload = (json: { data?: IntrospectionQuery } & IntrospectionQuery) => json.data ?? json;

/** A full introspection (descriptions, deprecations, defaults, specifiedByURL, oneOf, repeatable directives). */
function introspectionOf(sdl: string): IntrospectionQuery {
  const result = graphqlSync({
    schema: buildSchema(sdl),
    source: getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, inputValueDeprecation: true, oneOf: true }),
  });
  return result.data as unknown as IntrospectionQuery;
}

const EDGE_SDL = `
  "The root" schema { query: Q }
  """Q's description"""
  type Q { a(x: In = { n: 2, e: B, l: [1, 2] }, old: Int @deprecated(reason: "no")): U @deprecated f: Url }
  scalar Url @specifiedBy(url: "https://example.test/url")
  input In @oneOf { n: Int e: E l: [Int!] }
  enum E { A B @deprecated(reason: "gone") }
  union U = T | S
  interface I { id: ID! }
  interface J implements I { id: ID! }
  type T implements I & J { id: ID! }
  type S { s: String }
  directive @rep(a: Int = 1) repeatable on FIELD | QUERY
`;

describe('buildClientSchema in slices', () => {
  const cases: Array<[string, () => IntrospectionQuery]> = [
    ["GitHub's schema", () => payload(read('node_modules/@octokit/graphql-schema/schema.json'))],
    ["Shopify's Storefront schema", () => payload(read('test/fixtures/schemas/shopify-storefront/storefront.schema.json'))],
    ['the Sandbox schema', () => introspectionOf(SANDBOX_SDL)],
    ['every kind of definition and default value', () => introspectionOf(EDGE_SDL)],
  ];
  for (const [name, load] of cases) {
    it(`builds the same schema as graphql does: ${name}`, async () => {
      const introspection = load();
      let yields = 0;
      const ours = await buildClientSchemaInSlices(introspection, async () => {
        yields++;
      });
      const theirs = buildClientSchema(introspection);
      assert.equal(printSchema(ours), printSchema(theirs));
      assert.deepEqual(
        introspectionFromSchema(ours, { specifiedByUrl: true, directiveIsRepeatable: true, inputValueDeprecation: true, oneOf: true }),
        introspectionFromSchema(theirs, { specifiedByUrl: true, directiveIsRepeatable: true, inputValueDeprecation: true, oneOf: true }),
      );
      if (name === "GitHub's schema") {
        assert.ok(yields > 0, 'a large schema is built in more than one slice');
      }
    });
  }

  it('throws graphql’s own error for a malformed introspection', async () => {
    const broken = introspectionOf(EDGE_SDL);
    const types = broken.__schema.types.map((t) => (t.name === 'T' ? { ...t, fields: null } : t));
    const malformed = { __schema: { ...broken.__schema, types } } as unknown as IntrospectionQuery;
    let expected = '';
    try {
      buildClientSchema(malformed);
    } catch (err) {
      expected = (err as Error).message;
    }
    assert.ok(expected.length > 0);
    await assert.rejects(buildClientSchemaInSlices(malformed), (err: Error) => err.message === expected);
  });
});
