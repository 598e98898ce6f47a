import * as assert from 'node:assert/strict';
import { formatBytes } from '../../../../src/core/http/graphqlResponse';
import { parseRetryAfter } from '../../../../src/core/http/retryPolicy';
import { backoffMs, defaultRetryPolicy, realSleep } from '../../../../src/core/http/retryPolicy';
import { unauthorizedDetails } from '../../../../src/core/http/wwwAuthenticate';
import { formatWait } from '../../../../src/core/http/httpErrors';
import { CancelledError } from '../../../../src/core/errors';

const NOW = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');

describe('parseRetryAfter', () => {
  const cases: [string | undefined | null, number | undefined][] = [
    ['0', 0],
    ['5', 5000],
    [' 120 ', 120_000],
    ['Wed, 21 Oct 2015 07:28:05 GMT', 5000],
    ['Wed, 21 Oct 2015 07:30:00 GMT', 120_000],
    ['Wed, 21 Oct 2015 07:27:00 GMT', 0], // in the past: retry now
    ['Wednesday, 21-Oct-15 07:28:10 GMT', 10_000], // RFC 850
    ['Wed Oct 21 07:28:03 2015', 3000], // asctime
    [undefined, undefined],
    [null, undefined],
    ['', undefined],
    ['-5', undefined],
    ['1.5', undefined],
    ['soon', undefined],
    ['5 seconds', undefined],
    ['Wed, 99 Foo 2015 07:28:05 GMT', undefined],
    ['2015-10-21T07:28:05Z', undefined],
  ];
  for (const [value, expected] of cases) {
    it(`${JSON.stringify(value)} -> ${expected}`, () => {
      assert.equal(parseRetryAfter(value, NOW), expected);
    });
  }
});

describe('backoff and formatting', () => {
  it('backs off 500, 1000, 2000 ms and never beyond the maximum wait', () => {
    assert.deepEqual(
      [1, 2, 3].map((n) => backoffMs(defaultRetryPolicy, n)),
      [500, 1000, 2000],
    );
    assert.equal(backoffMs(defaultRetryPolicy, 20), 60_000);
  });
  const waits: [number, string][] = [
    [0, '0 s'],
    [1, '1 s'],
    [2000, '2 s'],
    [59_000, '59 s'],
    [59_500, '1 min'],
    [60_000, '1 min'],
    [125_000, '2 min 5 s'],
  ];
  for (const [ms, text] of waits) {
    it(`formatWait(${ms}) = ${text}`, () => assert.equal(formatWait(ms), text));
  }
  const sizes: [number, string][] = [
    [0, '0 B'],
    [999, '999 B'],
    [2100, '2.1 kB'],
    [3_400_000, '3.4 MB'],
  ];
  for (const [n, text] of sizes) {
    it(`formatBytes(${n}) = ${text}`, () => assert.equal(formatBytes(n), text));
  }
  it('the real sleep rejects with CancelledError when aborted', async () => {
    const c = new AbortController();
    const p = realSleep(60_000, c.signal);
    c.abort();
    await assert.rejects(p, CancelledError);
    await assert.rejects(realSleep(10, AbortSignal.abort()), CancelledError);
  });
});

describe('unauthorizedDetails (WWW-Authenticate and 401 body)', () => {
  const cases: { name: string; header?: string; body?: unknown; expected: ReturnType<typeof unauthorizedDetails> }[] = [
    {
      name: 'Sandbox insufficient_scope header',
      header: 'Bearer error="insufficient_scope", scope="tasks:write"',
      expected: { error: 'insufficient_scope', description: undefined, scopes: ['tasks:write'] },
    },
    {
      name: 'realm first, several scopes, escaped quote in the description',
      header: 'Bearer realm="api", error="insufficient_scope", error_description="needs \\"write\\"", scope="tasks:read tasks:write"',
      expected: { error: 'insufficient_scope', description: 'needs "write"', scopes: ['tasks:read', 'tasks:write'] },
    },
    {
      name: 'only the JSON body, comma separated scopes',
      body: { error: 'insufficient_scope', error_description: 'Missing scope', scope: 'files:read,tasks:write' },
      expected: { error: 'insufficient_scope', description: 'Missing scope', scopes: ['files:read', 'tasks:write'] },
    },
    {
      name: 'header and body agree: no duplicates',
      header: 'Bearer error="insufficient_scope", scope="tasks:write"',
      body: { error: 'insufficient_scope', scope: ['tasks:write'] },
      expected: { error: 'insufficient_scope', description: undefined, scopes: ['tasks:write'] },
    },
    {
      name: 'invalid_token',
      header: 'Bearer error="invalid_token", error_description="The access token expired"',
      expected: { error: 'invalid_token', description: 'The access token expired', scopes: [] },
    },
    {
      name: 'Bearer challenge after a Basic one',
      header: 'Basic realm="x", Bearer error=insufficient_scope, scope="a:b"',
      expected: { error: 'insufficient_scope', description: undefined, scopes: ['a:b'] },
    },
    { name: 'nothing', expected: { error: undefined, description: undefined, scopes: [] } },
    { name: 'garbage', header: '==,,"', body: 'not json', expected: { error: undefined, description: undefined, scopes: [] } },
  ];
  for (const c of cases) {
    it(c.name, () => assert.deepEqual(unauthorizedDetails(c.header, c.body), c.expected));
  }
});
