// The independent pair of test/contract/interop (oidc-provider + graphql-http, configured only) as a
// process of its own, for the integration runner (scripts/testIntegration.mjs). Prints one line
// `INTEROP {json}` with its addresses, then serves a control endpoint on loopback:
//   POST /register {redirectUri} -> {}: the tenant admin registers the redirect URI (code-server's
//     callback address changes at every sign-in); the person then goes through the provider's login
//     and consent pages in Chromium (the runner's browser harness).
//   POST /expire-access-tokens: the API takes every access token it has received for expired (401 invalid_token).
//   GET /stats -> {grants: {<grant_type>: n}, refreshTokensIssued: n, redirectUris: [...]}: what the token
//     endpoint granted, and the redirect URI each sign-in asked for.
//   GET /tokens -> [{kind, value}]: the access tokens the GraphQL endpoint received, the authorization
//     codes and refresh tokens the provider issued (its own events) and the PKCE verifiers its token
//     endpoint received (for the whole-run secret scan).
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_RESOURCE, startInteropServers, TEAM_CLIENT, TEAM_SECRET, USER, WEB_CLIENT } from '../test/contract/interop/servers';

async function main(): Promise<void> {
  const servers = await startInteropServers({ redirectUri: 'http://127.0.0.1/auth-callback' });
  // The redirect URIs the sign-ins asked for, in order.
  const redirectUris: string[] = [];
  const control = http.createServer((req, res) => {
    const answer = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method === 'GET' && req.url === '/tokens') {
      const access = servers.graphqlRequests.map((h) => /^Bearer (.+)$/i.exec(h.authorization ?? '')?.[1]).filter((t) => t !== undefined);
      const verifiers = servers.tokenRequests.map((p) => p.code_verifier).filter((v): v is string => typeof v === 'string' && v !== '');
      answer(200, [
        ...[...new Set(access)].map((value) => ({ kind: 'access_token', value })),
        ...servers.issued,
        ...[...new Set(verifiers)].map((value) => ({ kind: 'code_verifier', value })),
      ]);
      return;
    }
    if (req.method === 'POST' && req.url === '/expire-access-tokens') {
      servers.expireAccessTokens();
      answer(200, {});
      return;
    }
    if (req.method === 'GET' && req.url === '/stats') {
      const grants: Record<string, number> = {};
      for (const p of servers.tokenRequests) {
        grants[String(p.grant_type)] = (grants[String(p.grant_type)] ?? 0) + 1;
      }
      answer(200, { grants, refreshTokensIssued: servers.issued.filter((i) => i.kind === 'refresh_token').length, redirectUris });
      return;
    }
    if (req.method === 'POST' && req.url === '/register') {
      let text = '';
      req.on('data', (d: Buffer) => (text += d.toString('utf8')));
      req.on('end', () => {
        void (async () => {
          const { redirectUri } = JSON.parse(text) as { redirectUri: string };
          redirectUris.push(redirectUri);
          await servers.registerRedirectUri(redirectUri);
          answer(200, {});
        })().catch((err: unknown) => answer(500, { error: err instanceof Error ? err.message : String(err) }));
      });
      return;
    }
    answer(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const info = {
    url: servers.url,
    control: `http://127.0.0.1:${(control.address() as AddressInfo).port}`,
    clientId: WEB_CLIENT,
    resource: API_RESOURCE,
    teamClientId: TEAM_CLIENT,
    teamSecret: TEAM_SECRET,
    // The login the person types on the provider's development login page (it becomes the account id).
    login: USER.sub,
  };
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
