import * as assert from 'node:assert/strict';
import { request } from 'node:http';
import { FaultInjector, parseFaultSpec } from '../../../src/sandbox/faults';
import type { RunningSandbox } from '../../../src/sandbox/index';
import { adminFetch, graphql, start, teamToken, tokenRequest } from './helpers';

const QUERY = '{ viewer { kind } }';

/** A raw POST that reports a connection error instead of throwing. */
function rawPost(url: string, token: string, body: string): Promise<{ status?: number; text?: string; error?: NodeJS.ErrnoException }> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode, text }));
      res.on('error', (error) => resolve({ error }));
    });
    req.on('error', (error) => resolve({ error }));
    req.end(body);
  });
}

async function admin(sb: RunningSandbox, method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await adminFetch(`${sb.baseUrl}/admin${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('sandbox faults and admin', () => {
  let sb: RunningSandbox;
  let token: string;
  beforeEach(async () => {
    sb = await start();
    token = await teamToken(sb);
  });
  afterEach(async () => {
    await sb.close();
  });

  it("GET /admin/request-headers lists the last GraphQL requests' headers and their count, credentials withheld", async () => {
    await new Promise<void>((resolve, reject) => {
      const req = request(
        `${sb.baseUrl}/v1/graphql`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-tenant': 'acme', cookie: `s=${token}`, 'proxy-authorization': token },
        },
        (res) => {
          res.resume();
          res.on('end', resolve);
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ query: QUERY }));
    });
    const { status, body } = await admin(sb, 'GET', '/request-headers');
    assert.equal(status, 200);
    const requests = body.requests as Record<string, string>[];
    assert.equal(requests.at(-1)?.['x-tenant'], 'acme');
    assert.equal(requests.at(-1)?.authorization, 'Bearer (withheld)');
    assert.equal(requests.at(-1)?.cookie, '(withheld)');
    assert.equal(requests.at(-1)?.['proxy-authorization'], '(withheld)', 'no scheme: nothing of it kept');
    assert.equal(body.total, 1);
    assert.ok(!JSON.stringify(body).includes(token), 'never the token');
  });

  it('the next N GraphQL responses as 500, then normal again', async () => {
    sb.injectFault({ kind: 'status', status: 500, count: 2 });
    const first = await graphql(sb, token, QUERY);
    const second = await graphql(sb, token, QUERY);
    const third = await graphql(sb, token, QUERY);
    assert.deepEqual([first.status, second.status, third.status], [500, 500, 200]);
    assert.equal(first.body.error, 'server_error');
  });

  const statusCases: Array<[500 | 429 | 403 | 400 | 401, string]> = [
    [429, 'rate_limited'],
    [403, 'forbidden'],
    [400, 'invalid_request'],
    [401, 'invalid_token'],
  ];
  for (const [status, error] of statusCases) {
    it(`status fault ${status}`, async () => {
      sb.injectFault({ kind: 'status', status, count: 1, ...(status === 429 ? { retryAfter: '7' } : {}) });
      const res = await graphql(sb, token, QUERY);
      assert.equal(res.status, status);
      assert.equal(res.body.error, error);
      if (status === 429) {
        assert.equal(res.headers.get('retry-after'), '7');
      }
      if (status === 401) {
        assert.match(res.headers.get('www-authenticate') ?? '', /Bearer/);
      }
    });
  }

  it('faults target GraphQL unless told otherwise; token faults hit only the token endpoint', async () => {
    sb.injectFault({ kind: 'status', status: 500, count: 1, target: 'token' });
    assert.equal((await graphql(sb, token, QUERY)).status, 200);
    const res = await tokenRequest(sb, { grant_type: 'client_credentials', client_id: 'acme-ci', client_secret: 'acme-ci-demo-secret' });
    assert.equal(res.status, 500);
    assert.equal(res.body.error, 'server_error');
    assert.equal((await tokenRequest(sb, { grant_type: 'client_credentials', client_id: 'acme-ci', client_secret: 'acme-ci-demo-secret' })).status, 200);
  });

  it('a 429 token fault carries Retry-After (default 1)', async () => {
    sb.injectFault({ kind: 'status', status: 429, count: 1, target: 'token' });
    const res = await tokenRequest(sb, { grant_type: 'client_credentials', client_id: 'acme-ci', client_secret: 'acme-ci-demo-secret' });
    assert.equal(res.status, 429);
    assert.equal(res.headers.get('retry-after'), '1');
  });

  it('added latency delays the response by at least the injected time', async () => {
    sb.injectFault({ kind: 'latency', ms: 150, count: 1 });
    const startedAt = Date.now();
    const res = await graphql(sb, token, QUERY);
    assert.equal(res.status, 200);
    assert.ok(Date.now() - startedAt >= 140, 'the response was delayed');
    assert.deepEqual((await admin(sb, 'GET', '/faults')).body.faults, []);
  });

  it('latency without count stays until cleared, and combines with another fault', () => {
    const injector = new FaultInjector([
      { kind: 'latency', ms: 20 },
      { kind: 'status', status: 500, count: 1 },
    ]);
    assert.deepEqual(injector.take('graphql'), { latencyMs: 20, fault: { kind: 'status', status: 500, count: 1 } });
    assert.deepEqual(injector.take('graphql'), { latencyMs: 20 });
    assert.deepEqual(injector.take('token'), { latencyMs: 0 });
    injector.clear();
    assert.deepEqual(injector.take('graphql'), { latencyMs: 0 });
  });

  it('reset connection', async () => {
    sb.injectFault({ kind: 'reset', count: 1 });
    const res = await rawPost(`${sb.baseUrl}/v1/graphql`, token, JSON.stringify({ query: QUERY }));
    assert.ok(res.error, 'the request failed at the connection level');
    assert.match(String(res.error.code), /ECONNRESET|EPIPE/);
    assert.equal((await graphql(sb, token, QUERY)).status, 200);
  });

  it('malformed JSON: truncated (default) and HTML', async () => {
    sb.injectFault({ kind: 'malformedJson', count: 1 });
    sb.injectFault({ kind: 'malformedJson', count: 1, variant: 'html' });
    for (let i = 0; i < 2; i++) {
      const res = await rawPost(`${sb.baseUrl}/v1/graphql`, token, JSON.stringify({ query: QUERY }));
      assert.equal(res.status, 200);
      assert.throws(() => JSON.parse(res.text ?? ''), SyntaxError);
    }
  });

  it('huge: a large but valid GraphQL response', async () => {
    sb.injectFault({ kind: 'huge', bytes: 2_000_000, count: 1 });
    const res = await fetch(`${sb.baseUrl}/v1/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: QUERY }),
    });
    const text = await res.text();
    assert.ok(text.length >= 2_000_000);
    const body = JSON.parse(text) as { data: unknown; extensions: { padding: string } };
    assert.deepEqual(body.data, { viewer: { kind: 'TEAM' } });
    assert.ok(body.extensions.padding.length > 1_900_000);
  });

  describe('parseFaultSpec refuses bad faults', () => {
    const cases: Array<[string, unknown]> = [
      ['not an object', 'boom'],
      ['unknown kind', { kind: 'explode', count: 1 }],
      ['unsupported status', { kind: 'status', status: 502, count: 1 }],
      ['zero count', { kind: 'status', status: 500, count: 0 }],
      ['negative latency', { kind: 'latency', ms: -1 }],
      ['unknown target', { kind: 'reset', count: 1, target: 'authorize' }],
      ['header injection in retryAfter', { kind: 'status', status: 429, count: 1, retryAfter: '1\r\nX: y' }],
      ['huge without bytes', { kind: 'huge', count: 1 }],
      ['unknown variant', { kind: 'malformedJson', count: 1, variant: 'xml' }],
    ];
    for (const [name, input] of cases) {
      it(name, () => {
        assert.throws(() => parseFaultSpec(input));
      });
    }
  });

  describe('admin endpoint', () => {
    it('POST /admin/faults and DELETE /admin/faults', async () => {
      const added = await admin(sb, 'POST', '/faults', { kind: 'status', status: 500, count: 3 });
      assert.equal(added.status, 201);
      assert.equal((await graphql(sb, token, QUERY)).status, 500);
      assert.deepEqual((await admin(sb, 'GET', '/faults')).body.faults, [{ kind: 'status', status: 500, count: 3, remaining: 2 }]);
      assert.equal((await admin(sb, 'DELETE', '/faults')).status, 200);
      assert.equal((await graphql(sb, token, QUERY)).status, 200);
    });

    it('refuses an invalid fault with 400', async () => {
      const res = await admin(sb, 'POST', '/faults', { kind: 'status', status: 418, count: 1 });
      assert.equal(res.status, 400);
      assert.match(String(res.body.error), /status/);
    });

    it('POST /admin/clock advances the clock that drives token lifetimes', async () => {
      const before = sb.clock.now();
      const res = await admin(sb, 'POST', '/clock', { advanceMs: 3600_000 });
      assert.equal(res.body.now, before + 3600_000);
      assert.equal((await graphql(sb, token, QUERY)).status, 401);
      assert.equal((await admin(sb, 'POST', '/clock', { advanceMs: -5 })).status, 400);
    });

    it('POST /admin/redirect-uris registers one more exact URI and refuses bad ones', async () => {
      const ok = await admin(sb, 'POST', '/redirect-uris', { clientId: 'tenant-graphql-vscode', uri: 'http://127.0.0.1:45678/cb' });
      assert.equal(ok.status, 201);
      assert.ok((ok.body.redirectUris as string[]).includes('http://127.0.0.1:45678/cb'));
      assert.equal((await admin(sb, 'POST', '/redirect-uris', { clientId: 'tenant-graphql-vscode', uri: '/relative' })).status, 400);
      assert.equal((await admin(sb, 'POST', '/redirect-uris', { clientId: 'tenant-graphql-vscode', uri: 'http://*.example/cb' })).status, 400);
      assert.equal((await admin(sb, 'POST', '/redirect-uris', { clientId: 'nobody', uri: 'http://127.0.0.1:1/cb' })).status, 400);
    });

    it('is never subject to faults, rate limits or the allowlist', async () => {
      await admin(sb, 'POST', '/ip-allowlist', { cidrs: ['10.0.0.0/8'] });
      await admin(sb, 'POST', '/rate-limit', { limit: 1, windowMs: 60_000 });
      await admin(sb, 'POST', '/faults', { kind: 'reset', count: 5 });
      for (let i = 0; i < 3; i++) {
        assert.equal((await admin(sb, 'GET', '/stats')).status, 200);
      }
    });

    it('GET /admin/stats counts GraphQL requests, including faulted ones', async () => {
      sb.injectFault({ kind: 'status', status: 500, count: 1 });
      await graphql(sb, token, QUERY);
      await graphql(sb, token, QUERY);
      const stats = await admin(sb, 'GET', '/stats');
      assert.equal(stats.body.graphql, 2);
      assert.deepEqual(stats.body.token, { authorization_code: 0, refresh_token: 0, client_credentials: 1, other: 0 });
    });

    it('POST /admin/reset restores faults, rate limits and allowlist', async () => {
      await admin(sb, 'POST', '/faults', { kind: 'status', status: 500, count: 10 });
      await admin(sb, 'POST', '/rate-limit', { limit: 1, windowMs: 60_000 });
      await admin(sb, 'POST', '/ip-allowlist', { cidrs: ['10.0.0.0/8'] });
      assert.equal((await admin(sb, 'POST', '/reset')).status, 200);
      for (let i = 0; i < 3; i++) {
        assert.equal((await graphql(sb, token, QUERY)).status, 200);
      }
    });

    it('rejects malformed admin input and unknown routes', async () => {
      assert.equal((await admin(sb, 'POST', '/rate-limit', { limit: 0, windowMs: 1 })).status, 400);
      assert.equal((await admin(sb, 'POST', '/ip-allowlist', { cidrs: ['not-an-ip'] })).status, 400);
      assert.equal((await admin(sb, 'GET', '/nothing')).status, 404);
      assert.equal((await admin(sb, 'PUT', '/faults')).status, 405);
    });
  });

  it('start option faults are active from the first request', async () => {
    const faulty = await start({ faults: [{ kind: 'status', status: 500, count: 1, target: 'token' }] });
    try {
      const res = await tokenRequest(faulty, { grant_type: 'client_credentials', client_id: 'acme-ci', client_secret: 'acme-ci-demo-secret' });
      assert.equal(res.status, 500);
      assert.equal(faulty.stats().token.client_credentials, 1, 'a faulted request still counts as having reached the Sandbox');
    } finally {
      await faulty.close();
    }
  });
});
