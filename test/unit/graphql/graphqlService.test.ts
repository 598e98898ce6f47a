import { strict as assert } from 'node:assert';
import { GraphqlService, type SessionSource } from '../../../src/graphql/graphqlService';
import { NotSignedInError, RestrictedModeError, ServerNotApprovedError } from '../../../src/core/errors';
import { serverIdentity, serverKey } from '../../../src/core/auth/serverIdentity';
import type { Environment } from '../../../src/core/auth/environments';
import { nullLogger } from '../../../src/core/logger';
import { record, testEnv } from '../core/auth/fakes';
import { startScriptedServer, type ScriptedServer } from '../core/http/scriptedServer';

/**
 * The one place a request gets a token (runs, introspection, exports): the checks in front of it.
 * (src/graphql imports only types of 'vscode', so it runs in plain Node.)
 */
describe('graphql/GraphqlService target: a token goes only to the server that issued it', () => {
  let server: ScriptedServer;
  beforeEach(async () => {
    server = await startScriptedServer([{ status: 200, body: { data: { ok: true } } }]);
  });
  afterEach(() => server.close());

  function service(env: Environment | undefined, options: { trusted?: boolean; allowed?: boolean; sessionServer?: Environment } = {}) {
    const session = record('s1', { accessToken: 'USER-TOKEN', server: serverIdentity(options.sessionServer ?? env ?? testEnv(server.baseUrl)) });
    const source: SessionSource = {
      activeEnvironment: () => env,
      activeSession: () => Promise.resolve(session),
      sessionsOf: (e) => Promise.resolve(serverKey(serverIdentity(e)) === serverKey(session.server) ? [session] : []),
      isAllowed: () => options.allowed ?? true,
      trusted: options.trusted ?? true,
      getAccessToken: () => Promise.resolve(session.accessToken),
    };
    return new GraphqlService(source, nullLogger);
  }
  const run = (s: GraphqlService) => s.execute({ query: '{ ok }' });

  it('sends the session’s token to its own server', async () => {
    const env = testEnv(server.baseUrl);
    const result = await run(service(env));
    assert.equal(result.status, 200);
    assert.equal(server.requests[0].headers.authorization, 'Bearer USER-TOKEN');
  });

  const refused: [string, () => GraphqlService, new (...args: never[]) => Error][] = [
    ['in Restricted Mode', () => service(testEnv(server.baseUrl), { trusted: false }), RestrictedModeError],
    ['to a workspace-defined server the person has not allowed', () => service(testEnv(server.baseUrl, { origin: 'workspace' }), { allowed: false }), ServerNotApprovedError],
    [
      'with a session another server issued (same name, other address)',
      () => service(testEnv(server.baseUrl, { name: 'Acme' }), { sessionServer: testEnv('https://api.example.test', { name: 'Acme' }) }),
      NotSignedInError,
    ],
    ['with a session of another client id', () => service(testEnv(server.baseUrl), { sessionServer: testEnv(server.baseUrl, { clientId: 'other' }) }), NotSignedInError],
    ['without an environment', () => service(undefined), NotSignedInError],
  ];
  for (const [what, make, type] of refused) {
    it(`sends nothing ${what}`, async () => {
      await assert.rejects(run(make()), type);
      assert.equal(server.requests.length, 0);
    });
  }

  it('sends to another environment (Run on Another Environment) only with that server’s own session', async () => {
    const active = testEnv('https://api.example.test', { name: 'Production' });
    const staging = testEnv(server.baseUrl, { name: 'Staging' });
    // The session belongs to Staging's server: a request for Staging goes there with it.
    const s = service(active, { sessionServer: staging });
    const result = await s.execute({ query: '{ ok }', environment: staging });
    assert.equal(result.environment.name, 'Staging');
    assert.equal(server.requests[0].headers.authorization, 'Bearer USER-TOKEN');
    // A session of another server is never sent to an environment it was not issued for.
    const other = service(active, { sessionServer: testEnv('https://api.example.test', { name: 'Production' }) });
    await assert.rejects(other.execute({ query: '{ ok }', environment: staging }), NotSignedInError);
    assert.equal(server.requests.length, 1);
    // The checks hold for the chosen environment too.
    await assert.rejects(service(active, { trusted: false, sessionServer: staging }).execute({ query: '{ ok }', environment: staging }), RestrictedModeError);
  });

  it('gives no token for an export when the target is refused', async () => {
    await assert.rejects(service(testEnv(server.baseUrl), { trusted: false }).currentAccessToken(), RestrictedModeError);
  });
});
