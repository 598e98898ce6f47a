import { strict as assert } from 'node:assert';
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import { createProxy, type ProxyServer } from 'proxy';
import { NetworkError } from '../../../../src/core/errors';
import { GraphqlHttpClient } from '../../../../src/core/http/graphqlClient';
import { createDispatcher, dispatcherFetch, goesDirect, redactProxy, resolveNetwork, type NetworkSettings } from '../../../../src/core/http/network';
import { TokenEndpointClient } from '../../../../src/core/auth/tokenEndpoint';
import { testEnv, tokenBody } from '../../../unit/core/auth/fakes';
import { memoryLogger } from './scriptedServer';
import { loopbackCertificate } from './loopbackCertificate';

const TOKEN = 'access-token-that-must-stay-secret';
const PROXY_PASSWORD = 'pa:ss w@rd';

function settings(overrides: Partial<NetworkSettings> = {}): NetworkSettings {
  return { proxyStrictSSL: true, noProxy: [], proxySupport: 'override', systemCertificates: false, env: {}, ...overrides };
}

describe('core/http/network: settings', () => {
  const cases: [string, Partial<NetworkSettings>, { httpsProxy?: string; noProxyHas?: string[] }][] = [
    ['no proxy anywhere', {}, {}],
    ['HTTPS_PROXY from the environment', { env: { HTTPS_PROXY: 'http://proxy.test:3128' } }, { httpsProxy: 'http://proxy.test:3128' }],
    ['https_proxy in lower case', { env: { https_proxy: 'http://proxy.test:3128' } }, { httpsProxy: 'http://proxy.test:3128' }],
    ['http.proxy over the environment', { proxy: 'http://mine.test:8080', env: { HTTPS_PROXY: 'http://env.test:3128' } }, { httpsProxy: 'http://mine.test:8080' }],
    ['http.proxySupport off over everything', { proxy: 'http://mine.test:8080', proxySupport: 'off', env: { HTTPS_PROXY: 'http://env.test:3128' } }, {}],
    [
      'http.noProxy and NO_PROXY together, loopback always',
      { proxy: 'http://mine.test:8080', noProxy: ['.corp.test'], env: { NO_PROXY: 'intranet.test' } },
      { httpsProxy: 'http://mine.test:8080', noProxyHas: ['.corp.test', 'intranet.test', '127.0.0.1', 'localhost'] },
    ],
  ];
  for (const [what, given, expected] of cases) {
    it(`resolves ${what}`, () => {
      const r = resolveNetwork(settings(given));
      assert.equal(r.httpsProxy, expected.httpsProxy);
      for (const host of expected.noProxyHas ?? []) {
        assert.ok(r.noProxy.split(',').includes(host), `${host} in ${r.noProxy}`);
      }
    });
  }
  it('reads NO_PROXY=* (alone or among others, comma or space separated) as: nothing through the proxy', () => {
    for (const NO_PROXY of ['*', 'intranet.test,*', 'a.test *']) {
      const r = resolveNetwork(settings({ proxy: 'http://mine.test:8080', env: { NO_PROXY } }));
      assert.equal(r.noProxy, '*', NO_PROXY);
      assert.ok(goesDirect(r.noProxy, 'https://api.example.test/v1/graphql'));
    }
    assert.equal(resolveNetwork(settings({ proxy: 'http://mine.test:8080', noProxy: ['*'] })).noProxy, '*');
  });

  const direct: [string, string, boolean][] = [
    ['corp.test', 'https://corp.test/v1', true],
    ['corp.test', 'https://api.corp.test/v1', true],
    ['corp.test', 'https://notcorp.test/v1', false],
    ['.corp.test', 'https://api.corp.test/v1', true],
    ['*.corp.test', 'https://api.corp.test/v1', true],
    ['.corp.test', 'https://corp.test/v1', true],
    ['corp.test:8443', 'https://corp.test:8443/v1', true],
    ['corp.test:8443', 'https://corp.test/v1', false],
    ['corp.test:443', 'https://corp.test/v1', true],
    ['corp.test:80', 'https://corp.test/v1', false],
    ['CORP.test', 'https://Corp.TEST/v1', true],
    ['[::1]', 'http://[::1]:4000/v1', true],
    ['127.0.0.1', 'http://127.0.0.1:4000/v1', true],
    ['other.test, corp.test', 'https://corp.test/v1', true],
    ['', 'https://corp.test/v1', false],
  ];
  for (const [noProxy, url, expected] of direct) {
    it(`no-proxy "${noProxy}" ${expected ? 'lets' : 'does not let'} ${url} go direct (undici's rule)`, () => {
      assert.equal(goesDirect(noProxy, url), expected);
    });
  }

  it('refuses a proxy address that is not http(s), without showing its credentials', () => {
    assert.throws(
      () => resolveNetwork(settings({ proxy: 'socks5://user:secret@proxy.test:1080' })),
      (err: Error) => !err.message.includes('secret') && /not an http/.test(err.message),
    );
  });
  it('hides credentials of a proxy address', () => {
    assert.equal(redactProxy('http://user:secret@proxy.test:3128'), 'http://***@proxy.test:3128');
    // Without a scheme URL reads "user:" as the scheme: the password must still go.
    assert.equal(redactProxy('user:secret@proxy.test:3128'), '***@proxy.test:3128');
    assert.throws(
      () => resolveNetwork(settings({ proxy: 'user:secret@proxy.test:3128' })),
      (err: Error) => !err.message.includes('secret') && /not an http/.test(err.message),
    );
  });
  it('never proxies plain http (it goes only to loopback): no token in clear to a proxy', () => {
    const r = resolveNetwork(settings({ proxy: 'http://mine.test:8080', env: { HTTP_PROXY: 'http://env.test:3128' } }));
    assert.equal(r.httpProxy, undefined);
    assert.equal(r.httpsProxy, 'http://mine.test:8080');
  });
});

