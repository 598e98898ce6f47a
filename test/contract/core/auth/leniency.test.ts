import { strict as assert } from 'node:assert';
import { AuthorizationError } from '../../../../src/core/errors';
import { InvalidTokenResponseError } from '../../../../src/core/auth/authErrors';
import { buildAuthorizeUrl } from '../../../../src/core/auth/authorizeUrl';
import { parseEnvironments } from '../../../../src/core/auth/environments';
import { decodeJwtForDisplay, readScopes } from '../../../../src/core/auth/jwtDisplay';
import { checkIssuer, PendingAuthorizations } from '../../../../src/core/auth/pendingAuthorizations';
import { TokenEndpointClient, validateTokenResponse } from '../../../../src/core/auth/tokenEndpoint';
import { userAccount } from '../../../../src/core/auth/tokenManager';
import { FakeClock, fakeJwt, testEnv, tokenBody } from '../../../unit/core/auth/fakes';
import { TokenServer } from './tokenServer';

/**
 * What standard servers do differently from the Service's spec, each read the lenient
 * way the standards allow: no `expires_in`, space-separated scopes, names in other claims, `iss`
 * on the callback, refresh tokens only for `offline_access`, resource indicators.
 */
describe('core/auth leniency towards standard servers', () => {
  const NOW = Date.parse('2026-01-01T00:00:00Z');

  describe('token lifetime without expires_in (RFC 6749 5.1: RECOMMENDED)', () => {
    it("falls back to the access token's exp", () => {
      const tokens = validateTokenResponse(tokenBody({ expires_in: undefined }, { exp: NOW / 1000 + 900 }), NOW);
      assert.equal(tokens.expiresIn, 900);
      assert.equal(tokens.expiresInFrom, 'jwtExp');
    });
    it("assumes the spec's 3600 s for an opaque token, and says so", () => {
      const tokens = validateTokenResponse({ token_type: 'Bearer', access_token: 'opaque-token' }, NOW);
      assert.deepEqual([tokens.expiresIn, tokens.expiresInFrom], [3600, 'assumed']);
    });
    it('refuses a token whose exp has passed, naming the clock, never the token', () => {
      const body = tokenBody({ expires_in: undefined }, { exp: NOW / 1000 - 10 });
      assert.throws(
        () => validateTokenResponse(body, NOW),
        (err: unknown) => err instanceof InvalidTokenResponseError && /clock/.test(err.message) && !err.message.includes(String(body.access_token)),
      );
    });
    it('keeps expires_in when it is sent, over the exp', () => {
      assert.equal(validateTokenResponse(tokenBody({ expires_in: 60 }, { exp: NOW / 1000 + 900 }), NOW).expiresIn, 60);
    });
  });

  describe('token endpoint round trips', () => {
    let server: TokenServer;
    before(async () => {
      server = await TokenServer.start();
    });
    after(() => server.close());
    beforeEach(() => {
      server.requests.length = 0;
    });

    for (const tokenType of ['bearer', 'Bearer', 'BEARER']) {
      it(`accepts token_type "${tokenType}" without expires_in through oauth4webapi`, async () => {
        const exp = Math.floor(Date.now() / 1000) + 1200;
        server.handler = () => ({ body: tokenBody({ token_type: tokenType, expires_in: undefined }, { exp }) });
        const tokens = await new TokenEndpointClient(testEnv(server.baseUrl)).refresh('RT', undefined);
        assert.equal(tokens.tokenType, 'bearer');
        assert.ok(tokens.expiresIn > 1100 && tokens.expiresIn <= 1200, String(tokens.expiresIn));
      });
    }

    it('sends resource (RFC 8707) with the code exchange, the refresh and the team grant', async () => {
      server.handler = () => ({ body: tokenBody() });
      const env = testEnv(server.baseUrl, { resource: 'https://api.example.test/', clientType: 'confidential' });
      const client = new TokenEndpointClient(env);
      await client.exchangeCode({ code: 'C', state: 'S', redirectUri: 'vscode://x.y/auth-callback', verifier: 'v'.repeat(43), clientSecret: 'SECRET' });
      await client.refresh('RT', 'SECRET');
      await client.clientCredentials('SECRET', []);
      assert.deepEqual(
        server.requests.map((r) => r.params.get('resource')),
        ['https://api.example.test/', 'https://api.example.test/', 'https://api.example.test/'],
      );
    });

    it('keeps the ID token of the response for the account name', () => {
      const idToken = fakeJwt({ sub: 'opaque-1', name: 'Alice Example' });
      assert.equal(validateTokenResponse({ ...tokenBody(), id_token: idToken }).idToken, idToken);
      assert.throws(() => validateTokenResponse({ ...tokenBody(), id_token: 5 }), InvalidTokenResponseError);
    });
  });

  describe('scope claim in either form', () => {
    const cases: [string, unknown, string[], string | undefined][] = [
      ['comma separated (the spec)', 'tasks:read,files:read', ['tasks:read', 'files:read'], 'comma'],
      ['comma and space', 'tasks:read, files:read', ['tasks:read', 'files:read'], 'comma'],
      ['space separated (RFC 9068)', 'openid tasks:read files:read', ['openid', 'tasks:read', 'files:read'], 'space'],
      ['one scope', 'tasks:read', ['tasks:read'], undefined],
      ['a list (scp)', ['tasks:read', 'files:read'], ['tasks:read', 'files:read'], 'list'],
      ['absent', undefined, [], undefined],
    ];
    for (const [what, claim, scopes, separator] of cases) {
      it(`reads a scope claim ${what}`, () => {
        assert.deepEqual(readScopes(claim), separator ? { scopes, separator } : { scopes });
        if (typeof claim === 'string') {
          const claims = decodeJwtForDisplay(fakeJwt({ scope: claim }));
          assert.deepEqual(claims?.scopes, scopes);
          assert.equal(claims?.scopeSeparator, separator);
        }
      });
    }
  });

  describe('the account label', () => {
    const cases: [string, Record<string, unknown>, Record<string, unknown> | undefined, string][] = [
      ['preferred_username first', { sub: 'u-1', preferred_username: 'alice', name: 'Alice', email: 'a@x.test' }, undefined, 'alice'],
      ['then name', { sub: 'u-1', name: 'Alice Example', email: 'a@x.test' }, undefined, 'Alice Example'],
      ['then email', { sub: 'u-1', email: 'a@x.test' }, undefined, 'a@x.test'],
      ['sub when nothing else', { sub: 'u-1' }, undefined, 'u-1'],
      ['the ID token before the access token', { sub: 'u-1', email: 'at@x.test' }, { sub: 'u-1', preferred_username: 'alice' }, 'alice'],
      ['the access token when the ID token has no name', { sub: 'u-1', email: 'at@x.test' }, { sub: 'u-1' }, 'at@x.test'],
    ];
    for (const [what, access, id, label] of cases) {
      it(`uses ${what}`, () => {
        const account = userAccount({ accessToken: fakeJwt(access), idToken: id ? fakeJwt(id) : undefined });
        assert.deepEqual(account, { id: 'u-1', label });
      });
    }
    it('reads the sub and name of an ID token when the access token is opaque', () => {
      assert.deepEqual(userAccount({ accessToken: 'opaque', idToken: fakeJwt({ sub: 'u-2', name: 'Bob' }) }), { id: 'u-2', label: 'Bob' });
    });
  });

  describe('callback iss (RFC 9207)', () => {
    const env = testEnv('https://api.example.test', { authUrl: 'https://auth.example.test/t1' });
    const cases: [string, Partial<typeof env>, string[], boolean][] = [
      ['no iss, no configured issuer', {}, [], true],
      ['iss equal to authUrl', {}, ['https://auth.example.test/t1'], true],
      ['iss equal to authUrl with a slash', {}, ['https://auth.example.test/t1/'], true],
      ['iss of another server', {}, ['https://evil.example.test'], false],
      ['two iss', {}, ['https://auth.example.test/t1', 'https://auth.example.test/t1'], false],
      ['configured issuer, equal', { issuer: 'https://id.example.test' }, ['https://id.example.test'], true],
      ['configured issuer, missing', { issuer: 'https://id.example.test' }, [], false],
      ['configured issuer, another', { issuer: 'https://id.example.test' }, ['https://auth.example.test/t1'], false],
    ];
    for (const [what, overrides, values, ok] of cases) {
      it(`${ok ? 'accepts' : 'refuses'} ${what}`, () => {
        assert.equal(checkIssuer({ ...env, ...overrides }, values) === undefined, ok);
      });
    }
    it('refuses the code of a callback from another issuer, so it is never exchanged', async () => {
      const pending = new PendingAuthorizations(new FakeClock());
      const { state } = await pending.begin({ environment: env, redirectUri: 'vscode://x.y/auth-callback', scopes: [] });
      const waiting = pending.wait(state);
      const result = pending.handleCallback(new URLSearchParams({ code: 'C', state, iss: 'https://evil.example.test' }));
      assert.equal(result.kind, 'error');
      await assert.rejects(waiting, (err: unknown) => err instanceof AuthorizationError && err.error === 'invalid_issuer' && /"issuer"/.test(err.description ?? ''));
    });
  });

  describe('authorize parameters per environment', () => {
    const base = testEnv('https://api.example.test');
    const request = { redirectUri: 'vscode://x.y/auth-callback', codeChallenge: 'c'.repeat(43), state: 's', scopes: ['tasks:read'] };
    it('asks for offline_access and consent when offlineAccess is on', () => {
      const url = new URL(buildAuthorizeUrl({ ...base, offlineAccess: true }, request));
      assert.equal(url.searchParams.get('scope'), 'tasks:read offline_access');
      assert.equal(url.searchParams.get('prompt'), 'consent');
    });
    it('sends resource and extra parameters, never replacing the flow', () => {
      const url = new URL(
        buildAuthorizeUrl({ ...base, resource: 'https://api.example.test/', authorizeParameters: { audience: 'api', prompt: 'login' }, offlineAccess: true }, request),
      );
      assert.equal(url.searchParams.get('resource'), 'https://api.example.test/');
      assert.equal(url.searchParams.get('audience'), 'api');
      assert.equal(url.searchParams.get('prompt'), 'login');
      assert.equal(url.searchParams.getAll('state').length, 1);
    });
    it('sends neither by default (the Sandbox and the spec need none)', () => {
      const url = new URL(buildAuthorizeUrl(base, request));
      assert.deepEqual([...url.searchParams.keys()].sort(), ['client_id', 'code_challenge', 'code_challenge_method', 'redirect_uri', 'response_type', 'scope', 'state']);
    });
  });

  describe('settings of the new fields', () => {
    const env = { name: 'a', authUrl: 'https://auth.example.test', baseUrl: 'https://api.example.test', clientId: 'c' };
    it('reads every field with its default', () => {
      const { environments, problems } = parseEnvironments([env]);
      assert.deepEqual(problems, []);
      const e = environments[0];
      assert.deepEqual(
        [e.offlineAccess, e.authorizeParameters, e.resource, e.issuer, e.authHeader, e.headers, e.secretHeaders],
        [false, {}, undefined, undefined, { name: 'Authorization', scheme: 'Bearer' }, {}, []],
      );
    });
    const bad: [string, Record<string, unknown>, RegExp][] = [
      ['an authorize parameter the flow sets', { authorizeParameters: { state: 'x' } }, /authorizeParameters\.state is set by the sign-in itself/],
      ['scope as an authorize parameter', { authorizeParameters: { scope: 'x' } }, /use "scopes"/],
      ['a resource that is not a URL', { resource: 'api' }, /resource must be an absolute/],
      ['a header with a line break', { headers: { 'X-Tenant': 'a\r\nX-Evil: 1' } }, /headers\.X-Tenant must be a one-line text/],
      ['Authorization among the plain headers', { headers: { Authorization: 'Basic x' } }, /use "authHeader"/],
      ['a header the client sets', { headers: { Host: 'x' } }, /set by the extension itself/],
      ['a secret header with a plain value too', { headers: { 'X-Api-Key': 'k' }, secretHeaders: ['x-api-key'] }, /also has a plain value/],
      ['an auth header scheme of two words', { authHeader: { name: 'X-Token', scheme: 'Token Bearer' } }, /scheme must be one word/],
    ];
    for (const [what, extra, message] of bad) {
      it(`drops an environment with ${what}`, () => {
        const { environments, problems } = parseEnvironments([{ ...env, ...extra }]);
        assert.equal(environments.length, 0);
        assert.match(problems.join('\n'), message);
      });
    }
    it('accepts a custom auth header with an empty scheme, plain headers and secret header names', () => {
      const { environments, problems } = parseEnvironments([
        { ...env, authHeader: { name: 'X-Api-Token', scheme: '' }, headers: { 'X-Tenant': 'acme' }, secretHeaders: ['X-Api-Key'] },
      ]);
      assert.deepEqual(problems, []);
      assert.deepEqual(
        [environments[0].authHeader, environments[0].headers, environments[0].secretHeaders],
        [{ name: 'X-Api-Token', scheme: '' }, { 'X-Tenant': 'acme' }, ['X-Api-Key']],
      );
    });
  });
});
