/**
 * The sliced parse of a cached introspection gives what one JSON.parse of the whole text gives:
 * on GitHub's schema, on generated introspection-shaped documents (keys in any order, strings full
 * of quotes, backslashes, brackets and non-ASCII text, any indentation), on any JSON, and it fails
 * where JSON.parse fails. The sliced stringify writes the text JSON.stringify writes.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { parseIntrospectionInSlices, RESPONSE_SCHEMA_TYPES, stringifyIntrospectionInSlices, typesLayoutOf } from '../../../../src/core/schema/introspectionInSlices';

const root = path.resolve(__dirname, '..', '..', '..', '..');
const noWait = () => Promise.resolve();

const nasty = fc.string({ unit: fc.constantFrom('a', '"', '\\', '{', '}', '[', ']', ',', ':', ' ', '\n', 'é', '😀', '\u2028', 'types', '__schema') });
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  v: fc.oneof({ depthSize: 'small' }, nasty, fc.integer(), fc.boolean(), fc.constant(null), fc.array(tie('v'), { maxLength: 4 }), fc.dictionary(nasty, tie('v'), { maxKeys: 4 })),
})).v;
const typeObject = fc.record({
  kind: fc.constantFrom('OBJECT', 'SCALAR', 'ENUM'),
  name: nasty,
  description: fc.option(nasty),
  fields: fc.option(fc.array(value, { maxLength: 4 })),
});
const introspectionShaped = fc
  .record({
    before: fc.dictionary(nasty, value, { maxKeys: 3 }),
    types: fc.array(typeObject, { maxLength: 12 }),
    after: fc.dictionary(nasty, value, { maxKeys: 3 }),
    top: fc.dictionary(nasty, value, { maxKeys: 2 }),
    indent: fc.constantFrom(0, 1, 2, '\t'),
  })
  .map(({ before, types, after, top, indent }) => {
    const without = (o: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));
    const schema: Record<string, unknown> = { ...without(before, 'types'), types, ...without(after, 'types') };
    return JSON.stringify({ ...without(top, '__schema'), __schema: schema }, null, indent);
  });

async function sameAsJsonParse(text: string, listPath?: readonly string[]): Promise<void> {
  let expected: unknown;
  let error: unknown;
  try {
    expected = JSON.parse(text);
  } catch (err) {
    error = err;
  }
  if (error) {
    await assert.rejects(parseIntrospectionInSlices(Buffer.from(text), noWait, listPath), SyntaxError);
  } else {
    assert.deepStrictEqual(await parseIntrospectionInSlices(Buffer.from(text), noWait, listPath), expected);
  }
}

describe('introspection parsed in slices', () => {
  it("equals JSON.parse on GitHub's schema, its 1,600 types parsed one by one", async () => {
    const raw = JSON.parse(readFileSync(path.join(root, 'node_modules/@octokit/graphql-schema/schema.json'), 'utf8')) as { data?: unknown };
    const payload = raw.data ?? raw;
    const text = JSON.stringify(payload);
    assert.equal((await typesLayoutOf(Buffer.from(text)))?.elements.length, (payload as { __schema: { types: unknown[] } }).__schema.types.length);
    assert.deepStrictEqual(await parseIntrospectionInSlices(Buffer.from(text), () => new Promise((resolve) => setImmediate(resolve))), payload);
  });

  it('equals JSON.parse on introspection-shaped documents (property, seed 28)', async () => {
    await fc.assert(
      fc.asyncProperty(introspectionShaped, async (text) => {
        await sameAsJsonParse(text);
        // Not vacuous: the types were found and parsed one by one, not by the whole-text fallback.
        const parsed = JSON.parse(text) as { __schema: { types: unknown[] } };
        assert.equal((await typesLayoutOf(Buffer.from(text)))?.elements.length, parsed.__schema.types.length, text);
      }),
      { seed: 28, numRuns: 400 },
    );
  });

  it('equals JSON.parse on GraphQL responses to the introspection query (data.__schema.types; property, seed 28)', async () => {
    await fc.assert(
      fc.asyncProperty(introspectionShaped, fc.boolean(), fc.nat(), async (payload, errorsFirst, cut) => {
        const data = JSON.parse(payload) as unknown;
        const text = JSON.stringify(errorsFirst ? { errors: [{ message: '"]}' }], data } : { data, extensions: { cost: 1 } });
        await sameAsJsonParse(text, RESPONSE_SCHEMA_TYPES);
        assert.equal((await typesLayoutOf(Buffer.from(text), RESPONSE_SCHEMA_TYPES))?.elements.length, (data as { __schema: { types: unknown[] } }).__schema.types.length);
        await sameAsJsonParse(text.slice(0, cut % (text.length + 1)), RESPONSE_SCHEMA_TYPES);
      }),
      { seed: 28, numRuns: 300 },
    );
  });

  it('equals JSON.parse on any JSON, and on JSON cut short (property, seed 28)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.json(), introspectionShaped), fc.nat(), async (text, cut) => {
        await sameAsJsonParse(text);
        await sameAsJsonParse(text.slice(0, cut % (text.length + 1)));
      }),
      { seed: 28, numRuns: 400 },
    );
  });

  it('is not fooled by a second __schema or types member, a missing or a trailing comma, or a non-object element', async () => {
    for (const text of [
      '{"__schema":{"types":[{"a":1}]},"__schema":{"types":[{"b":2}]}}',
      '{"__schema":{"types":[{"a":1}],"types":[{"b":2}]}}',
      '{"__schema":{"types":[{"a":1}{"b":2}]}}',
      '{"__schema":{"types":[{"a":1},]}}',
      '{"__schema":{"types":[{"a":1},2,"x",null,[]]}}',
      '{"__schema":{"types":[]}}',
      '{"__schema":{"types":[ { "a" : "\\"]}" } , {"b":"\\\\"} ]}}',
      '{"x":{"types":[{"a":1}]}}',
      '[{"__schema":{"types":[{"a":1}]}}]',
    ]) {
      await sameAsJsonParse(text);
    }
  });

  it("stringifies as JSON.stringify does: GitHub's schema, introspection-shaped and any values (property, seed 28)", async () => {
    const raw = JSON.parse(readFileSync(path.join(root, 'node_modules/@octokit/graphql-schema/schema.json'), 'utf8')) as { data?: unknown };
    const payload = raw.data ?? raw;
    assert.equal(await stringifyIntrospectionInSlices(payload, noWait), JSON.stringify(payload));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          introspectionShaped.map((t) => JSON.parse(t) as unknown),
          fc.jsonValue(),
          fc.anything(),
        ),
        async (value) => {
          assert.equal(await stringifyIntrospectionInSlices(value, noWait), JSON.stringify(value));
        },
      ),
      { seed: 28, numRuns: 400 },
    );
    // Values with no JSON form in the list are written as JSON.stringify writes them (null).
    const odd = { __schema: { types: [undefined, () => 1, { a: undefined }], x: 1 } };
    assert.equal(await stringifyIntrospectionInSlices(odd, noWait), JSON.stringify(odd));
  });
});