/**
 * Against real servers on loopback: an https GraphQL endpoint and token endpoint with a
 * certificate made here (its own CA), reached through `proxy` (a forward proxy from npm: CONNECT
 * for https), one that wants Basic credentials, and one that refuses every tunnel.
 */
describe('core/http/network: through a real forward proxy, with a self-signed CA', function () {
  this.timeout(60_000);
  let ca: string;
  let service: https.Server;
  let serviceUrl: string;
  let seenTokens: string[];
  let open: ProxyServer;
  let guarded: ProxyServer;
  let refusing: http.Server;
  let proxyLines: string[];
  const address = (s: http.Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  const listen = (s: http.Server) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));

  function recordProxy(p: http.Server, name: string): void {
    // Everything the proxy gets to see of a request: its request line and headers.
    p.on('connect', (req: http.IncomingMessage) => proxyLines.push(`${name} CONNECT ${req.url} ${JSON.stringify(req.headers)}`));
    p.on('request', (req: http.IncomingMessage) => proxyLines.push(`${name} ${req.method} ${req.url} ${JSON.stringify(req.headers)}`));
  }

  before(async () => {
    const pems = await loopbackCertificate();
    ca = pems.cert;
    service = https.createServer(pems, (req, res) => {
      seenTokens.push(String(req.headers.authorization ?? ''));
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(req.url === '/v1/oauth/token' ? tokenBody() : { data: { ok: true } }));
      });
    });
    await listen(service);
    serviceUrl = `https://127.0.0.1:${(service.address() as AddressInfo).port}`;
    open = createProxy(http.createServer());
    guarded = createProxy(http.createServer());
    guarded.authenticate = (req) => req.headers['proxy-authorization'] === `Basic ${Buffer.from(`user:${PROXY_PASSWORD}`).toString('base64')}`;
    refusing = http.createServer((_req, res) => res.writeHead(403).end());
    refusing.on('connect', (_req, socket: import('node:stream').Duplex) => socket.end('HTTP/1.1 403 Forbidden\r\n\r\n'));
    for (const s of [open, guarded, refusing]) {
      await listen(s);
    }
    recordProxy(open, 'open');
    recordProxy(guarded, 'guarded');
    recordProxy(refusing, 'refusing');
  });
  after(async () => {
    for (const s of [service, open, guarded, refusing]) {
      s.closeAllConnections();
      await new Promise((resolve) => s.close(resolve));
    }
  });
  beforeEach(() => {
    seenTokens = [];
    proxyLines = [];
  });

  async function run(given: Partial<NetworkSettings>, loopbackDirect = false): Promise<{ log: string[]; result?: unknown; error?: unknown }> {
    const network = resolveNetwork(settings(given), { loopbackDirect });
    const dispatcher = createDispatcher(network);
    const log = memoryLogger();
    const proxy = network.httpsProxy;
    const client = new GraphqlHttpClient({
      logger: log.logger,
      dispatcher: () => dispatcher,
      proxyFor: () => (proxy ? redactProxy(proxy) : undefined),
      retryPolicy: { max5xxRetries: 0 },
    });
    try {
      const result = await client.execute({ baseUrl: serviceUrl, query: '{ ok }', token: async () => TOKEN });
      return { log: log.lines, result };
    } catch (error) {
      return { log: log.lines, error };
    } finally {
      await client.close();
      await dispatcher.close();
    }
  }

  function assertNoSecrets(lines: string[], ...extra: string[]): void {
    for (const line of [...lines, ...proxyLines, ...extra]) {
      assert.ok(!line.includes(TOKEN), `a token in: ${line}`);
      assert.ok(!line.includes(PROXY_PASSWORD) && !line.includes(encodeURIComponent(PROXY_PASSWORD)), `the proxy password in: ${line}`);
    }
  }

  it('refuses a certificate nobody trusts, saying what to do', async () => {
    const { error } = await run({});
    assert.ok(error instanceof NetworkError, String(error));
    assert.match(error.message, /secure connection .* failed .*certificate/i);
  });

  it('trusts the CA given as NODE_EXTRA_CA_CERTS and goes through the proxy with CONNECT; the proxy never sees the token', async () => {
    const { result, log, error } = await run({ proxy: address(open), extraCaCertificates: ca });
    assert.equal(error, undefined, String(error));
    assert.deepEqual((result as { body: unknown }).body, { data: { ok: true } });
    assert.deepEqual(seenTokens, [`Bearer ${TOKEN}`], 'the Service got the token');
    assert.equal(proxyLines.length, 1);
    assert.match(proxyLines[0], new RegExp(`^open CONNECT 127\\.0\\.0\\.1:${new URL(serviceUrl).port} `));
    assertNoSecrets(log);
  });

  it('uses HTTPS_PROXY from the environment when http.proxy is empty', async () => {
    const { error } = await run({ env: { HTTPS_PROXY: address(open) }, extraCaCertificates: ca });
    assert.equal(error, undefined, String(error));
    assert.equal(proxyLines.length, 1);
  });

  it('goes direct with http.proxySupport off, and for hosts in http.noProxy', async () => {
    for (const given of [{ proxySupport: 'off' as const }, { noProxy: ['127.0.0.1'] }]) {
      const { error } = await run({ proxy: address(open), extraCaCertificates: ca, ...given });
      assert.equal(error, undefined, String(error));
    }
    assert.deepEqual(proxyLines, []);
    assert.equal(seenTokens.length, 2);
  });

  it('goes direct or through the proxy exactly as goesDirect says (NO_PROXY=*, host:port entries)', async () => {
    const port = new URL(serviceUrl).port;
    for (const [given, expectDirect] of [
      [{ env: { NO_PROXY: '*' } }, true],
      [{ env: { NO_PROXY: 'intranet.test,*' } }, true],
      [{ noProxy: [`127.0.0.1:${port}`] }, true],
      [{ noProxy: ['127.0.0.1:1'] }, false],
      [{ noProxy: ['.0.0.1'] }, true],
    ] as [Partial<NetworkSettings>, boolean][]) {
      proxyLines = [];
      const network = resolveNetwork(settings({ proxy: address(open), extraCaCertificates: ca, ...given }), { loopbackDirect: false });
      assert.equal(goesDirect(network.noProxy, serviceUrl), expectDirect, JSON.stringify(given));
      const { error } = await run({ proxy: address(open), extraCaCertificates: ca, ...given });
      assert.equal(error, undefined, String(error));
      assert.equal(proxyLines.length === 0, expectDirect, `${JSON.stringify(given)}: ${proxyLines.join(' | ')}`);
    }
  });

  it('goes direct to loopback by default (the Sandbox), whatever the proxy', async () => {
    const { error } = await run({ proxy: address(open), extraCaCertificates: ca }, true);
    assert.equal(error, undefined, String(error));
    assert.deepEqual(proxyLines, []);
  });

  it('says a proxy wants credentials (407), and passes with them in http.proxy, never logging them', async () => {
    const without = await run({ proxy: address(guarded), extraCaCertificates: ca });
    assert.ok(without.error instanceof NetworkError);
    assert.match(without.error.message, /asks for credentials \(407 Proxy Authentication Required\)\. Put them in the http\.proxy setting/);
    const url = new URL(address(guarded));
    url.username = 'user';
    url.password = encodeURIComponent(PROXY_PASSWORD);
    const withCredentials = await run({ proxy: url.toString(), extraCaCertificates: ca });
    assert.equal(withCredentials.error, undefined, String(withCredentials.error));
    assert.equal(seenTokens.length, 1);
    assertNoSecrets([...without.log, ...withCredentials.log], without.error.message);
  });

  it('passes a proxy that wants credentials with http.proxyAuthorization', async () => {
    const { error } = await run({ proxy: address(guarded), proxyAuthorization: `Basic ${Buffer.from(`user:${PROXY_PASSWORD}`).toString('base64')}`, extraCaCertificates: ca });
    assert.equal(error, undefined, String(error));
  });

  it('says a proxy refused the tunnel, naming the proxy and what to do', async () => {
    const { error, log } = await run({ proxy: address(refusing), extraCaCertificates: ca });
    assert.ok(error instanceof NetworkError);
    assert.match(error.message, new RegExp(`The proxy http://127\\.0\\.0\\.1:\\d+ refused the connection to ${serviceUrl.replace(/\./g, '\\.')} \\(403\\)`));
    assert.deepEqual(seenTokens, []);
    assertNoSecrets(log);
  });

  it('says the proxy cannot be reached', async () => {
    const gone = http.createServer();
    await listen(gone);
    const dead = address(gone);
    await new Promise((resolve) => gone.close(resolve));
    const { error } = await run({ proxy: dead, extraCaCertificates: ca });
    assert.ok(error instanceof NetworkError);
    assert.match(error.message, /Could not reach the proxy http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)/);
  });

  it('with http.proxyStrictSSL off, accepts the untrusted certificate through the proxy (a TLS-inspecting proxy)', async () => {
    const { error } = await run({ proxy: address(open), proxyStrictSSL: false });
    assert.equal(error, undefined, String(error));
  });

  it('sends the token endpoint request through the same proxy (no GraphQL headers there)', async () => {
    const network = resolveNetwork(settings({ proxy: address(open), extraCaCertificates: ca }), { loopbackDirect: false });
    const dispatcher = createDispatcher(network);
    try {
      const tokens = await new TokenEndpointClient(
        testEnv(serviceUrl),
        dispatcherFetch(() => dispatcher),
      ).refresh('RT', undefined);
      assert.equal(tokens.tokenType, 'bearer');
      assert.equal(proxyLines.length, 1);
      assert.match(proxyLines[0], /^open CONNECT /);
    } finally {
      await dispatcher.close();
    }
  });

  it('says a proxy wants credentials at the token endpoint too, naming the proxy', async () => {
    const network = resolveNetwork(settings({ proxy: address(guarded), extraCaCertificates: ca }), { loopbackDirect: false });
    const dispatcher = createDispatcher(network);
    try {
      await assert.rejects(
        new TokenEndpointClient(
          testEnv(serviceUrl),
          dispatcherFetch(() => dispatcher),
          undefined,
          (origin) => (goesDirect(network.noProxy, origin) ? undefined : redactProxy(network.httpsProxy!)),
        ).refresh('RT', undefined),
        (err: unknown) => {
          assert.ok(err instanceof NetworkError);
          assert.match(err.message, new RegExp(`^The proxy ${address(guarded).replace(/[.]/g, '\\.')} asks for credentials \\(407 Proxy Authentication Required\\)`));
          assert.ok(!err.message.includes(PROXY_PASSWORD));
          return true;
        },
      );
    } finally {
      await dispatcher.close();
    }
  });
});
