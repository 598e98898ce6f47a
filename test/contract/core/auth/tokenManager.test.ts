import { strict as assert } from 'node:assert';
import { sameServer, serverIdentity } from '../../../../src/core/auth/serverIdentity';
import { CancelledError, HttpStatusError } from '../../../../src/core/errors';
import { SessionExpiredError } from '../../../../src/core/auth/authErrors';
import type { Environment } from '../../../../src/core/auth/environments';
import type { SessionRecord } from '../../../../src/core/auth/sessionRecord';
import { ClientSecrets, SESSION_KEY_PREFIX, SessionStore } from '../../../../src/core/auth/sessionStore';
import {
  EXPIRY_MARGIN_MS,
  REFRESH_BACKOFF_BASE_MS,
  REFRESH_THRESHOLD_MS,
  REFRESH_TOKEN_LIFETIME_MS,
  TokenManager,
  type SessionRemovalReason,
  type SessionsChangeEvent,
} from '../../../../src/core/auth/tokenManager';
import { CapturingLogger, FakeClock, MemorySecretStore, record, testEnv, tokenBody } from '../../../unit/core/auth/fakes';
import { TokenServer } from './tokenServer';

describe('core/auth/tokenManager', () => {
  let server: TokenServer;
  let secrets: MemorySecretStore;
  let clock: FakeClock;
  let logger: CapturingLogger;
  let store: SessionStore;
  let manager: TokenManager;
  let env: Environment;
  let removed: { session: SessionRecord; reason: SessionRemovalReason }[];
  let rotation: number;

  before(async () => {
    server = await TokenServer.start();
  });
  after(() => server.close());

  function build(envOverrides: Partial<Environment> = {}) {
    env = testEnv(server.baseUrl, envOverrides);
    store = new SessionStore(secrets, logger);
    manager = new TokenManager({ store, clientSecrets: new ClientSecrets(secrets), clientTypeOf: (s) => (sameServer(s, env) ? env.clientType : undefined), clock, logger });
    removed = [];
    manager.onDidRemoveSession((e) => removed.push(e));
  }

  beforeEach(() => {
    server.requests.length = 0;
    rotation = 0;
    server.handler = () => {
      rotation++;
      return { body: tokenBody({ access_token: `AT${rotation}`, refresh_token: `RT${rotation}` }) };
    };
    secrets = new MemorySecretStore();
    clock = new FakeClock();
    logger = new CapturingLogger();
    build();
  });
  afterEach(() => manager.dispose());

  async function seed(overrides: Partial<SessionRecord> = {}): Promise<SessionRecord> {
    const r = record('s1', { server: serverIdentity(env), expiresAt: clock.now() + 3_000_000, refreshExpiresAt: clock.now() + REFRESH_TOKEN_LIFETIME_MS, ...overrides });
    await store.put(r);
    return r;
  }

  const thresholds: [string, number, boolean][] = [
    ['an hour left', 60 * 60_000, false],
    ['5 minutes and 1 second left', REFRESH_THRESHOLD_MS + 1000, false],
    ['4 minutes 59 seconds left', REFRESH_THRESHOLD_MS - 1000, true],
    ['already expired', -1000, true],
  ];
  for (const [what, remaining, refreshes] of thresholds) {
    it(`${refreshes ? 'refreshes' : 'does not refresh'} with ${what}`, async () => {
      await seed({ expiresAt: clock.now() + remaining });
      const token = await manager.getAccessToken('s1');
      assert.equal(server.grants('refresh_token').length, refreshes ? 1 : 0);
      assert.equal(token, refreshes ? 'AT1' : 'at-s1');
    });
  }

  it('computes the new expiry from the arrival time minus the safety margin and keeps the rotated refresh token', async () => {
    await seed({ expiresAt: clock.now() });
    await manager.getAccessToken('s1');
    const stored = (await store.get('s1'))!;
    assert.equal(stored.accessToken, 'AT1');
    assert.equal(stored.refreshToken, 'RT1');
    assert.equal(stored.expiresAt, clock.now() + 3600_000 - EXPIRY_MARGIN_MS);
    assert.equal(stored.refreshExpiresAt, clock.now() + REFRESH_TOKEN_LIFETIME_MS);
    assert.equal(server.requests[0].params.get('refresh_token'), 'rt-s1');
  });

  it('keeps the old refresh token (and its end) when the refresh response brings none', async () => {
    const seeded = await seed({ expiresAt: clock.now() });
    server.handler = () => ({ body: tokenBody({ access_token: 'AT-kept', refresh_token: undefined }) });
    assert.equal(await manager.getAccessToken('s1'), 'AT-kept');
    clock.advance(3_600_000);
    server.handler = () => ({ body: tokenBody({ access_token: 'AT-again', refresh_token: undefined }) });
    assert.equal(await manager.getAccessToken('s1'), 'AT-again');
    const stored = (await store.get('s1'))!;
    assert.deepEqual([stored.refreshToken, stored.refreshExpiresAt], [seeded.refreshToken, seeded.refreshExpiresAt]);
    assert.deepEqual(
      server.grants('refresh_token').map((r) => r.params.get('refresh_token')),
      ['rt-s1', 'rt-s1'],
    );
  });

  it('follows a rotating server: each refresh sends the refresh token of the one before', async () => {
    await seed({ expiresAt: clock.now() });
    for (let i = 1; i <= 3; i++) {
      assert.equal(await manager.getAccessToken('s1'), `AT${i}`);
      clock.advance(3_600_000);
    }
    assert.deepEqual(
      server.grants('refresh_token').map((r) => r.params.get('refresh_token')),
      ['rt-s1', 'RT1', 'RT2'],
    );
  });

  it("refreshes with the resource (RFC 8707) of the environment for the session's server", async () => {
    manager.dispose();
    env = testEnv(server.baseUrl, { resource: 'https://api.example.test/' });
    manager = new TokenManager({
      store,
      clientSecrets: new ClientSecrets(secrets),
      clientTypeOf: () => 'public',
      tokenOptionsOf: (s) => (sameServer(s, env) ? env : undefined),
      clock,
      logger,
    });
    await seed({ expiresAt: clock.now() });
    await manager.getAccessToken('s1');
    assert.equal(server.grants('refresh_token')[0].params.get('resource'), 'https://api.example.test/');
  });

  it('makes exactly one refresh request for 50 concurrent requests at expiry', async () => {
    await seed({ expiresAt: clock.now() });
    const tokens = await Promise.all(Array.from({ length: 50 }, () => manager.getAccessToken('s1')));
    assert.equal(server.grants('refresh_token').length, 1);
    assert.deepEqual(new Set(tokens), new Set(['AT1']));
  });

  it('persists the rotated refresh token before handing out the new access token', async () => {
    await seed({ expiresAt: clock.now() });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let stored = false;
    secrets.onStore = async (key) => {
      if (key === `${SESSION_KEY_PREFIX}s1`) {
        await held;
        stored = true;
      }
    };
    let resolved = false;
    const pending = manager.getAccessToken('s1').then((t) => {
      resolved = true;
      assert.equal(stored, true, 'the access token was returned before the refresh token was stored');
      return t;
    });
    while (server.requests.length === 0) {
      await new Promise((r) => setImmediate(r));
    }
    for (let i = 0; i < 20; i++) {
      await new Promise((r) => setImmediate(r));
    }
    assert.equal(resolved, false);
    release();
    assert.equal(await pending, 'AT1');
    assert.equal(JSON.parse(secrets.data.get(`${SESSION_KEY_PREFIX}s1`)!).refreshToken, 'RT1');
  });

  it('removes the session and tells the glue on invalid_grant', async () => {
    await seed({ expiresAt: clock.now() });
    server.handler = () => ({ status: 400, body: { error: 'invalid_grant', error_description: 'refresh token revoked' } });
    await assert.rejects(manager.getAccessToken('s1'), SessionExpiredError);
    assert.equal(await store.get('s1'), undefined);
    assert.deepEqual(
      removed.map((e) => [e.session.id, e.reason]),
      [['s1', 'invalid_grant']],
    );
    await assert.rejects(manager.getAccessToken('s1'), SessionExpiredError);
  });

  it('removes a session whose refresh token is older than a month without asking the server', async () => {
    await seed({ expiresAt: clock.now(), refreshExpiresAt: clock.now() - 1 });
    await assert.rejects(manager.getAccessToken('s1'), SessionExpiredError);
    assert.equal(server.requests.length, 0);
    assert.deepEqual(
      removed.map((e) => e.reason),
      ['expired'],
    );
  });

  it('keeps the session on a network error, serves the still-valid token and backs off', async () => {
    const refusedAt = await TokenServer.start();
    const deadUrl = refusedAt.baseUrl;
    await refusedAt.close();
    env = { ...env, baseUrl: deadUrl };
    await seed({ expiresAt: clock.now() + REFRESH_THRESHOLD_MS - 1000 });
    assert.equal(await manager.getAccessToken('s1'), 'at-s1');
    assert.match(logger.text, /Could not refresh session s1 .*keeping it/);
    // Backing off: the next call does not even try.
    const warnings = logger.lines.length;
    assert.equal(await manager.getAccessToken('s1'), 'at-s1');
    assert.equal(logger.lines.length, warnings);
    assert.ok(await store.get('s1'));
    assert.deepEqual(removed, []);
  });

  it('keeps the session on a 5xx and rethrows once the token has expired; retries after the back-off', async () => {
    await seed({ expiresAt: clock.now() - 1 });
    server.handler = () => ({ status: 503, raw: 'down', headers: { 'content-type': 'text/plain' } });
    await assert.rejects(manager.getAccessToken('s1'), (err: unknown) => err instanceof HttpStatusError && err.status === 503);
    await assert.rejects(manager.getAccessToken('s1'), HttpStatusError);
    assert.equal(server.requests.length, 1, 'no second request during the back-off');
    assert.ok(await store.get('s1'));
    server.handler = () => ({ body: tokenBody({ access_token: 'AT-after', refresh_token: 'RT-after' }) });
    clock.advance(REFRESH_BACKOFF_BASE_MS + 1);
    assert.equal(await manager.getAccessToken('s1'), 'AT-after');
  });

  it('refreshes on forceRefresh even when the token looks valid', async () => {
    await seed();
    assert.equal(await manager.getAccessToken('s1', { forceRefresh: true }), 'AT1');
    assert.equal(server.requests.length, 1);
  });

  it('does not refresh again after a 401 when another window already stored a new token', async () => {
    await seed();
    await store.put(record('s1', { server: serverIdentity(env), accessToken: 'from-other-window', expiresAt: clock.now() + 3_000_000 }));
    assert.equal(await manager.getAccessToken('s1', { forceRefresh: true, rejectedToken: 'at-s1' }), 'from-other-window');
    assert.equal(server.requests.length, 0);
  });

  it("takes the other window's rotation instead of removing the session when its refresh lost the race", async () => {
    await seed({ expiresAt: clock.now() });
    server.handler = async () => {
      // Another window rotated first; our refresh token is now spent.
      await store.put(record('s1', { server: serverIdentity(env), accessToken: 'AT-other', refreshToken: 'RT-other', expiresAt: clock.now() + 3_000_000 }));
      return { status: 400, body: { error: 'invalid_grant' } };
    };
    assert.equal(await manager.getAccessToken('s1'), 'AT-other');
    assert.deepEqual(removed, []);
  });

  it('renews a team session with client credentials and the stored secret', async () => {
    build({ clientType: 'confidential' });
    await new ClientSecrets(secrets).set(serverIdentity(env), 'SECRET');
    await seed({ kind: 'team', refreshToken: undefined, refreshExpiresAt: undefined, expiresAt: clock.now() });
    server.handler = () => ({ body: tokenBody({ access_token: 'TEAM2', refresh_token: undefined }) });
    assert.equal(await manager.getAccessToken('s1'), 'TEAM2');
    assert.deepEqual(Object.fromEntries(server.requests[0].params), { grant_type: 'client_credentials', scope: 'a', client_id: 'client-1', client_secret: 'SECRET' });
  });

  it('lets one caller cancel its wait without cancelling the shared refresh', async () => {
    await seed({ expiresAt: clock.now() });
    const controller = new AbortController();
    const cancelled = manager.getAccessToken('s1', { signal: controller.signal });
    const other = manager.getAccessToken('s1');
    controller.abort();
    await assert.rejects(cancelled, CancelledError);
    assert.equal(await other, 'AT1');
    assert.equal(server.requests.length, 1);
  });

  it('reports added, changed and removed sessions, including those of other windows', async () => {
    await manager.initialize();
    const events: SessionsChangeEvent[] = [];
    manager.onDidChangeSessions((e) => events.push(e));
    const otherWindow = new SessionStore(secrets, logger);
    await otherWindow.put(record('s1', { server: serverIdentity(env), expiresAt: clock.now(), refreshExpiresAt: clock.now() + REFRESH_TOKEN_LIFETIME_MS }));
    await manager.getAccessToken('s1');
    await manager.removeSession('s1');
    await new Promise((r) => setImmediate(r));
    const summary = events.map((e) => [e.added.map((r) => r.id), e.changed.map((r) => r.id), e.removed.map((r) => r.id)]);
    assert.deepEqual(summary, [
      [['s1'], [], []],
      [[], ['s1'], []],
      [[], [], ['s1']],
    ]);
    assert.deepEqual(
      removed.map((e) => e.reason),
      ['signedOut'],
    );
  });

  it('fails plainly for an unknown session', async () => {
    await assert.rejects(manager.getAccessToken('nope'), SessionExpiredError);
  });

  it('never logs tokens', async () => {
    await seed({ expiresAt: clock.now() });
    await manager.getAccessToken('s1');
    server.handler = () => ({ status: 400, body: { error: 'invalid_grant' } });
    await assert.rejects(manager.getAccessToken('s1', { forceRefresh: true }));
    assert.ok(!/at-s1|rt-s1|AT1|RT1/.test(logger.text), logger.text);
  });
});
