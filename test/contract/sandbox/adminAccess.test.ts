import * as assert from 'node:assert/strict';
import { request } from 'node:http';
import { ADMIN_KEY_HEADER } from '../../../src/sandbox/admin';
import type { RunningSandbox } from '../../../src/sandbox/index';
import { TEST_ADMIN_KEY, authorizeUrl, start, teamToken } from './helpers';

type Raw = { status: number; text: string; headers: Record<string, string | string[] | undefined> };

/** A request with exactly these headers (fetch does not let a test choose Host). */
function raw(url: string, options: { method?: string; headers?: Record<string, string>; body?: string; host?: string | null } = {}): Promise<Raw> {
  const target = new URL(url);
  const headers: Record<string, string> = { ...options.headers };
  return new Promise((resolve, reject) => {
    const req = request(
      { host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: options.method ?? 'GET', headers, setHost: options.host === undefined },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
      },
    );
    if (typeof options.host === 'string') {
      req.setHeader('host', options.host);
    }
    req.on('error', reject);
    req.end(options.body);
  });
}

const port = (url: string) => new URL(url).port;

/** The admin requests of a DNS-rebinding page or another local process: read every secret, open a redirect, break the service. */
const ADMIN_CALLS: Array<{ method: string; path: string; body?: unknown }> = [
  { method: 'GET', path: '/admin/issued-secrets' },
  { method: 'POST', path: '/admin/redirect-uris', body: { clientId: 'tenant-graphql-vscode', uri: 'https://attacker.example/cb' } },
  { method: 'POST', path: '/admin/faults', body: { kind: 'status', status: 500, count: 1 } },
  { method: 'POST', path: '/admin/reset', body: {} },
];

