/**
 * Callback fuzz: generated sign-in callbacks (garbage, missing, repeated and huge parameters,
 * wrong and reused states, error and code together, unicode and control characters) through the
 * three ways a callback arrives: the URI handler (`AuthCore.handleCallback`), a pasted address
 * (`AuthCore.handlePastedUrl`) and the loopback receiver (raw HTTP). An independent oracle says
 * which callbacks carry a live, single-use state with exactly one code and no error; the fake
 * token endpoint must see exactly those codes exchanged, nothing else, and no call may throw.
 */
import { strict as assert } from 'node:assert';
import { request } from 'node:http';
import { AuthCore } from '../../../../src/core/auth/index';
import type { Environment } from '../../../../src/core/auth/environments';
import { CapturingLogger, FakeClock, fakeJwt, ManualTimers, MemorySecretStore, testEnv, tokenBody } from '../../../unit/core/auth/fakes';
import { TokenServer } from './tokenServer';
import { prng } from '../../../unit/seededRandom';

const REDIRECT = 'vscode://tenantlabs.tenant-graphql/auth-callback';

type Pairs = [string, string][];
type Path = 'uri' | 'paste' | 'loopback';

/** One generated callback: parameter pairs (encoded by the path) or a raw query text. */
interface Callback {
  readonly kind: string;
  readonly pairs?: Pairs;
  readonly raw?: string;
}

const NASTY = ['', ' ', '\u0000', '\r\n', '\u202e', '😀', 'é', '%', '%zz', '&', '=', '#', '?', '+', '"', "'", '<script>', '\\', '\u0085', '\ufeff', 'a'.repeat(100_000)];

function pick<T>(rnd: () => number, items: readonly T[]): T {
  return items[Math.floor(rnd() * items.length)];
}

function randomText(rnd: () => number, max = 40): string {
  let s = '';
  for (let i = Math.floor(rnd() * max); i > 0; i--) {
    s += rnd() < 0.15 ? pick(rnd, NASTY.slice(0, -1)) : String.fromCharCode(Math.floor(rnd() * 0x7f) || 0x41);
  }
  return s;
}

function generate(rnd: () => number, live: string, spent: readonly string[], serial: number): Callback {
  const code = () => `code-${serial}-${Math.floor(rnd() * 1e9)}`;
  const spentState = () => (spent.length ? pick(rnd, spent) : 'spent-none');
  const cases: (() => Callback)[] = [
    () => ({ kind: 'garbage', raw: randomText(rnd, 200) }),
    () => ({ kind: 'missing state', pairs: [['code', code()]] }),
    () => ({ kind: 'missing code', pairs: [['state', live]] }),
    () => ({
      kind: 'empty code',
      pairs: [
        ['code', ''],
        ['state', live],
      ],
    }),
    () => ({
      kind: 'repeated state',
      pairs: [
        ['code', code()],
        ['state', live],
        ['state', live],
      ],
    }),
    () => ({
      kind: 'repeated code',
      pairs: [
        ['code', code()],
        ['code', code()],
        ['state', live],
      ],
    }),
    () => ({
      kind: 'error and code',
      pairs: [
        ['error', 'access_denied'],
        ['code', code()],
        ['state', live],
      ],
    }),
    () => ({
      kind: 'error',
      pairs: [
        ['error', randomText(rnd)],
        ['error_description', '[x](command:y)'],
        ['state', live],
      ],
    }),
    () => ({
      kind: 'wrong state',
      pairs: [
        ['code', code()],
        ['state', randomText(rnd) || 'x'],
      ],
    }),
    () => ({
      kind: 'reused state',
      pairs: [
        ['code', code()],
        ['state', spentState()],
      ],
    }),
    () => ({
      kind: 'state with a suffix',
      pairs: [
        ['code', code()],
        ['state', `${live}${pick(rnd, NASTY)}`],
      ],
    }),
    () => ({
      kind: 'huge parameters',
      pairs: [
        ['code', 'c'.repeat(50_000)],
        ['state', 's'.repeat(50_000)],
        ['x', 'y'.repeat(100_000)],
      ],
    }),
    () => ({
      kind: 'unicode and controls',
      pairs: [
        ['code', `${code()}${pick(rnd, NASTY)}`],
        ['state', live],
        [randomText(rnd, 5), randomText(rnd)],
      ],
    }),
    () => ({ kind: 'many parameters', pairs: Array.from({ length: 500 }, (_, i): [string, string] => [`p${i}`, randomText(rnd, 5)]).concat([['state', live]]) }),
    () => ({
      kind: 'valid',
      pairs: [
        ['code', code()],
        ['state', live],
      ],
    }),
  ];
  return pick(rnd, cases)();
}

/** The query text `handleCallback` will parse for this callback on this path (as documented there). */
function queryFor(cb: Callback, path: Path): string {
  const q = cb.raw ?? new URLSearchParams(cb.pairs).toString();
  if (path === 'paste') {
    return new URL(`${REDIRECT}?${q}`).search.replace(/^\?/, '');
  }
  return q.replace(/^\?/, '');
}

/** The oracle: the code to be exchanged, or undefined; and whether the live state gets spent. */
function judge(query: string, live: string | undefined): { exchange?: string; spends: boolean } {
  const params = new URLSearchParams(query);
  const states = params.getAll('state');
  if (states.length !== 1 || live === undefined || states[0] !== live) {
    return { spends: false };
  }
  const codes = params.getAll('code');
  if (params.getAll('error').length > 0 || codes.length !== 1 || codes[0] === '') {
    return { spends: true };
  }
  return { exchange: codes[0], spends: true };
}

function httpGet(port: number, target: string, host = `127.0.0.1:${port}`): Promise<number | 'refused'> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: target, headers: { host } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNREFUSED' || err.code === 'ECONNRESET' ? resolve('refused') : reject(err)));
    req.end();
  });
}

