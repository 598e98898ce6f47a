import { strict as assert } from 'node:assert';
import { GraphqlService, type SessionSource } from '../../../src/services/graphql/graphqlService';
import { NotSignedInError, RestrictedModeError, ServerNotApprovedError } from '../../../src/core/errors';
import { serverIdentity, serverKey } from '../../../src/core/auth/serverIdentity';
import type { Environment } from '../../../src/core/auth/environments';
import { nullLogger } from '../../../src/core/logger';
import { environmentHeaders, HeaderSecrets } from '../../../src/core/auth/headerSecrets';
import { ConfigurationError } from '../../../src/core/errors';
import { MemorySecretStore, record, testEnv } from '../../unit/core/auth/fakes';
import { startScriptedServer, type ScriptedServer } from '../core/http/scriptedServer';

/**
 * The one place a request gets a token (runs, introspection, exports): the checks in front of it.
 * (src/graphql imports only types of 'vscode', so it runs in plain Node.)
 */
describe('graphql/GraphqlService target: a token goes only to the server that issued it', () => {
  let server: ScriptedServer;
  let headerSecrets: HeaderSecrets;
  beforeEach(async () => {
    server = await startScriptedServer([{ status: 200, body: { data: { ok: true } } }]);
    headerSecrets = new HeaderSecrets(new MemorySecretStore());
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
      tokens: { getAccessToken: () => Promise.resolve(session.accessToken) },
      headersOf: (e) => environmentHeaders(e, headerSecrets),
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
    await assert.rejects(service(testEnv(server.baseUrl), { trusted: false }).accessTokenFor(), RestrictedModeError);
  });

  describe("the environment's headers", () => {
    it('sends the token in the header and scheme the environment names, and its plain and secret headers', async () => {
      const env = testEnv(server.baseUrl, { authHeader: { name: 'X-Api-Token', scheme: '' }, headers: { 'X-Tenant': 'acme' }, secretHeaders: ['X-Api-Key'] });
      await headerSecrets.set(serverIdentity(env), 'x-api-key', 'KEY-123456');
      await run(service(env));
      const seen = server.requests[0].headers;
      assert.equal(seen['x-api-token'], 'USER-TOKEN');
      assert.equal(seen.authorization, undefined);
      assert.equal(seen['x-tenant'], 'acme');
      assert.equal(seen['x-api-key'], 'KEY-123456');
      assert.equal(seen.accept, 'application/graphql-response+json, application/json;q=0.9');
    });

    it('uses a scheme other than Bearer when asked', async () => {
      await run(service(testEnv(server.baseUrl, { authHeader: { name: 'Authorization', scheme: 'Token' } })));
      assert.equal(server.requests[0].headers.authorization, 'Token USER-TOKEN');
    });

    it("refuses to send without a secret header's value, saying how to set it", async () => {
      await assert.rejects(run(service(testEnv(server.baseUrl, { secretHeaders: ['X-Api-Key'] }))), (err: unknown) => {
        assert.ok(err instanceof ConfigurationError);
        assert.match(err.message, /X-Api-Key .* "Set Header Secret"/);
        return true;
      });
      assert.equal(server.requests.length, 0);
    });

    it('keys a secret header value by server: the same header of another server has none', async () => {
      const mine = testEnv(server.baseUrl, { secretHeaders: ['X-Api-Key'] });
      await headerSecrets.set(serverIdentity({ ...mine, clientId: 'another-client' }), 'X-Api-Key', 'OTHER-KEY-1');
      await assert.rejects(run(service(mine)), ConfigurationError);
      assert.equal(server.requests.length, 0);
    });
  });
});
