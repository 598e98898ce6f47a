/**
 * The types worker's `parseEnumValues` without its scan when it can find nothing (enumValues.ts,
 * given to codegen by the worker's bundle) answers what `visitor-plugin-common`'s does: on GitHub's
 * schema (and the view of it the visitors get) and the Sandbox's, with and without
 * `ignoreEnumValuesFromSchema`, each call a mapping of its own; on a schema with an enum value
 * that is not its name, and with `enumValues` set, it runs the function as it is.
 */
import * as assert from 'node:assert/strict';
import { buildClientSchema, buildSchema, GraphQLEnumType, GraphQLObjectType, GraphQLSchema, type IntrospectionQuery } from 'graphql';
import { convertFactory, parseEnumValues } from '@graphql-codegen/visitor-plugin-common';
import { withoutEmptyScan } from '../../../../src/core/codegen/enumValues';
import { scalarsAndEnumsView } from '../../../../src/core/codegen/scalarsAndEnums';
import { sandboxSdl } from '../../../../src/sandbox/schemaVersions';
import { loadInputs } from '../../../../scripts/bench/inputs';

type Parse = Parameters<typeof withoutEmptyScan>[0];
const upstream = parseEnumValues as unknown as Parse;
const naming = { convert: convertFactory({}), options: {} };

/** The result as JSON (keys in order), or the error it failed with. */
function outcome(run: () => unknown): string {
  try {
    return JSON.stringify(run());
  } catch (err) {
    return `failed: ${(err as Error).message}`;
  }
}

describe('parseEnumValues of the types worker, without its scan when it can find nothing', function () {
  this.timeout(60_000);

  it("answers what visitor-plugin-common's does, each call a mapping of its own", () => {
    const json = JSON.parse(loadInputs().introspectionText) as { data?: IntrospectionQuery } & IntrospectionQuery;
    const github = buildClientSchema(json.data ?? json);
    const calls: unknown[] = [];
    const parse = withoutEmptyScan((options) => {
      calls.push(options);
      return upstream(options);
    });
    for (const schema of [github, scalarsAndEnumsView(github), buildSchema(sandboxSdl(1))]) {
      for (const ignoreEnumValuesFromSchema of [undefined, false, true]) {
        const expected = outcome(() => upstream({ schema, ignoreEnumValuesFromSchema, naming } as never));
        for (let round = 0; round < 2; round++) {
          const got = parse({ schema, ignoreEnumValuesFromSchema, naming } as never);
          assert.equal(JSON.stringify(got), expected);
          got.Changed = {}; // a visitor's own mapping
        }
      }
    }
    // Schemas built from an introspection or SDL: no value differs from its name, nothing scanned.
    assert.equal(calls.length, 0);
  });

  it('runs the function as it is for a schema with a value that is not its name, and with enumValues set', () => {
    const color = new GraphQLEnumType({ name: 'Color', values: { RED: { value: 'red' }, GREEN: {} } });
    const renamed = new GraphQLSchema({ query: new GraphQLObjectType({ name: 'Query', fields: { color: { type: color } } }) });
    const sandbox = buildSchema(sandboxSdl(1));
    let calls = 0;
    const parse = withoutEmptyScan((options) => {
      calls++;
      return upstream(options);
    });
    const cases: { schema: GraphQLSchema; mapOrStr?: unknown; ignoreEnumValuesFromSchema?: boolean }[] = [
      { schema: renamed },
      { schema: renamed, ignoreEnumValuesFromSchema: false },
      { schema: renamed, mapOrStr: { Color: { GREEN: 'g' } } },
      { schema: renamed, mapOrStr: './enums#Color' },
      { schema: sandbox, mapOrStr: {} },
      { schema: sandbox, mapOrStr: { NotAnEnum: 'x' } },
    ];
    for (const c of cases) {
      assert.equal(
        outcome(() => parse({ ...c, naming } as never)),
        outcome(() => upstream({ ...c, naming } as never)),
      );
    }
    assert.equal(calls, cases.length);
    assert.match(
      outcome(() => parse({ schema: renamed, naming } as never)),
      /"RED":"red"/,
    );
    // With the scan's mapping ignored, nothing to map: no scan.
    assert.equal(
      outcome(() => parse({ schema: renamed, ignoreEnumValuesFromSchema: true, naming } as never)),
      '{}',
    );
    assert.equal(calls, cases.length + 1);
  });
});
