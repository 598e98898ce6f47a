/**
 * The types worker's remembered `pascalCase` (memoCase.ts, given to codegen by the worker's bundle)
 * converts as `change-case-all`'s does: on every type, field and enum value name of GitHub's schema
 * and on names made to reach the corners (underscores, digits, acronyms, empty and odd inputs), the
 * first call and the remembered ones alike; a call with options is passed on as it is.
 */
import * as assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { buildClientSchema, isEnumType, isInputObjectType, isInterfaceType, isObjectType, type IntrospectionQuery } from 'graphql';
import { memoizedCase } from '../../../../src/core/codegen/memoCase';
import { loadInputs } from '../../../../scripts/bench/inputs';

/** The package as codegen's naming loads it (a dependency of codegen's, not of ours). */
const changeCase = createRequire(require.resolve('@graphql-codegen/visitor-plugin-common'))('change-case-all') as {
  pascalCase: (input: string, options?: unknown) => string;
};

function githubNames(): string[] {
  const json = JSON.parse(loadInputs().introspectionText) as { data?: IntrospectionQuery } & IntrospectionQuery;
  const schema = buildClientSchema(json.data ?? json);
  const names: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    names.push(type.name);
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      names.push(...Object.keys(type.getFields()).map((field) => `${type.name}_${field}`));
    }
    if (isEnumType(type)) {
      names.push(...type.getValues().map((value) => value.name));
    }
  }
  return names;
}

describe('remembered pascalCase of the types worker', () => {
  it("converts as change-case-all's does, on GitHub's names and odd ones, first and remembered calls", () => {
    const pascalCase = memoizedCase(changeCase.pascalCase);
    const odd = ['', ' ', '_', '__typename', 'a_b_c', 'URLPath', 'XMLHttpRequest2', 'v2beta', 'ÄrgerÜber', 'snake_case_name', 'kebab-case', 'Mixed.Dots', '123abc', 'a1B2c3'];
    const names = [...githubNames(), ...odd];
    assert.ok(names.length > 10_000, `${names.length} names`);
    for (let round = 0; round < 2; round++) {
      for (const name of names) {
        assert.equal(pascalCase(name), changeCase.pascalCase(name), name);
      }
    }
  });

  it('passes a call with options on as it is, without remembering it', () => {
    const calls: unknown[][] = [];
    const pascalCase = memoizedCase((input, options) => {
      calls.push([input, options]);
      return `${input}!`;
    });
    assert.equal(pascalCase('a'), 'a!');
    assert.equal(pascalCase('a'), 'a!');
    assert.equal(pascalCase('a', { mergeAmbiguousCharacters: true }), 'a!');
    assert.equal(pascalCase('a', { mergeAmbiguousCharacters: true }), 'a!');
    assert.deepEqual(calls, [
      ['a', undefined],
      ['a', { mergeAmbiguousCharacters: true }],
      ['a', { mergeAmbiguousCharacters: true }],
    ]);
  });
});
