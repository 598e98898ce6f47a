import { strict as assert } from 'node:assert';
import { AuthorizationError, CancelledError, ConfigurationError, HttpStatusError, NetworkError } from '../../../../src/core/errors';
import { InvalidTokenResponseError } from '../../../../src/core/auth/authErrors';
import { TokenEndpointClient, validateTokenResponse } from '../../../../src/core/auth/tokenEndpoint';
import { testEnv, tokenBody } from '../../../unit/core/auth/fakes';
import { TokenServer } from './tokenServer';

const redirectUri = 'vscode://tenantlabs.tenant-graphql/auth-callback?x=%20y';
const exchange = { code: 'CODE', state: 'STATE', redirectUri, verifier: 'v'.repeat(43) };

describe('core/auth/tokenEndpoint', () => {
  let server: TokenServer;
  before(async () => {
    server = await TokenServer.start();
  });
  after(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  it('exchanges a code over plain http on loopback with a byte-identical redirect_uri and no secret for a public client', async () => {
    server.handler = () => ({ body: tokenBody({ access_token: 'AT', refresh_token: 'RT' }) });
    const tokens = await new TokenEndpointClient(testEnv(server.baseUrl)).exchangeCode(exchange);
    assert.deepEqual(tokens, { accessToken: 'AT', tokenType: 'bearer', expiresIn: 3600, refreshToken: 'RT', scope: undefined });
    const [req] = server.requests;
    assert.deepEqual(Object.fromEntries(req.params), {
      grant_type: 'authorization_code',
      code: 'CODE',
      client_id: 'client-1',
      redirect_uri: redirectUri,
      code_verifier: 'v'.repeat(43),
    });
    assert.match(req.contentType ?? '', /application\/x-www-form-urlencoded/);
  });

  it('sends client_secret for a confidential client, and refuses to go without one', async () => {
    server.handler = () => ({ body: tokenBody() });
    const env = testEnv(server.baseUrl, { clientType: 'confidential' });
    await new TokenEndpointClient(env).exchangeCode({ ...exchange, clientSecret: 'SECRET' });
    assert.equal(server.requests[0].params.get('client_secret'), 'SECRET');
    await assert.rejects(new TokenEndpointClient(env).exchangeCode(exchange), ConfigurationError);
    assert.equal(server.requests.length, 1);
  });

  it('sends the refresh and client credentials grants', async () => {
    server.handler = () => ({ body: tokenBody() });
    const env = testEnv(server.baseUrl, { clientType: 'confidential' });
    await new TokenEndpointClient(env).refresh('RT1', 'SECRET');
    await new TokenEndpointClient(env).clientCredentials('SECRET', ['a', 'b']);
    assert.deepEqual(Object.fromEntries(server.requests[0].params), { grant_type: 'refresh_token', refresh_token: 'RT1', client_id: 'client-1', client_secret: 'SECRET' });
    assert.deepEqual(Object.fromEntries(server.requests[1].params), { grant_type: 'client_credentials', scope: 'a b', client_id: 'client-1', client_secret: 'SECRET' });
  });

  it('uses an injected fetch instead of the global one', async () => {
    const seen: string[] = [];
    const fetchImpl = async (url: string) => {
      seen.push(url);
      return new Response(JSON.stringify(tokenBody()), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    await new TokenEndpointClient(testEnv('https://api.example.test/t'), fetchImpl).refresh('RT', undefined);
    assert.deepEqual(seen, ['https://api.example.test/t/v1/oauth/token']);
  });

  const bodies: [string, Record<string, unknown> | string, string | undefined][] = [
    ['token_type "bearer"', tokenBody(), undefined],
    ['token_type "Bearer"', tokenBody({ token_type: 'Bearer' }), undefined],
    ['token_type "BEARER"', tokenBody({ token_type: 'BEARER' }), undefined],
    ['no refresh_token (client credentials)', tokenBody({ refresh_token: undefined }), undefined],
    ['token_type "mac"', tokenBody({ token_type: 'mac' }), 'invalid'],
    ['token_type "DPoP"', tokenBody({ token_type: 'DPoP' }), 'invalid'],
    ['no token_type', tokenBody({ token_type: undefined }), 'invalid'],
    ['expires_in missing (the lifetime then comes from the JWT exp, or 3600 s)', tokenBody({ expires_in: undefined }), undefined],
    ['expires_in "soon"', tokenBody({ expires_in: 'soon' }), 'invalid'],
    ['expires_in negative', tokenBody({ expires_in: -5 }), 'invalid'],
    ['access_token a number', tokenBody({ access_token: 42 }), 'invalid'],
    ['access_token empty', tokenBody({ access_token: '' }), 'invalid'],
    ['refresh_token an object', tokenBody({ refresh_token: { a: 1 } }), 'invalid'],
    ['a JSON array', '[]', 'invalid'],
    ['not JSON', 'oops', 'invalid'],
  ];
  for (const [what, body, outcome] of bodies) {
    it(`${outcome ? 'refuses' : 'accepts'} a 200 response with ${what}`, async () => {
      server.handler = () => (typeof body === 'string' ? { raw: body } : { body });
      const result = new TokenEndpointClient(testEnv(server.baseUrl)).refresh('RT', undefined);
      if (outcome) {
        await assert.rejects(result, (err: unknown) => err instanceof InvalidTokenResponseError && !/eyJ|rt-/.test(err.message));
      } else {
        assert.equal((await result).tokenType, 'bearer');
      }
      // Our own validation must agree, independent of oauth4webapi.
      if (typeof body !== 'string' || body === '[]') {
        const parsed = typeof body === 'string' ? JSON.parse(body) : body;
        if (outcome) {
          assert.throws(() => validateTokenResponse(parsed), InvalidTokenResponseError);
        } else {
          assert.doesNotThrow(() => validateTokenResponse(parsed));
        }
      }
    });
  }

  it('maps an RFC 6749 error body to AuthorizationError with description, hint and status', async () => {
    server.handler = () => ({ status: 400, body: { error: 'invalid_grant', error_description: 'The code has expired', hint: 'Codes live 60 s' } });
    await assert.rejects(new TokenEndpointClient(testEnv(server.baseUrl)).exchangeCode(exchange), (err: unknown) => {
      assert.ok(err instanceof AuthorizationError);
      assert.deepEqual([err.error, err.description, err.hint, err.status], ['invalid_grant', 'The code has expired', 'Codes live 60 s', 400]);
      return true;
    });
  });

  const statuses: [number, Record<string, string> | undefined, number | undefined][] = [
    [500, undefined, undefined],
    [503, { 'retry-after': '7' }, 7000],
    [429, { 'retry-after': '2' }, 2000],
    [404, undefined, undefined],
  ];
  for (const [status, headers, retryAfter] of statuses) {
    it(`maps HTTP ${status} without an OAuth error body to HttpStatusError`, async () => {
      server.handler = () => ({ status, raw: 'upstream trouble', headers: { 'content-type': 'text/plain', ...headers } });
      await assert.rejects(new TokenEndpointClient(testEnv(server.baseUrl)).refresh('RT', undefined), (err: unknown) => {
        assert.ok(err instanceof HttpStatusError, String(err));
        assert.equal(err.status, status);
        assert.equal(err.retryAfterMs, retryAfter);
        return true;
      });
    });
  }

  it('maps a refused connection to NetworkError with its code', async () => {
    const closed = await TokenServer.start();
    const url = closed.baseUrl;
    await closed.close();
    await assert.rejects(new TokenEndpointClient(testEnv(url)).refresh('RT', undefined), (err: unknown) => err instanceof NetworkError && err.code === 'ECONNREFUSED');
  });

  it('maps an abort to CancelledError', async () => {
    server.handler = () => new Promise((resolve) => setTimeout(() => resolve({ body: tokenBody() }), 200));
    const controller = new AbortController();
    const result = new TokenEndpointClient(testEnv(server.baseUrl)).refresh('RT', undefined, { signal: controller.signal });
    controller.abort();
    await assert.rejects(result, CancelledError);
  });

  it('refuses plain http to a non-loopback token endpoint before sending anything', async () => {
    let called = false;
    const fetchImpl = async () => {
      called = true;
      return new Response('{}');
    };
    await assert.rejects(new TokenEndpointClient(testEnv('http://api.example.test'), fetchImpl).refresh('RT', undefined), NetworkError);
    assert.equal(called, false);
  });
});
