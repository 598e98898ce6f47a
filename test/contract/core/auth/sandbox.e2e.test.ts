import { strict as assert } from 'node:assert';
import { serverIdentity } from '../../../../src/core/auth/serverIdentity';
import { createServer } from 'node:net';
import { startSandbox, type RunningSandbox } from '../../../../src/sandbox/index';
import { parseEnvironments, type Environment } from '../../../../src/core/auth/environments';
import { AuthCore } from '../../../../src/core/auth/index';
import { AuthorizationError } from '../../../../src/core/errors';
import { CapturingLogger, FakeClock, MemorySecretStore } from '../../../unit/core/auth/fakes';

const redirectUri = 'vscode://tenantlabs.tenant-graphql/auth-callback';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('core/auth against the Sandbox (end to end)', () => {
  let sandbox: RunningSandbox;
  let clock: FakeClock;
  let logger: CapturingLogger;
  let core: AuthCore;
  let environments: Environment[];

  beforeEach(async () => {
    sandbox = await startSandbox({ autoConsent: 'alice' });
    const parsed = parseEnvironments([
      { name: 'sandbox', authUrl: sandbox.authUrl, baseUrl: sandbox.baseUrl, clientId: 'tenant-graphql-vscode', scopes: ['tasks:read', 'files:read'] },
      { name: 'team', authUrl: sandbox.authUrl, baseUrl: sandbox.baseUrl, clientId: 'acme-ci', clientType: 'confidential', scopes: ['tasks:read'] },
    ]);
    assert.deepEqual(parsed.problems, []);
    environments = parsed.environments;
    clock = new FakeClock(Date.now());
    logger = new CapturingLogger();
    core = new AuthCore({
      secrets: new MemorySecretStore(),
      logger,
      clock,
      environments: () => environments,
      // The "browser": GET E1 (auto-consent), then deliver the redirect as the URI handler would.
      openBrowser: async (url) => {
        const res = await fetch(url, { redirect: 'manual' });
        assert.equal(res.status, 302);
        const location = new URL(res.headers.get('location')!);
        if (location.protocol === 'http:') {
          // Loopback redirect: the browser follows it.
          await (await fetch(location)).text();
        } else {
          assert.equal(`${location.protocol}//${location.host}${location.pathname}`, redirectUri);
          core.handleCallback(location.search);
        }
        return true;
      },
    });
    await core.initialize();
  });
  afterEach(async () => {
    core.dispose();
    await sandbox.close();
  });

  async function graphqlStatus(token: string): Promise<number> {
    const res = await fetch(`${sandbox.baseUrl}/v1/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    await res.text();
    return res.status;
  }

  it('signs in with PKCE, uses the token, and refreshes it', async () => {
    const session = await core.signIn({ environment: environments[0], redirectUri });
    assert.equal(session.account.id, 'alice');
    assert.equal(sandbox.stats().token.authorization_code, 1);
    assert.equal(await graphqlStatus(await core.tokens.getAccessToken(session.id)), 200);

    const refreshed = await core.tokens.getAccessToken(session.id, { forceRefresh: true });
    assert.notEqual(refreshed, session.accessToken);
    assert.equal(sandbox.stats().token.refresh_token, 1);
    assert.equal(await graphqlStatus(refreshed), 200);
    // The rotated refresh token was kept: a second refresh works too.
    await core.tokens.getAccessToken(session.id, { forceRefresh: true });
    assert.equal(sandbox.stats().token.refresh_token, 2);
  });

  it('makes one refresh for 50 concurrent token requests at expiry', async () => {
    const session = await core.signIn({ environment: environments[0], redirectUri });
    clock.advance(3600_000);
    const tokens = await Promise.all(Array.from({ length: 50 }, () => core.tokens.getAccessToken(session.id)));
    assert.equal(sandbox.stats().token.refresh_token, 1);
    assert.equal(new Set(tokens).size, 1);
    assert.notEqual(tokens[0], session.accessToken);
  });

  it('gets a team token with client credentials', async () => {
    await core.clientSecrets.set(serverIdentity(core.environment('team')!), sandbox.clients.find((c) => c.clientId === 'acme-ci')!.clientSecret!);
    const team = await core.signInAsTeam('team');
    assert.equal(team.kind, 'team');
    assert.equal(team.account.label, 'Team');
    assert.equal(sandbox.stats().token.client_credentials, 1);
    assert.equal(await graphqlStatus(await core.tokens.getAccessToken(team.id)), 200);
  });

  it("refuses a wrong client secret with the server's OAuth error", async () => {
    await core.clientSecrets.set(serverIdentity(core.environment('team')!), 'wrong');
    await assert.rejects(core.signInAsTeam('team'), (err: unknown) => err instanceof AuthorizationError && err.error === 'invalid_client');
  });

  it('signs in through the loopback receiver on a registered port', async () => {
    const port = await freePort();
    sandbox.registerRedirectUri('tenant-graphql-vscode', `http://127.0.0.1:${port}/auth-callback`);
    environments = [{ ...environments[0], redirectMode: 'loopback', loopbackPort: port }];
    const session = await core.signIn({ environment: environments[0] });
    assert.equal(session.account.id, 'alice');
    assert.equal(sandbox.stats().token.authorization_code, 1);
  });

  it('removes the session and tells the glue when the Sandbox answers invalid_grant to the refresh', async () => {
    const session = await core.signIn({ environment: environments[0], redirectUri });
    const removed: string[] = [];
    core.onDidRemoveSession((e) => removed.push(e.reason));
    // Only the server's clock passes the month: our side still believes in the refresh token.
    sandbox.clock.advance(31 * 24 * 3600_000);
    clock.advance(3600_000);
    await assert.rejects(core.tokens.getAccessToken(session.id), (err: unknown) => (err as Error).name === 'SessionExpiredError');
    assert.equal(sandbox.stats().token.refresh_token, 1);
    assert.deepEqual(removed, ['invalid_grant']);
    assert.deepEqual(await core.getSessions(), []);
  });

  it('drops a session whose refresh token is a month old without asking the Sandbox', async () => {
    const session = await core.signIn({ environment: environments[0], redirectUri });
    const removed: string[] = [];
    core.onDidRemoveSession((e) => removed.push(e.reason));
    clock.advance(31 * 24 * 3600_000);
    await assert.rejects(core.tokens.getAccessToken(session.id), (err: unknown) => (err as Error).name === 'SessionExpiredError');
    assert.equal(sandbox.stats().token.refresh_token, 0);
    assert.deepEqual(removed, ['expired']);
  });
});