describe('callback fuzz (URI handler, paste and loopback)', function () {
  this.timeout(60_000);
  let server: TokenServer;
  before(async () => {
    server = await TokenServer.start();
    server.handler = () => ({ body: tokenBody({ access_token: fakeJwt({ sub: 'alice' }) }) });
  });
  after(() => server.close());

  it('exchanges exactly the callbacks with a live single-use state and one code, never throws, and still signs in afterwards', async () => {
    const rnd = prng(2026);
    let opened: ((url: URL) => void) | undefined;
    const core: AuthCore = new AuthCore({
      secrets: new MemorySecretStore(),
      logger: new CapturingLogger(),
      clock: new FakeClock(),
      timers: new ManualTimers(),
      environments: () => [testEnv(server.baseUrl)],
      openBrowser: async (url) => {
        opened?.(new URL(url));
        return true;
      },
    });
    const expectedCodes: string[] = [];
    const kinds = new Map<string, number>();
    let callbacks = 0;
    const spent: string[] = [];

    /** Starts a sign-in and returns its state, redirect URI and outcome. */
    const start = async (env: Environment, signal: AbortSignal) => {
      const url = new Promise<URL>((resolve) => (opened = resolve));
      const outcome = core.signIn({ environment: env, redirectUri: env.redirectMode === 'loopback' ? undefined : REDIRECT, signal }).then(
        () => 'signed in',
        (err: Error) => err.name,
      );
      const u = await url;
      return { state: u.searchParams.get('state')!, redirectUri: u.searchParams.get('redirect_uri')!, outcome };
    };

    /** Delivers one callback; returns false when it never reached the callback handling. */
    const deliver = async (cb: Callback, path: Path, redirectUri: string): Promise<boolean> => {
      const q = cb.raw ?? new URLSearchParams(cb.pairs).toString();
      if (path === 'uri') {
        core.handleCallback(q);
        return true;
      }
      if (path === 'paste') {
        core.handlePastedUrl(`${REDIRECT}?${q}`);
        return true;
      }
      const port = Number(new URL(redirectUri).port);
      // What a browser sends: the query re-encoded (the raw text may hold characters no request line can).
      const encoded = new URLSearchParams(queryFor(cb, 'uri')).toString();
      // Loopback: a clean origin-form target, or one of the forms the receiver must not take.
      const form = rnd();
      if (form < 0.1) {
        assert.notEqual(await httpGet(port, `//evil.example/auth-callback?${encoded}`), 200);
        return false;
      }
      if (form < 0.15) {
        assert.notEqual(await httpGet(port, `/auth-callback?${encoded}`, 'evil.example'), 200);
        return false;
      }
      const status = await httpGet(port, `/auth-callback?${encoded}`);
      assert.notEqual(status, 500, 'the callback handling threw');
      return status !== 'refused';
    };

    for (let round = 0; round < 80; round++) {
      const env = testEnv(server.baseUrl, { redirectMode: round % 2 === 0 ? 'uriHandler' : 'loopback' });
      const abort = new AbortController();
      const { state, redirectUri, outcome } = await start(env, abort.signal);
      let live: string | undefined = state;
      for (let k = 0; k < 16; k++) {
        const cb = generate(rnd, state, spent, callbacks);
        const paths: Path[] = env.redirectMode === 'loopback' ? ['uri', 'paste', 'loopback'] : ['uri', 'paste'];
        const path = pick(rnd, paths);
        callbacks++;
        kinds.set(cb.kind, (kinds.get(cb.kind) ?? 0) + 1);
        let delivered = false;
        try {
          delivered = await deliver(cb, path, redirectUri);
        } catch (err) {
          assert.fail(`${cb.kind} through ${path} threw: ${String(err)}`);
        }
        if (delivered) {
          // The loopback path re-encodes the parsed pairs, so judge what actually arrived.
          const verdict = judge(queryFor(cb, path === 'loopback' ? 'uri' : path), live);
          if (verdict.exchange !== undefined) {
            expectedCodes.push(verdict.exchange);
          }
          if (verdict.spends) {
            live = undefined;
          }
        }
        await new Promise((r) => setImmediate(r));
      }
      spent.push(state);
      abort.abort();
      await outcome;
    }

    const exchanged = server.grants('authorization_code').map((r) => r.params.get('code'));
    assert.deepEqual(exchanged, expectedCodes);
    assert.ok(callbacks >= 1000, `${callbacks} callbacks`);
    assert.ok(expectedCodes.length > 5 && expectedCodes.length < callbacks / 5, `${expectedCodes.length} exchanges`);
    assert.equal(core.pending.size, 0);

    // A valid callback still works afterwards, on every path.
    for (const path of ['uri', 'paste', 'loopback'] as const) {
      const env = testEnv(server.baseUrl, { redirectMode: path === 'loopback' ? 'loopback' : 'uriHandler' });
      const { state, redirectUri, outcome } = await start(env, new AbortController().signal);
      const cb: Callback = {
        kind: 'valid',
        pairs: [
          ['code', `final-${path}`],
          ['state', state],
        ],
      };
      if (path === 'loopback') {
        assert.equal(await httpGet(Number(new URL(redirectUri).port), `/auth-callback?${new URLSearchParams(cb.pairs).toString()}`), 200);
      } else {
        await deliver(cb, path, redirectUri);
      }
      assert.equal(await outcome, 'signed in');
      assert.equal(server.grants('authorization_code').at(-1)!.params.get('code'), `final-${path}`);
    }
    core.dispose();
    console.log(`      ${callbacks} callbacks (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}), ${expectedCodes.length} exchanged`);
  });
});
