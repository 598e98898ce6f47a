// The independent pair of test/unit/interop (oidc-provider + graphql-http, configured only) as a
// process of its own, for the integration runner (scripts/testIntegration.mjs). Prints one line
// `INTEROP {json}` with its addresses, then serves a control endpoint on loopback:
//   POST /sign-in {authorizeUrl, redirectUri} -> {callback}: the tenant admin registers the redirect
//     URI (code-server's callback address changes at every sign-in), and the person goes through the
//     provider's login and consent pages with a cookie jar (as test/unit/interop does); the answer is
//     the redirect URI with the code, for the browser tab to open.
//   GET /tokens -> the access tokens the GraphQL endpoint received (for the whole-run secret scan).
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_RESOURCE, browse, startInteropServers, WEB_CLIENT } from '../test/unit/interop/servers';

async function main(): Promise<void> {
  const servers = await startInteropServers({ redirectUri: 'http://127.0.0.1/auth-callback' });
  const control = http.createServer((req, res) => {
    const answer = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method === 'GET' && req.url === '/tokens') {
      const tokens = servers.graphqlRequests.map((h) => /^Bearer (.+)$/i.exec(h.authorization ?? '')?.[1]).filter((t) => t !== undefined);
      answer(200, [...new Set(tokens)]);
      return;
    }
    if (req.method === 'POST' && req.url === '/sign-in') {
      let text = '';
      req.on('data', (d: Buffer) => (text += d.toString('utf8')));
      req.on('end', () => {
        void (async () => {
          const { authorizeUrl, redirectUri } = JSON.parse(text) as { authorizeUrl: string; redirectUri: string };
          await servers.registerRedirectUri(redirectUri);
          const origin = new URL(redirectUri).origin;
          const callback = await browse(authorizeUrl, (u) => u.origin === origin);
          answer(200, { callback });
        })().catch((err: unknown) => answer(500, { error: err instanceof Error ? err.message : String(err) }));
      });
      return;
    }
    answer(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const info = { url: servers.url, control: `http://127.0.0.1:${(control.address() as AddressInfo).port}`, clientId: WEB_CLIENT, resource: API_RESOURCE };
  console.log(`INTEROP ${JSON.stringify(info)}`);
  const stop = () => {
    control.close();
    void servers.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
