import { strict as assert } from 'node:assert';
import { request } from 'node:http';
import { startLoopbackReceiver, type LoopbackReceiver } from '../../../../src/core/auth/loopbackReceiver';
import { PendingAuthorizations } from '../../../../src/core/auth/pendingAuthorizations';
import { CapturingLogger, FakeClock, testEnv } from './fakes';

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

  it('reports a busy fixed port as a configuration problem naming loopbackPort', async () => {
    await assert.rejects(
      startLoopbackReceiver({ port: receiver.port, onCallback: () => ({ kind: 'code', environment: 'x' }), logger: new CapturingLogger() }),
      (err: unknown) => err instanceof Error && err.name === 'ConfigurationError' && /loopbackPort/.test(err.message),
    );
  });
});
