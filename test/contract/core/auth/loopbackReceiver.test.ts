import { strict as assert } from 'node:assert';
import { request } from 'node:http';
import { connect } from 'node:net';
import { parseOriginFormTarget, startLoopbackReceiver, type LoopbackReceiver } from '../../../../src/core/auth/loopbackReceiver';
import { PendingAuthorizations } from '../../../../src/core/auth/pendingAuthorizations';
import { CapturingLogger, FakeClock, testEnv } from '../../../unit/core/auth/fakes';

async function get(url: string, host?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: host ? { host } : {} }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('core/auth/loopbackReceiver', () => {
  let pending: PendingAuthorizations;
  let receiver: LoopbackReceiver;
  let state: string;
  let waiting: Promise<unknown>;

  beforeEach(async () => {
    pending = new PendingAuthorizations(new FakeClock());
    receiver = await startLoopbackReceiver({ port: 0, onCallback: (q) => pending.handleCallback(q), logger: new CapturingLogger() });
    ({ state } = await pending.begin({ environment: testEnv('https://api.example.com'), redirectUri: receiver.redirectUri, scopes: [] }));
    waiting = pending.wait(state);
    waiting.catch(() => undefined);
  });
  afterEach(async () => {
    pending.cancelAll();
    await receiver.close();
  });

  it('listens on 127.0.0.1 at /auth-callback', () => {
    assert.equal(receiver.redirectUri, `http://127.0.0.1:${receiver.port}/auth-callback`);
  });

  it('takes one valid callback, answers with a plain page under a strict CSP, then closes', async () => {
    const res = await get(`${receiver.redirectUri}?code=C&state=${state}`);
    assert.equal(res.status, 200);
    assert.match(res.body, /You can close this tab/);
    assert.match(String(res.headers['content-security-policy']), /default-src 'none'/);
    assert.equal(res.headers['referrer-policy'], 'no-referrer');
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.doesNotMatch(res.body, /<script/i);
    assert.equal(((await waiting) as { code: string }).code, 'C');
    await assert.rejects(get(`${receiver.redirectUri}?code=C&state=${state}`), /ECONNREFUSED|ECONNRESET|socket hang up/);
  });

  it('shows an authorization error as escaped text and closes', async () => {
    const res = await get(`${receiver.redirectUri}?error=access_denied&error_description=${encodeURIComponent('<img src=x>')}&state=${state}`);
    assert.equal(res.status, 200);
    assert.match(res.body, /Sign-in was cancelled in the browser/);
    assert.match(res.body, /&lt;img src=x&gt;/);
    assert.doesNotMatch(res.body, /<img/);
    await assert.rejects(waiting);
  });

  const ignored: [string, (s: string) => string, string | undefined, number][] = [
    ['another path', (s) => `/favicon.ico?code=C&state=${s}`, undefined, 404],
    ['an unknown state', () => '/auth-callback?code=C&state=forged', undefined, 400],
    ['a foreign Host header', (s) => `/auth-callback?code=C&state=${s}`, 'evil.example:80', 400],
  ];
  for (const [what, path, host, status] of ignored) {
    it(`answers ${status} to ${what} and keeps waiting for the real callback`, async () => {
      const res = await get(`http://127.0.0.1:${receiver.port}${path(state)}`, host);
      assert.equal(res.status, status);
      const ok = await get(`${receiver.redirectUri}?code=REAL&state=${state}`);
      assert.equal(ok.status, 200);
      assert.equal(((await waiting) as { code: string }).code, 'REAL');
    });
  }

  /** Sends a request line exactly as written (no client normalises the target) and returns the status. */
  async function rawStatus(target: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const socket = connect(receiver.port, '127.0.0.1', () => {
        socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${receiver.port}\r\nConnection: close\r\n\r\n`);
      });
      let text = '';
      socket.setEncoding('latin1');
      socket.on('data', (c: string) => (text += c));
      socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)));
      socket.on('error', reject);
    });
  }

  const foreignTargets: [string, (s: string) => string][] = [
    ['a network-path reference', (s) => `//evil.example/auth-callback?code=C&state=${s}`],
    ['absolute form', (s) => `http://evil.example/auth-callback?code=C&state=${s}`],
    ['absolute form naming us', (s) => `http://127.0.0.1/auth-callback?code=C&state=${s}`],
    ['a backslash', (s) => `/\\evil.example/auth-callback?code=C&state=${s}`],
    ['dot segments', (s) => `/x/../auth-callback?code=C&state=${s}`],
    ['a percent-encoded path', (s) => `/auth%2Dcallback?code=C&state=${s}`],
  ];
  for (const [what, target] of foreignTargets) {
    it(`does not take the callback from ${what}, and keeps its state for the real one`, async () => {
      assert.equal(await rawStatus(target(state)), 404);
      const ok = await get(`${receiver.redirectUri}?code=REAL&state=${state}`);
      assert.equal(ok.status, 200);
      assert.equal(((await waiting) as { code: string }).code, 'REAL');
    });
  }

  it('reports a busy fixed port as a configuration problem naming loopbackPort', async () => {
    await assert.rejects(
      startLoopbackReceiver({ port: receiver.port, onCallback: () => ({ kind: 'code', environment: 'x' }), logger: new CapturingLogger() }),
      (err: unknown) => err instanceof Error && err.name === 'ConfigurationError' && /loopbackPort/.test(err.message),
    );
  });
});

describe('core/auth/loopbackReceiver parseOriginFormTarget', () => {
  const cases: [string, { path: string; query: string } | undefined][] = [
    ['/auth-callback?code=C&state=S', { path: '/auth-callback', query: 'code=C&state=S' }],
    ['/auth-callback', { path: '/auth-callback', query: '' }],
    ['/auth-callback?', { path: '/auth-callback', query: '' }],
    ['/auth-callback?a=%2F%2F&b=?', { path: '/auth-callback', query: 'a=%2F%2F&b=?' }],
    ['/', { path: '/', query: '' }],
    ['//evil.example/auth-callback', undefined],
    ['///auth-callback', undefined],
    ['http://127.0.0.1/auth-callback', undefined],
    ['HTTP://evil/auth-callback', undefined],
    ['127.0.0.1:80', undefined],
    ['*', undefined],
    ['', undefined],
    ['auth-callback', undefined],
    ['/\\evil.example/auth-callback', undefined],
    ['/auth-callback#x', undefined],
    ['/auth-callback?code=C D', undefined],
    ['/auth-callback\u0000', undefined],
    ['/auth-callback\u00e9', undefined],
    [`/auth-callback?${'a'.repeat(9000)}`, undefined],
  ];
  for (const [target, expected] of cases) {
    it(`${JSON.stringify(target.slice(0, 40))} -> ${JSON.stringify(expected)}`, () => {
      assert.deepEqual(parseOriginFormTarget(target), expected);
    });
  }
});
