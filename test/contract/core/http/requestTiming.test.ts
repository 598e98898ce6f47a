/**
 * The timing breakdown of a GraphQL request (DNS, connect, TLS, first byte, download) against real
 * servers on 127.0.0.1: an https one with a CA made here, a plain http one, and a forward proxy.
 * Only which phases are there is asserted (never how long they took).
 */
import { strict as assert } from 'node:assert';
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo, LookupFunction } from 'node:net';
import { createProxy, type ProxyServer } from 'proxy';
import { Agent, buildConnector } from 'undici';
import { GraphqlHttpClient } from '../../../../src/core/http/graphqlClient';
import { createDispatcher, redactProxy, resolveNetwork, type NetworkSettings } from '../../../../src/core/http/network';
import { timedConnector, type RequestTiming } from '../../../../src/core/http/requestTiming';
import { loopbackCertificate } from './loopbackCertificate';

/** A made-up name (reserved .test domain) that only this test's resolver knows: 127.0.0.1. */
const SERVICE_NAME = 'tenant.test';

const resolveToLoopback: LookupFunction = (_hostname, options, callback) => {
  // Answers later, as a resolver does (the socket's `lookup` event comes after connect() returned).
  process.nextTick(() => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (err: null, addresses: { address: string; family: number }[]) => void)(null, [{ address: '127.0.0.1', family: 4 }]);
    } else {
      callback(null, '127.0.0.1', 4);
    }
  });
};

function settings(overrides: Partial<NetworkSettings> = {}): NetworkSettings {
  return { proxyStrictSSL: true, noProxy: [], proxySupport: 'override', systemCertificates: false, env: {}, ...overrides };
}

describe('core/http/requestTiming: where a request’s time went', function () {
  this.timeout(60_000);
  let ca: string;
  let secure: https.Server;
  let plain: http.Server;
  let proxy: ProxyServer;
  const port = (s: http.Server) => (s.address() as AddressInfo).port;
  const listen = (s: http.Server) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const answer = (req: http.IncomingMessage, res: http.ServerResponse) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      // The body in two writes: a download after the first byte.
      res.write('{"data":{"items":[');
      res.end(`${Array.from({ length: 2000 }, (_, i) => i).join(',')}]}}`);
    });
  };

  before(async () => {
    const pems = await loopbackCertificate([SERVICE_NAME]);
    ca = pems.cert;
    secure = https.createServer(pems, answer);
    plain = http.createServer(answer);
    proxy = createProxy(http.createServer());
    for (const s of [secure, plain, proxy]) {
      await listen(s);
    }
  });
  after(async () => {
    for (const s of [secure, plain, proxy]) {
      s.closeAllConnections();
      await new Promise((resolve) => s.close(resolve));
    }
  });

  async function twice(client: GraphqlHttpClient, baseUrl: string): Promise<[RequestTiming | undefined, RequestTiming | undefined]> {
    const run = () => client.execute({ baseUrl, query: '{ items }', token: async () => 'token' });
    const first = await run();
    const second = await run();
    assert.equal(first.status, 200);
    assert.equal(second.status, 200);
    return [first.timing, second.timing];
  }

  function assertPhase(timing: RequestTiming | undefined, phase: keyof RequestTiming): void {
    const value = timing?.[phase];
    assert.ok(typeof value === 'number' && Number.isFinite(value) && value >= 0, `${phase}: ${JSON.stringify(timing)}`);
  }

  it('https to an IP address (the extension’s dispatcher): connect and TLS on the new connection, none of them on the reused one', async () => {
    // One connection: the second request waits for it (queued by the pool) rather than opening another.
    const dispatcher = createDispatcher(resolveNetwork(settings({ extraCaCertificates: ca }), { loopbackDirect: false }), { connections: 1 });
    const client = new GraphqlHttpClient({ dispatcher: () => dispatcher });
    try {
      const [first, second] = await twice(client, `https://127.0.0.1:${port(secure)}`);
      assert.equal(first?.connection, 'new');
      assert.equal(first?.dnsMs, undefined, 'no name to resolve');
      for (const phase of ['connectMs', 'tlsMs', 'firstByteMs', 'downloadMs'] as const) {
        assertPhase(first, phase);
      }
      assert.equal(second?.connection, 'reused');
      assert.deepEqual(
        (['dnsMs', 'connectMs', 'tlsMs'] as const).filter((p) => second?.[p] !== undefined),
        [],
        'no invented zeros',
      );
      assertPhase(second, 'firstByteMs');
      assertPhase(second, 'downloadMs');
    } finally {
      await client.close();
      await dispatcher.close();
    }
  });

  it('https to a name: DNS, connect and TLS', async () => {
    const dispatcher = new Agent({ connect: timedConnector(buildConnector({ ca: [ca], lookup: resolveToLoopback } as buildConnector.BuildOptions)) });
    const client = new GraphqlHttpClient({ dispatcher: () => dispatcher });
    try {
      const [first] = await twice(client, `https://${SERVICE_NAME}:${port(secure)}`);
      assert.equal(first?.connection, 'new');
      for (const phase of ['dnsMs', 'connectMs', 'tlsMs', 'firstByteMs', 'downloadMs'] as const) {
        assertPhase(first, phase);
      }
    } finally {
      await client.close();
      await dispatcher.close();
    }
  });

  it('plain http on loopback (the client’s own pool): connect, no TLS; then a reused connection', async () => {
    const client = new GraphqlHttpClient({ connectionsPerOrigin: 1 });
    try {
      const [first, second] = await twice(client, `http://127.0.0.1:${port(plain)}`);
      assert.equal(first?.connection, 'new');
      assertPhase(first, 'connectMs');
      assert.equal(first?.tlsMs, undefined, 'no TLS over http');
      assertPhase(first, 'firstByteMs');
      assertPhase(first, 'downloadMs');
      assert.equal(second?.connection, 'reused');
    } finally {
      await client.close();
    }
  });

  it('through a proxy: a new tunnel is timed (connect to the proxy, CONNECT answered, TLS to the server over it); the next request reuses it', async () => {
    const network = resolveNetwork(settings({ proxy: `http://127.0.0.1:${port(proxy)}`, extraCaCertificates: ca }), { loopbackDirect: false });
    const dispatcher = createDispatcher(network, { connections: 1 });
    const client = new GraphqlHttpClient({ dispatcher: () => dispatcher, proxyFor: () => redactProxy(network.httpsProxy!) });
    try {
      const [first, second] = await twice(client, `https://127.0.0.1:${port(secure)}`);
      assert.equal(first?.connection, 'proxy');
      assert.equal(first?.dnsMs, undefined, 'the proxy is given as an IP address');
      for (const phase of ['connectMs', 'tunnelMs', 'tlsMs', 'firstByteMs', 'downloadMs'] as const) {
        assertPhase(first, phase);
      }
      assert.equal(second?.connection, 'reused');
      assert.deepEqual(
        (['dnsMs', 'connectMs', 'tunnelMs', 'tlsMs'] as const).filter((p) => second?.[p] !== undefined),
        [],
        'no invented zeros',
      );
      assertPhase(second, 'firstByteMs');
      assertPhase(second, 'downloadMs');
    } finally {
      await client.close();
      await dispatcher.close();
    }
  });
});
