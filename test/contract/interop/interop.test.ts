import { strict as assert } from 'node:assert';
import { buildClientSchema, type GraphQLEnumType, type GraphQLObjectType } from 'graphql';
import { AuthCore } from '../../../src/core/auth';
import type { Environment } from '../../../src/core/auth/environments';
import { decodeJwtForDisplay } from '../../../src/core/auth/jwtDisplay';
import { GraphqlHttpClient } from '../../../src/core/http/graphqlClient';
import { MissingScopeError, UnauthorizedError } from '../../../src/core/http/httpErrors';
import { bearerHooks } from '../../../src/core/http/tokenPolicy';
import { mapErrorLocations } from '../../../src/core/run/errorLocations';
import { INTROSPECTION_QUERY, introspectionPayload } from '../../../src/core/schema/loadSchema';
import { CapturingLogger, MemorySecretStore, testEnv } from '../../unit/core/auth/fakes';
import { API_RESOURCE, browse, PUBLIC_CLIENT, startInteropServers, TEAM_CLIENT, TEAM_SECRET, USER, type InteropServers } from './servers';

/**
 * The extension's core against a tenant no one here wrote: oidc-provider (OpenID
 * Certified) and graphql-http, configured only. Sign-in through the loopback redirect with PKCE and
 * the provider's own login and consent pages, refresh, introspection, runs and the mapping of their
 * errors. What differs from the Sandbox is asserted where it shows (space-separated scope claim, an
 * opaque `sub`, refresh tokens only for offline_access, rotation, `iss` on the callback, 4xx GraphQL
 * answers of application/graphql-response+json, a 401 with a GraphQL body).
 */
