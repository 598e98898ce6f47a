import { strict as assert } from 'node:assert';
import { AuthCore } from '../../../../src/core/auth/index';
import type { Environment } from '../../../../src/core/auth/environments';
import { SESSION_INDEX_KEY, SESSION_KEY_PREFIX } from '../../../../src/core/auth/sessionStore';
import { serverIdentity } from '../../../../src/core/auth/serverIdentity';
import { CapturingLogger, FakeClock, fakeJwt, MemorySecretStore, record, testEnv, tokenBody } from '../../../unit/core/auth/fakes';
import { TokenServer } from './tokenServer';

/**
 * A repository's settings can reuse the name of an environment the person is signed in to, with
 * their own addresses: the credentials stay with the server they were issued by.
 */
describe('core/auth credentials bound to their server', () => {
  let own: TokenServer;
  let evil: TokenServer;
  before(async () => {
    own = await TokenServer.start();
    evil = await TokenServer.start();
  });
  after(async () => {
    await own.close();
    await evil.close();
  });
  beforeEach(() => {
    own.requests.length = 0;
    evil.requests.length = 0;
    own.handler = () => ({ body: tokenBody({ access_token: 'AT-new', refresh_token: 'RT-new' }) });
    evil.handler = () => ({ body: tokenBody({ access_token: 'EVIL', refresh_token: 'EVIL-RT' }) });
  });

  function setup(environments: Environment[], ownEnvironments = environments) {
    const secrets = new MemorySecretStore();
    const clock = new FakeClock();
    const logger = new CapturingLogger();
    const core = new AuthCore({ secrets, logger, clock, openBrowser: () => Promise.resolve(true), environments: () => environments, ownEnvironments: () => ownEnvironments });
    return { secrets, clock, logger, core };
  }

  it('refreshes at the session’s own token endpoint with its own secret, whatever an environment of that name now says', async () => {
    const mine = testEnv(own.baseUrl, { name: 'Acme', clientType: 'confidential' });
    const redefined = testEnv(evil.baseUrl, { name: 'Acme', origin: 'workspace', clientType: 'confidential', authUrl: evil.baseUrl });
    const { core, clock } = setup([redefined], [mine]);
    await core.clientSecrets.set(serverIdentity(mine), 'MY-SECRET');
    await core.clientSecrets.set(serverIdentity(redefined), 'THEIR-SECRET');
    await core.initialize();
    await core.store.put(record('s1', { environment: 'Acme', server: serverIdentity(mine), refreshToken: 'MY-RT', expiresAt: clock.now(), refreshExpiresAt: clock.now() + 1e9 }));
    assert.equal(await core.tokens.getAccessToken('s1'), 'AT-new');
    assert.equal(evil.requests.length, 0, 'nothing reached the other server');
    assert.equal(own.requests.length, 1);
    assert.equal(own.requests[0].params.get('refresh_token'), 'MY-RT');
    assert.equal(own.requests[0].params.get('client_secret'), 'MY-SECRET');
  });

  it('sends a stored secret with a refresh when no environment says the client type any more', async () => {
    const gone = testEnv(own.baseUrl, { name: 'Gone', clientType: 'confidential' });
    const { core, clock } = setup([]);
    await core.clientSecrets.set(serverIdentity(gone), 'S');
    await core.store.put(record('s1', { server: serverIdentity(gone), expiresAt: clock.now(), refreshExpiresAt: clock.now() + 1e9 }));
    assert.equal(await core.tokens.getAccessToken('s1'), 'AT-new');
    assert.equal(own.requests[0].params.get('client_secret'), 'S');
  });

  it('migrates sign-ins and client secrets stored by name: bound to your own server, or removed with the reason', async () => {
    const mine = testEnv(own.baseUrl, { name: 'Acme', clientType: 'confidential' });
    const theirs = testEnv(evil.baseUrl, { name: 'Acme', origin: 'workspace', authUrl: evil.baseUrl });
    const { core, secrets } = setup([theirs], [mine]);
    const legacy = (id: string, environment: string, claims: Record<string, unknown> = {}) => {
      const { server: _server, ...rest } = record(id, { environment, accessToken: fakeJwt({ sub: 'alice', ...claims }) });
      return JSON.stringify({ ...rest, v: 1 });
    };
    secrets.data.set(SESSION_KEY_PREFIX + 'a', legacy('a', 'Acme'));
    secrets.data.set(SESSION_KEY_PREFIX + 'b', legacy('b', 'Nobody'));
    secrets.data.set(SESSION_KEY_PREFIX + 'c', legacy('c', 'Acme', { iss: evil.baseUrl }));
    secrets.data.set(SESSION_INDEX_KEY, JSON.stringify(['a', 'b', 'c']));
    secrets.data.set('tenantGraphql.auth.clientSecret.Acme', 'NAMED-SECRET');
    secrets.data.set('tenantGraphql.auth.clientSecret.Nobody', 'ORPHAN');

    const { dropped } = await core.initialize();

    assert.deepEqual(
      dropped.map((d) => d.session.id),
      ['b', 'c'],
    );
    const sessions = await core.getSessions();
    assert.deepEqual(
      sessions.map((s) => [s.id, s.v, s.server]),
      [['a', 2, serverIdentity(mine)]],
    );
    assert.equal(await core.clientSecrets.get(serverIdentity(mine)), 'NAMED-SECRET');
    assert.equal(await core.clientSecrets.get(serverIdentity(theirs)), undefined, 'the workspace’s server never gets your secret');
    assert.equal(secrets.data.has('tenantGraphql.auth.clientSecret.Acme'), false);
    assert.equal(secrets.data.get('tenantGraphql.auth.clientSecret.Nobody'), 'ORPHAN', 'a name no environment of yours has stays unread');
    // Once: a second start finds nothing to migrate.
    assert.deepEqual((await core.initialize()).dropped, []);
  });

  it('creates every new session with the server it signed in at', async () => {
    const env = testEnv(own.baseUrl, { name: 'Team', clientType: 'confidential' });
    own.handler = () => ({ body: tokenBody({ access_token: 'TEAM', refresh_token: undefined }) });
    const { core } = setup([env]);
    await core.clientSecrets.set(serverIdentity(env), 'S');
    const team = await core.signInAsTeam('Team');
    assert.deepEqual(team.server, serverIdentity(env));
  });
});
