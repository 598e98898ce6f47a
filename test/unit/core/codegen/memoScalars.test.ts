/**
 * The types worker's remembered `buildScalars` (memoScalars.ts, given to codegen by the worker's
 * bundle) builds what `visitor-plugin-common`'s does: on GitHub's schema (and the view of it the
 * visitors get), the Sandbox's and a schema with a scalar typed by its extensions, with the default
 * mappings and default types codegen passes, the first call and the remembered ones alike (same
 * keys in the same order); each call's result is its own (changing one changes no other); a call
 * with a scalars mapping is passed on as it is.
 */
import * as assert from 'node:assert/strict';
import { buildClientSchema, buildSchema, GraphQLScalarType, GraphQLObjectType, GraphQLSchema, GraphQLString, type IntrospectionQuery } from 'graphql';
import { buildScalars, DEFAULT_INPUT_SCALARS, DEFAULT_SCALARS } from '@graphql-codegen/visitor-plugin-common';
import { memoizedScalars } from '../../../../src/core/codegen/memoScalars';
import { scalarsAndEnumsView } from '../../../../src/core/codegen/scalarsAndEnums';
import { sandboxSdl } from '../../../../src/sandbox/schemaVersions';
import { loadInputs } from '../../../../scripts/bench/inputs';

type Build = Parameters<typeof memoizedScalars>[0];
const upstream = buildScalars as unknown as Build;

function schemas(): GraphQLSchema[] {
  const json = JSON.parse(loadInputs().introspectionText) as { data?: IntrospectionQuery } & IntrospectionQuery;
  const github = buildClientSchema(json.data ?? json);
  const typed = new GraphQLScalarType({ name: 'Money', extensions: { codegenScalarType: 'bigint' } });
  const withExtensions = new GraphQLSchema({ query: new GraphQLObjectType({ name: 'Query', fields: { price: { type: typed }, name: { type: GraphQLString } } }) });
  return [github, scalarsAndEnumsView(github), buildSchema(sandboxSdl(1)), withExtensions];
}

/** The result as JSON (keys in order), or the error it failed with. */
function outcome(run: () => unknown): string {
  try {
    return JSON.stringify(run());
  } catch (err) {
    return `failed: ${(err as Error).message}`;
  }
}

describe('remembered buildScalars of the types worker', function () {
  this.timeout(60_000);

  it("builds what visitor-plugin-common's does, first and remembered calls, each call its own copy", () => {
    const remembered = memoizedScalars(upstream);
    let compared = 0;
    for (const schema of schemas()) {
      for (const mapping of [undefined, DEFAULT_SCALARS, DEFAULT_INPUT_SCALARS]) {
        for (const type of [undefined, 'unknown', 'any', null]) {
          const args = mapping === undefined && type === undefined ? [] : [mapping, type];
          const expected = outcome(() => upstream(schema, undefined, ...args));
          for (let round = 0; round < 3; round++) {
            assert.equal(
              outcome(() => remembered(schema, undefined, ...args)),
              expected,
            );
            compared++;
            if (expected.startsWith('failed: ')) {
              continue; // strict scalars (a null default type) on a schema with custom scalars: both fail alike
            }
            const got = remembered(schema, undefined, ...args);
            // A visitor changing its copy changes no other call's.
            for (const name of Object.keys(got)) {
              (got[name].input as { type: string }).type = 'changed';
              (got[name] as { output: unknown }).output = {};
            }
          }
        }
      }
    }
    assert.equal(compared, 4 * 3 * 4 * 3);
    // The extensions' type is found.
    assert.match(JSON.stringify(remembered(schemas()[3], undefined, DEFAULT_SCALARS, 'unknown')), /"Money":\{"input":\{"isExternal":false,"type":"bigint"\}/);
  });

  it('passes a call with a scalars mapping on as it is', () => {
    const calls: unknown[][] = [];
    const remembered = memoizedScalars((...args) => {
      calls.push(args);
      return upstream(...args);
    });
    const schema = schemas()[2];
    const mapping = { DateTime: 'Date', JSON: { input: 'unknown', output: 'Record<string, unknown>' } };
    for (let round = 0; round < 2; round++) {
      assert.equal(JSON.stringify(remembered(schema, mapping, DEFAULT_SCALARS, 'unknown')), JSON.stringify(upstream(schema, mapping, DEFAULT_SCALARS, 'unknown')));
    }
    assert.equal(calls.length, 2);
    remembered(schema, undefined, DEFAULT_SCALARS, 'unknown');
    remembered(schema, undefined, DEFAULT_SCALARS, 'unknown');
    assert.equal(calls.length, 3);
  });
});