describe('Sandbox: no back door (the admin endpoint only with a key; every route only for its own loopback Host)', () => {
  describe('started without an admin key, as the extension starts it', () => {
    let sb: RunningSandbox;
    before(async () => {
      sb = await start({ adminKey: undefined });
    });
    after(async () => {
      await sb.close();
    });

    it('names no admin address', () => {
      assert.equal(sb.adminUrl, undefined);
    });

    for (const call of ADMIN_CALLS) {
      it(`${call.method} ${call.path} answers 404 like an unknown path, with or without a key`, async () => {
        const body = call.body === undefined ? undefined : JSON.stringify(call.body);
        const unknown = await raw(`${sb.baseUrl}/nothing-here`, { method: call.method, body });
        for (const headers of [{}, { [ADMIN_KEY_HEADER]: TEST_ADMIN_KEY }] as Array<Record<string, string>>) {
          const res = await raw(`${sb.baseUrl}${call.path}`, { method: call.method, headers, body });
          assert.equal(res.status, 404);
          assert.deepEqual(Object.keys(JSON.parse(res.text) as object), Object.keys(JSON.parse(unknown.text) as object));
          assert.doesNotMatch(res.text, /"secrets"|"routes"/);
        }
      });
    }

    it('registered no redirect URI and injected no fault through those calls', async () => {
      for (const call of ADMIN_CALLS) {
        await raw(`${sb.baseUrl}${call.path}`, { method: call.method, ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }) });
      }
      assert.ok(!sb.clients.some((c) => c.redirectUris.includes('https://attacker.example/cb')));
      const token = await teamToken(sb);
      const res = await raw(`${sb.baseUrl}/v1/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ viewer { kind } }' }),
      });
      assert.equal(res.status, 200);
    });
  });

  describe('started with an admin key, as the test harness starts it', () => {
    let sb: RunningSandbox;
    before(async () => {
      sb = await start();
    });
    after(async () => {
      await sb.close();
    });

    for (const call of ADMIN_CALLS) {
      it(`${call.method} ${call.path}: 401 without the key, 403 with a wrong one`, async () => {
        const body = call.body === undefined ? undefined : JSON.stringify(call.body);
        const missing = await raw(`${sb.baseUrl}${call.path}`, { method: call.method, body });
        assert.equal(missing.status, 401);
        const empty = await raw(`${sb.baseUrl}${call.path}`, { method: call.method, body, headers: { [ADMIN_KEY_HEADER]: '' } });
        assert.equal(empty.status, 401);
        const wrong = await raw(`${sb.baseUrl}${call.path}`, { method: call.method, body, headers: { [ADMIN_KEY_HEADER]: `${TEST_ADMIN_KEY.slice(0, -1)}x` } });
        assert.equal(wrong.status, 403);
        for (const res of [missing, empty, wrong]) {
          assert.doesNotMatch(res.text, /acme-ci-demo-secret|"secrets"/);
        }
      });
    }

    it('answers with the key', async () => {
      const res = await raw(`${sb.baseUrl}/admin/issued-secrets`, { headers: { [ADMIN_KEY_HEADER]: TEST_ADMIN_KEY } });
      assert.equal(res.status, 200);
      assert.match(res.text, /"secrets"/);
    });

    it('refuses a key shorter than 32 characters at start', async () => {
      await assert.rejects(start({ adminKey: 'short' }), /at least 32 characters/);
    });

    it('refuses the key sent from a DNS-rebinding page (a foreign Host) with 421', async () => {
      const res = await raw(`${sb.baseUrl}/admin/issued-secrets`, { headers: { [ADMIN_KEY_HEADER]: TEST_ADMIN_KEY }, host: `rebind.attacker.example:${port(sb.baseUrl)}` });
      assert.equal(res.status, 421);
      assert.doesNotMatch(res.text, /"secrets"/);
    });
  });

  describe('the Host header', () => {
    let sb: RunningSandbox;
    let token: string;
    before(async () => {
      sb = await start({ adminKey: undefined });
      token = await teamToken(sb);
    });
    after(async () => {
      await sb.close();
    });

    const graphqlCall = (host: string | null) =>
      raw(`${sb.baseUrl}/v1/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ viewer { kind } }' }),
        host,
      });
    const tokenCall = (host: string | null) =>
      raw(`${sb.baseUrl}/v1/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials&client_id=acme-ci&client_secret=acme-ci-demo-secret',
        host,
      });
    const authorizeCall = (host: string | null) => raw(authorizeUrl(sb), { host });

    const foreign = (which: 'auth' | 'api'): Array<[string, string | null]> => {
      const p = port(which === 'auth' ? sb.authUrl : sb.baseUrl);
      const other = port(which === 'auth' ? sb.baseUrl : sb.authUrl);
      return [
        ['a rebinding name with the right port', `rebind.attacker.example:${p}`],
        ['a rebinding name without a port', 'rebind.attacker.example'],
        ['loopback with another port', `127.0.0.1:${other}`],
        ['loopback without a port', '127.0.0.1'],
        ['a name that starts like localhost', `localhost.attacker.example:${p}`],
        ['no Host at all', null],
      ];
    };

    for (const [name, call, which] of [
      ['E1 (OAuth authorize)', authorizeCall, 'auth'],
      ['E2 (token)', tokenCall, 'api'],
      ['E3 (GraphQL)', graphqlCall, 'api'],
    ] as const) {
      it(`${name} refuses a foreign Host with 421 and says why`, async () => {
        for (const [what, host] of foreign(which)) {
          const res = await call(host);
          if (host === null) {
            // Node's HTTP server answers a request without Host itself (400), before any route.
            assert.equal(res.status, 400, what);
            continue;
          }
          assert.equal(res.status, 421, what);
          assert.match(res.text, /only requests addressed to it as 127\.0\.0\.1:\d+, localhost:\d+ or \[::1\]:\d+/, what);
          assert.doesNotMatch(res.text, /access_token|csrf_token|"data"/, what);
        }
      });

      it(`${name} answers its own loopback Host in every spelling`, async () => {
        const p = port(which === 'auth' ? sb.authUrl : sb.baseUrl);
        for (const host of [`127.0.0.1:${p}`, `localhost:${p}`, `[::1]:${p}`, `LOCALHOST:${p}`]) {
          const res = await call(host);
          assert.equal(res.status, 200, host);
        }
      });
    }

    it('the consent form (POST) refuses a foreign Host too', async () => {
      const res = await raw(`${sb.authUrl}/oauth/authorize`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'request_id=x&csrf_token=y&user=alice&decision=approve',
        host: `rebind.attacker.example:${port(sb.authUrl)}`,
      });
      assert.equal(res.status, 421);
    });

    it('{auth_url} also answers the forwarding its owner named; {base_url} does not', async () => {
      assert.equal((await authorizeCall('code.example:8080')).status, 421);
      sb.allowForwardedAuthHost('Code.Example:8080');
      assert.equal((await authorizeCall('code.example:8080')).status, 200);
      assert.equal((await authorizeCall('code.example:8081')).status, 421);
      assert.equal((await graphqlCall('code.example:8080')).status, 421);
      assert.throws(() => sb.allowForwardedAuthHost('code.example/path'), /not a host/);
      assert.throws(() => sb.allowForwardedAuthHost('user@code.example'), /not a host/);
    });
  });
});