describe('interop: oidc-provider + graphql-http, configured as the spec asks', function () {
  this.timeout(60_000);
  let servers: InteropServers;
  let core: AuthCore;
  let logger: CapturingLogger;
  let http: GraphqlHttpClient;
  let user: Environment;
  let offline: Environment;
  let team: Environment;
  let browsed: string[];
  let browseError: Error | undefined;

  before(async () => {
    servers = await startInteropServers({ redirectUri: 'http://127.0.0.1/auth-callback' });
    const base = { authUrl: servers.url, clientId: PUBLIC_CLIENT, redirectMode: 'loopback' as const, loopbackPort: 0, resource: API_RESOURCE };
    user = testEnv(servers.url, { ...base, name: 'Interop', scopes: ['tasks:read'] });
    offline = testEnv(servers.url, { ...base, name: 'Interop (offline)', scopes: ['tasks:read', 'files:read', 'openid', 'profile'], offlineAccess: true });
    team = testEnv(servers.url, {
      name: 'Interop (team)',
      authUrl: servers.url,
      clientId: TEAM_CLIENT,
      clientType: 'confidential',
      scopes: ['tasks:read'],
      resource: API_RESOURCE,
    });
  });
  after(() => servers.close());
  beforeEach(async () => {
    logger = new CapturingLogger();
    browsed = [];
    browseError = undefined;
    core = new AuthCore({
      secrets: new MemorySecretStore(),
      logger,
      environments: () => [user, offline, team],
      openBrowser: async (url) => {
        browsed.push(url);
        // The browser: the provider's pages, then the loopback redirect, which the extension serves.
        void browse(url, (u) => u.pathname === '/auth-callback')
          .then((callback) => fetch(callback))
          .catch((err: unknown) => {
            // A failed page ends the sign-in now, with the reason, instead of at its timeout.
            browseError = err instanceof Error ? err : new Error(String(err));
            core.pending.cancelAll();
          });
        return true;
      },
    });
    await core.initialize();
    http = new GraphqlHttpClient({ logger });
  });
  afterEach(async function () {
    if (browseError && this.currentTest?.state === 'failed') {
      console.error(`the browser failed: ${browseError.message}`);
    }
    core.dispose();
    await http.close();
  });

  const run = (sessionId: string, query: string, variables?: Record<string, unknown>) =>
    http.execute({ baseUrl: servers.url, query, variables, ...bearerHooks(core.tokens, sessionId) });

  it('signs in with PKCE through the loopback redirect and the provider’s login and consent pages; the account is named, not its opaque sub', async () => {
    const session = await core.signIn({ environment: user });
    const authorize = new URL(browsed[0]);
    assert.equal(authorize.pathname, '/oauth/authorize');
    assert.equal(authorize.searchParams.get('code_challenge_method'), 'S256');
    assert.equal(authorize.searchParams.get('resource'), API_RESOURCE);
    const claims = decodeJwtForDisplay(session.accessToken);
    assert.equal(claims?.sub, USER.sub);
    assert.deepEqual(claims?.groups, ['eng']);
    assert.equal(session.account.id, USER.sub);
    // The access token is a JWT for the API (RFC 9068) with no name in it: the label falls back to sub.
    assert.equal(session.account.label, USER.sub);
    // Difference: no refresh token unless offline_access is asked for with consent.
    assert.equal(session.refreshToken, undefined);
  });

  it('with offlineAccess gets a refresh token, reads the space-separated scope claim and names the account from the ID token', async () => {
    const session = await core.signIn({ environment: offline });
    const authorize = new URL(browsed[0]);
    assert.match(authorize.searchParams.get('scope') ?? '', /\boffline_access\b/);
    assert.equal(authorize.searchParams.get('prompt'), 'consent');
    assert.ok(session.refreshToken, 'a refresh token');
    assert.equal(session.account.label, 'alice', 'preferred_username of the ID token');
    const claims = decodeJwtForDisplay(session.accessToken);
    assert.equal(claims?.scopeSeparator, 'space');
    assert.deepEqual([...(claims?.scopes ?? [])].sort(), ['files:read', 'tasks:read']);
  });

  it('refreshes with the resource, and follows the provider’s rotating refresh tokens', async () => {
    const session = await core.signIn({ environment: offline });
    const first = await core.tokens.getAccessToken(session.id, { forceRefresh: true, rejectedToken: session.accessToken });
    const afterFirst = (await core.getSessions()).find((s) => s.id === session.id)!;
    assert.notEqual(first, session.accessToken);
    assert.notEqual(afterFirst.refreshToken, session.refreshToken, 'the provider rotated the refresh token');
    const second = await core.tokens.getAccessToken(session.id, { forceRefresh: true, rejectedToken: first });
    assert.notEqual(second, first);
    const refreshes = servers.tokenRequests.filter((p) => p.grant_type === 'refresh_token');
    assert.ok(refreshes.length >= 2);
    assert.ok(
      refreshes.every((p) => p.resource === API_RESOURCE),
      JSON.stringify(refreshes),
    );
    const result = await run(session.id, '{ tasks { edges { node { id } } } }');
    assert.equal(result.status, 200);
    // The provider's record of what it issued (what the whole-run secret scan searches for) holds every refresh token this session had.
    const refreshTokens = servers.issued.filter((i) => i.kind === 'refresh_token').map((i) => i.value);
    const latest = (await core.getSessions()).find((s) => s.id === session.id)!.refreshToken!;
    for (const token of [session.refreshToken!, afterFirst.refreshToken!, latest]) {
      assert.ok(refreshTokens.includes(token), 'a refresh token the client holds is in the provider’s record');
    }
  });

  it('refreshes when the API answers 401 invalid_token for an expired token, and runs again', async () => {
    const session = await core.signIn({ environment: offline });
    const query = '{ tasks { edges { node { id } } } }';
    assert.equal((await run(session.id, query)).status, 200);
    const refreshes = () => servers.tokenRequests.filter((p) => p.grant_type === 'refresh_token').length;
    const before = refreshes();
    servers.expireAccessTokens();
    const again = await run(session.id, query);
    assert.equal(again.status, 200);
    assert.equal(refreshes(), before + 1, 'one refresh after the 401');
  });

  it('introspects with the extension’s own query into a schema, and runs the spec’s example operations (a priority filter, File.fields)', async () => {
    const session = await core.signIn({ environment: offline });
    // The introspection the schema service sends, read into a schema the way it reads it.
    const intro = await run(session.id, INTROSPECTION_QUERY);
    assert.equal(intro.status, 200);
    const schema = buildClientSchema(introspectionPayload(intro.body));
    assert.deepEqual(
      (schema.getType('TaskPriority') as GraphQLEnumType).getValues().map((v) => v.name),
      ['LOW', 'MEDIUM', 'HIGH', 'URGENT'],
    );
    assert.ok((schema.getType('File') as GraphQLObjectType).getFields().fields, 'File.fields');
    const tasks = await run(session.id, 'query Urgent($p: TaskPriority!) { tasks(filter: { priority: $p }) { edges { node { id name priority } } } }', { p: 'URGENT' });
    assert.deepEqual(
      (tasks.body.data as { tasks: { edges: { node: { priority: string } }[] } }).tasks.edges.map((e) => e.node.priority),
      ['URGENT', 'URGENT'],
    );
    const files = await run(session.id, '{ files { name fields } }');
    assert.deepEqual(files.body.data, { files: [{ name: 'report.pdf', fields: ['title', 'author'] }] });
    // The JWT went in the Authorization header, with the GraphQL over HTTP media types asked for.
    assert.match(String(servers.graphqlRequests.at(-1)?.accept), /^application\/graphql-response\+json/);
  });

  it('reads a validation error answered 400 as application/graphql-response+json as GraphQL errors with locations', async () => {
    const session = await core.signIn({ environment: offline });
    const query = '{\n  tasks { edges { node { id nmae } } }\n}';
    const result = await run(session.id, query);
    assert.equal(result.status, 400);
    const [d] = mapErrorLocations(query, result.body.errors, { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } });
    assert.match(d.message, /Cannot query field "nmae" on type "Task"/);
    assert.deepEqual(d.range.start, { line: 1, character: query.split('\n')[1].indexOf('nmae') });
  });

  it('maps the server’s 401 with a GraphQL body for a missing scope to the scope to ask for', async () => {
    const session = await core.signIn({ environment: user });
    await assert.rejects(run(session.id, '{ files { name } }'), (err: unknown) => {
      assert.ok(err instanceof MissingScopeError, String(err));
      assert.deepEqual(err.scopes, ['files:read']);
      return true;
    });
  });

  it('maps a token the server does not accept to "sign in again"', async () => {
    await assert.rejects(http.execute({ baseUrl: servers.url, query: '{ tasks { edges { node { id } } } }', token: async () => 'not-a-jwt' }), (err: unknown) => {
      assert.ok(err instanceof UnauthorizedError && !(err instanceof MissingScopeError), String(err));
      assert.match(err.message, /Sign in again/);
      return true;
    });
  });

  it('gets a team token with Client Credentials for the confidential client and runs with it', async () => {
    const session = await core.signInAsTeam(team.name, { secret: TEAM_SECRET });
    assert.equal(session.kind, 'team');
    const result = await run(session.id, '{ tasks { edges { node { id } } } }');
    assert.equal(result.status, 200);
  });

  it('never logs a token, code, verifier or state', async () => {
    const before = servers.tokenRequests.length;
    const session = await core.signIn({ environment: offline });
    await run(session.id, '{ tasks { edges { node { id } } } }');
    // The code and verifier as the provider received them at its token endpoint; the state as sent to it.
    const exchange = servers.tokenRequests.slice(before).find((p) => p.grant_type === 'authorization_code');
    const code = String(exchange?.code ?? '');
    const verifier = String(exchange?.code_verifier ?? '');
    const state = new URL(browsed[0]).searchParams.get('state') ?? '';
    assert.ok(code.length > 10 && verifier.length >= 43 && state.length > 10, 'the secrets of this sign-in were seen');
    assert.ok(
      servers.issued.some((i) => i.kind === 'authorization_code' && i.value === code),
      'the code is in the provider’s record (what the whole-run secret scan searches for)',
    );
    const text = logger.lines.join('\n');
    assert.ok(text.length > 0, 'something was logged');
    for (const [what, secret] of Object.entries({ access: session.accessToken, refresh: session.refreshToken!, code, verifier, state })) {
      assert.ok(!text.includes(secret), `the ${what} in the log`);
    }
  });
});
