import { strict as assert } from 'node:assert';
import { serverIdentity } from '../../../../src/core/auth/serverIdentity';
import { AuthorizationError, CancelledError, ConfigurationError } from '../../../../src/core/errors';
import { SignInTimeoutError } from '../../../../src/core/auth/authErrors';
import type { Environment } from '../../../../src/core/auth/environments';
import { AuthCore } from '../../../../src/core/auth/index';
import { CapturingLogger, FakeClock, fakeJwt, ManualTimers, MemorySecretStore, s256, testEnv, tokenBody } from '../../../unit/core/auth/fakes';
import { TokenServer } from './tokenServer';

const redirectUri = 'vscode://tenantlabs.tenant-graphql/auth-callback';

/** What the fake browser does with the E1 address. */
type BrowserAction = (authorizeUrl: URL, core: AuthCore) => void | Promise<void>;

describe('core/auth/signIn (through AuthCore)', () => {
  let server: TokenServer;
  let secrets: MemorySecretStore;
  let clock: FakeClock;
  let timers: ManualTimers;
  let logger: CapturingLogger;
  let core: AuthCore;
  let envs: Environment[];
  let opened: URL[];
  let browser: BrowserAction;
  let issued: Map<string, { challenge: string; redirectUri: string }>;
  let codeCount: number;

  before(async () => {
    server = await TokenServer.start();
  });
  after(() => server.close());

  /** The fake browser: consents and comes back through the URI handler. */
  const consent = (url: URL, c: AuthCore): void => {
    const code = `code-${++codeCount}`;
    issued.set(code, { challenge: url.searchParams.get('code_challenge')!, redirectUri: url.searchParams.get('redirect_uri')! });
    setImmediate(() => c.handleCallback(new URLSearchParams({ code, state: url.searchParams.get('state')! })));
  };

  beforeEach(async () => {
    server.requests.length = 0;
    secrets = new MemorySecretStore();
    clock = new FakeClock();
    timers = new ManualTimers();
    logger = new CapturingLogger();
    envs = [testEnv(server.baseUrl)];
    opened = [];
    issued = new Map();
    codeCount = 0;
    browser = consent;
    server.handler = (params) => {
      if (params.get('grant_type') === 'authorization_code') {
        const grant = issued.get(params.get('code')!);
        issued.delete(params.get('code')!);
        if (!grant || s256(params.get('code_verifier')!) !== grant.challenge || params.get('redirect_uri') !== grant.redirectUri) {
          return { status: 400, body: { error: 'invalid_grant', error_description: 'bad code' } };
        }
        return { body: tokenBody({ access_token: fakeJwt({ sub: 'alice', scope: 'tasks:read', groups: [] }), refresh_token: 'RT-secret-1' }) };
      }
      if (params.get('grant_type') === 'client_credentials') {
        return { body: tokenBody({ access_token: 'TEAM-secret-1', refresh_token: undefined }) };
      }
      return { body: tokenBody() };
    };
    core = new AuthCore({
      secrets,
      // Not the redacting logger: the core itself must not write secrets.
      logger,
      clock,
      timers,
      environments: () => envs,
      openBrowser: async (url) => {
        const u = new URL(url);
        opened.push(u);
        await browser(u, core);
        return true;
      },
    });
    await core.initialize();
  });
  afterEach(() => core.dispose());

  it('signs in: E1 in the browser, callback, exchange at once, session stored', async () => {
    const session = await core.signIn({ environment: envs[0], redirectUri });
    assert.equal(opened.length, 1);
    assert.equal(opened[0].origin + opened[0].pathname, 'https://auth.example.test/oauth/authorize');
    assert.equal(opened[0].searchParams.get('code_challenge_method'), 'S256');
    assert.equal(opened[0].searchParams.get('scope'), 'tasks:read files:read');
    assert.equal(session.kind, 'user');
    assert.deepEqual(session.account, { id: 'alice', label: 'alice' });
    assert.deepEqual(session.scopes, ['tasks:read', 'files:read']);
    assert.deepEqual(
      (await core.getSessions()).map((s) => s.id),
      [session.id],
    );
    assert.equal(await core.tokens.getAccessToken(session.id), session.accessToken);
    assert.equal(server.requests[0].params.get('redirect_uri'), redirectUri);
    assert.equal(core.pending.size, 0);
    assert.equal(timers.active, 0);
  });

  it('restarts the sign-in with a fresh verifier and state on invalid_grant, never retrying the code', async () => {
    let first = true;
    browser = (url, c) => {
      if (first) {
        first = false;
        // A code the server will refuse (e.g. older than 60 s).
        setImmediate(() => c.handleCallback(new URLSearchParams({ code: 'stale', state: url.searchParams.get('state')! })));
        return;
      }
      consent(url, c);
    };
    const session = await core.signIn({ environment: envs[0], redirectUri });
    assert.ok(session.id);
    assert.equal(opened.length, 2);
    assert.notEqual(opened[0].searchParams.get('state'), opened[1].searchParams.get('state'));
    assert.notEqual(opened[0].searchParams.get('code_challenge'), opened[1].searchParams.get('code_challenge'));
    const codes = server.grants('authorization_code').map((r) => r.params.get('code'));
    assert.deepEqual(codes, ['stale', 'code-1']);
  });

  it('gives up after the restart also gets invalid_grant', async () => {
    browser = (url, c) => void setImmediate(() => c.handleCallback(new URLSearchParams({ code: 'stale', state: url.searchParams.get('state')! })));
    await assert.rejects(core.signIn({ environment: envs[0], redirectUri }), (err: unknown) => err instanceof AuthorizationError && err.error === 'invalid_grant');
    assert.equal(opened.length, 2);
  });

  it('reports access_denied and exchanges nothing', async () => {
    browser = (url, c) => void setImmediate(() => c.handleCallback(new URLSearchParams({ error: 'access_denied', state: url.searchParams.get('state')! })));
    await assert.rejects(core.signIn({ environment: envs[0], redirectUri }), (err: unknown) => err instanceof AuthorizationError && err.error === 'access_denied');
    assert.equal(server.requests.length, 0);
    assert.equal(core.pending.size, 0);
  });

  it('never exchanges a forged callback and still accepts the real one', async () => {
    browser = (url, c) => {
      setImmediate(() => {
        const forged = c.handleCallback(new URLSearchParams({ code: 'evil', state: 'x'.repeat(43) }));
        assert.equal(forged.kind, 'rejected');
        consent(url, c);
      });
    };
    await core.signIn({ environment: envs[0], redirectUri });
    assert.deepEqual(
      server.requests.map((r) => r.params.get('code')),
      ['code-1'],
    );
  });

  it('times out after the limit and cleans up', async () => {
    browser = () => void setImmediate(() => timers.fireAll());
    await assert.rejects(core.signIn({ environment: envs[0], redirectUri }), SignInTimeoutError);
    assert.equal(timers.scheduled[0].ms, 5 * 60_000);
    assert.equal(core.pending.size, 0);
    assert.equal(core.handleCallback(new URLSearchParams({ code: 'late', state: opened[0].searchParams.get('state')! })).kind, 'rejected');
  });

  it('cancels on abort and cleans up', async () => {
    const controller = new AbortController();
    browser = () => void setImmediate(() => controller.abort());
    await assert.rejects(core.signIn({ environment: envs[0], redirectUri, signal: controller.signal }), CancelledError);
    assert.equal(core.pending.size, 0);
    assert.equal(timers.active, 0);
    assert.equal(server.requests.length, 0);
  });

  it('treats a browser that did not open as a cancellation unless the address is shown', async () => {
    const quiet = new AuthCore({ secrets, logger, clock, timers, environments: () => envs, openBrowser: async () => false });
    await assert.rejects(quiet.signIn({ environment: envs[0], redirectUri }), CancelledError);
    assert.equal(quiet.pending.size, 0);
    let shown: string | undefined;
    const signingIn = quiet.signIn({ environment: envs[0], redirectUri, onAuthorizeUrl: (u) => (shown = u) });
    while (!shown) {
      await new Promise((r) => setImmediate(r));
    }
    const u = new URL(shown);
    issued.set('pasted', { challenge: u.searchParams.get('code_challenge')!, redirectUri });
    // Mode (c): the user pastes the address the browser ended on.
    assert.equal(quiet.handlePastedUrl(`${redirectUri}?code=pasted&state=${u.searchParams.get('state')}`).kind, 'code');
    assert.equal((await signingIn).kind, 'user');
    quiet.dispose();
  });

  it('signs in through the loopback receiver', async () => {
    envs = [testEnv(server.baseUrl, { redirectMode: 'loopback', loopbackPort: 0 })];
    browser = async (url) => {
      const redirect = url.searchParams.get('redirect_uri')!;
      assert.match(redirect, /^http:\/\/127\.0\.0\.1:\d+\/auth-callback$/);
      issued.set('lb', { challenge: url.searchParams.get('code_challenge')!, redirectUri: redirect });
      setImmediate(() => {
        void fetch(`${redirect}?code=lb&state=${url.searchParams.get('state')}`).then(async (res) => {
          assert.match(await res.text(), /You can close this tab/);
        });
      });
    };
    const session = await core.signIn({ environment: envs[0] });
    assert.equal(session.kind, 'user');
    const redirect = opened[0].searchParams.get('redirect_uri')!;
    await assert.rejects(fetch(redirect), 'the receiver must be closed afterwards');
  });

  it('needs a client secret for a confidential client and sends it at the exchange', async () => {
    envs = [testEnv(server.baseUrl, { clientType: 'confidential' })];
    await assert.rejects(core.signIn({ environment: envs[0], redirectUri }), ConfigurationError);
    assert.equal(opened.length, 0);
    await core.clientSecrets.set(serverIdentity(envs[0]), 'CLIENT-SECRET-1');
    await core.signIn({ environment: envs[0], redirectUri });
    assert.equal(server.requests[0].params.get('client_secret'), 'CLIENT-SECRET-1');
  });

  it('gets a team token with client credentials, shown as Team', async () => {
    envs = [testEnv(server.baseUrl, { clientType: 'confidential' })];
    await core.clientSecrets.set(serverIdentity(envs[0]), 'CLIENT-SECRET-1');
    const team = await core.signInAsTeam('test');
    assert.equal(team.kind, 'team');
    assert.deepEqual(team.account, { id: 'team:client-1', label: 'Team' });
    assert.equal(team.refreshToken, undefined);
    await assert.rejects(core.signInAsTeam('missing'), ConfigurationError);
    envs = [testEnv(server.baseUrl)];
    await assert.rejects(core.signInAsTeam('test'), ConfigurationError);
  });

  it('keeps tokens, codes, verifiers, states and secrets out of the log', async () => {
    envs = [testEnv(server.baseUrl, { clientType: 'confidential' })];
    await core.clientSecrets.set(serverIdentity(envs[0]), 'CLIENT-SECRET-1');
    const session = await core.signIn({ environment: envs[0], redirectUri });
    await core.signInAsTeam('test');
    clock.advance(3600_000);
    await core.tokens.getAccessToken(session.id);
    core.handleCallback('code=zzz&state=forged-state-value');
    const text = logger.text;
    assert.ok(text.length > 0);
    const state = opened[0].searchParams.get('state')!;
    for (const secret of ['CLIENT-SECRET-1', 'RT-secret-1', 'TEAM-secret-1', session.accessToken, 'code-1', state, 'forged-state-value', 'eyJ']) {
      assert.ok(!text.includes(secret), `the log contains ${secret}:\n${text}`);
    }
  });
});
