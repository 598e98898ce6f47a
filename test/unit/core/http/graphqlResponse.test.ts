/**
 * A large answer to the introspection query is parsed in slices into the same body as
 * the one-block parse; other answers, small or large, take the one-block parse.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseGraphqlBody, parseGraphqlBodyInSlices, type RawResponse } from '../../../../src/core/http/graphqlResponse';
import { UnexpectedResponseError } from '../../../../src/core/http/httpErrors';

const root = path.resolve(__dirname, '..', '..', '..', '..');
const raw = JSON.parse(readFileSync(path.join(root, 'node_modules/@octokit/graphql-schema/schema.json'), 'utf8')) as { data?: unknown };
const introspection = raw.data ?? raw;
const response = (body: string): RawResponse => ({ status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from(body) });

describe('core/http/graphqlResponse: bodies parsed in slices', () => {
  for (const [name, text] of [
    ["GitHub's introspection, as a response", JSON.stringify({ data: introspection })],
    [
      "GitHub's introspection with errors and extensions",
      JSON.stringify({ errors: [{ message: 'partial', locations: [{ line: 1, column: 2 }] }], data: introspection, extensions: { cost: 3 } }),
    ],
    ['a large answer that is not an introspection', JSON.stringify({ data: { items: Array.from({ length: 20000 }, (_, i) => ({ id: i, name: `"item" ${i}` })) } })],
    ['a small answer', '{"data":{"__schema":{"types":[]}}}'],
  ] as const) {
    it(`${name}: the same body as the one-block parse`, async () => {
      assert.deepStrictEqual(await parseGraphqlBodyInSlices(response(text)), parseGraphqlBody(response(text)));
    });
  }

  it('a large introspection answer cut short is reported as the one-block parse reports it', async () => {
    const text = JSON.stringify({ data: introspection }).slice(0, 400_000);
    assert.throws(() => parseGraphqlBody(response(text)), UnexpectedResponseError);
    await assert.rejects(parseGraphqlBodyInSlices(response(text)), UnexpectedResponseError);
  });
});
