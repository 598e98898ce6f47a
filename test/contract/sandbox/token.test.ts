import * as assert from 'node:assert/strict';
import type { RunningSandbox } from '../../../src/sandbox/index';
import { AUTHORIZATION_CODE_LIFETIME_MS, REFRESH_TOKEN_LIFETIME_MS } from '../../../src/sandbox/tokens';
import {
  ALL_SCOPES,
  CONFIDENTIAL_CLIENT,
  CONFIDENTIAL_SECRET,
  PUBLIC_CLIENT,
  REDIRECT_URI,
  graphql,
  jwtPayload,
  pkce,
  signIn,
  start,
  teamToken,
  tokenRequest,
  userTokens,
} from './helpers';

/** An authorization code for `client` (as alice) and its verifier. */
async function codeFor(sb: RunningSandbox, clientId = PUBLIC_CLIENT, scope = ALL_SCOPES): Promise<{ code: string; verifier: string }> {
  const { verifier, challenge } = pkce();
  const location = await signIn(sb, 'alice', { client_id: clientId, scope }, challenge);
  return { code: location.searchParams.get('code') ?? '', verifier };
}

describe('sandbox E2 token', () => {
  let sb: RunningSandbox;
  beforeEach(async () => {
    sb = await start();
  });
  afterEach(async () => {
    await sb.close();
  });

  describe('authorization_code', () => {
    it('returns exactly the spec token response with a signed JWT carrying the claims', async () => {
      const { code, verifier } = await codeFor(sb, PUBLIC_CLIENT, 'tasks:read files:read');
      const res = await tokenRequest(sb, { grant_type: 'authorization_code', code, client_id: PUBLIC_CLIENT, redirect_uri: REDIRECT_URI, code_verifier: verifier });
      assert.equal(res.status, 200);
      assert.deepEqual(Object.keys(res.body).sort(), ['access_token', 'expires_in', 'refresh_token', 'token_type']);
      assert.equal(res.body.token_type, 'bearer');
      assert.equal(res.body.expires_in, 3600);
      assert.equal(res.headers.get('cache-control'), 'no-store');
      const header = JSON.parse(Buffer.from(String(res.body.access_token).split('.')[0], 'base64url').toString()) as Record<string, unknown>;
      assert.equal(header.alg, 'ES256');
      const claims = jwtPayload(String(res.body.access_token));
      assert.equal(claims.sub, 'alice');
      assert.equal(claims.scope, 'tasks:read,files:read');
      assert.deepEqual(claims.groups, ['eng']);
      assert.equal(claims.iss, sb.authUrl);
      assert.equal(claims.aud, sb.baseUrl);
      assert.equal(claims.exp, (claims.iat as number) + 3600);
      assert.equal(claims.iat, Math.floor(sb.clock.now() / 1000));
    });

    it('accepts a JSON body', async () => {
      const { code, verifier } = await codeFor(sb);
      const res = await fetch(`${sb.baseUrl}/v1/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'authorization_code', code, client_id: PUBLIC_CLIENT, redirect_uri: REDIRECT_URI, code_verifier: verifier }),
      });
      assert.equal(res.status, 200);
    });

    it('a confidential client must send its secret (body or HTTP Basic)', async () => {
      const a = await codeFor(sb, CONFIDENTIAL_CLIENT);
      const withBody = await tokenRequest(sb, {
        grant_type: 'authorization_code',
        code: a.code,
        client_id: CONFIDENTIAL_CLIENT,
        client_secret: CONFIDENTIAL_SECRET,
        redirect_uri: REDIRECT_URI,
        code_verifier: a.verifier,
      });
      assert.equal(withBody.status, 200);
      const b = await codeFor(sb, CONFIDENTIAL_CLIENT);
      const basic = `Basic ${Buffer.from(`${CONFIDENTIAL_CLIENT}:${CONFIDENTIAL_SECRET}`).toString('base64')}`;
      const withBasic = await tokenRequest(sb, { grant_type: 'authorization_code', code: b.code, redirect_uri: REDIRECT_URI, code_verifier: b.verifier }, { authorization: basic });
      assert.equal(withBasic.status, 200);
    });

    it('the code lives 60 s on the Sandbox clock', async () => {
      const fresh = await codeFor(sb);
      sb.clock.advance(AUTHORIZATION_CODE_LIFETIME_MS - 1);
      const ok = await tokenRequest(sb, {
        grant_type: 'authorization_code',
        code: fresh.code,
        client_id: PUBLIC_CLIENT,
        redirect_uri: REDIRECT_URI,
        code_verifier: fresh.verifier,
      });
      assert.equal(ok.status, 200);
      const stale = await codeFor(sb);
      sb.clock.advance(AUTHORIZATION_CODE_LIFETIME_MS);
      const expired = await tokenRequest(sb, {
        grant_type: 'authorization_code',
        code: stale.code,
        client_id: PUBLIC_CLIENT,
        redirect_uri: REDIRECT_URI,
        code_verifier: stale.verifier,
      });
      assert.equal(expired.status, 400);
      assert.equal(expired.body.error, 'invalid_grant');
      assert.match(String(expired.body.hint), /expired/);
    });

    it('the code is single-use, and reusing it revokes the tokens issued from it', async () => {
      const { code, verifier } = await codeFor(sb);
      const fields = { grant_type: 'authorization_code', code, client_id: PUBLIC_CLIENT, redirect_uri: REDIRECT_URI, code_verifier: verifier };
      const first = await tokenRequest(sb, fields);
      assert.equal(first.status, 200);
      assert.equal((await graphql(sb, String(first.body.access_token), '{ viewer { kind } }')).status, 200);
      const second = await tokenRequest(sb, fields);
      assert.equal(second.status, 400);
      assert.equal(second.body.error, 'invalid_grant');
      assert.match(String(second.body.hint), /revoked/);
      assert.equal((await graphql(sb, String(first.body.access_token), '{ viewer { kind } }')).status, 401);
      const refreshed = await tokenRequest(sb, { grant_type: 'refresh_token', refresh_token: String(first.body.refresh_token), client_id: PUBLIC_CLIENT });
      assert.equal(refreshed.body.error, 'invalid_grant');
    });

    it('a failed verifier does not burn the code', async () => {
      const { code, verifier } = await codeFor(sb);
      const base = { grant_type: 'authorization_code', code, client_id: PUBLIC_CLIENT, redirect_uri: REDIRECT_URI };
      assert.equal((await tokenRequest(sb, { ...base, code_verifier: pkce().verifier })).body.error, 'invalid_grant');
      assert.equal((await tokenRequest(sb, { ...base, code_verifier: verifier })).status, 200);
    });
  });

  describe('table of bad token requests', () => {
    type Fields = Record<string, string | undefined>;
    const cases: Array<{
      name: string;
      fields: (c: { code: string; verifier: string }) => Fields;
      client?: string;
      status: number;
      error: string;
      hint?: RegExp;
      headers?: Record<string, string>;
    }> = [
      { name: 'missing grant_type', fields: (c) => ({ grant_type: undefined, code: c.code }), status: 400, error: 'invalid_request', hint: /grant_type/ },
      { name: 'unknown grant_type', fields: () => ({ grant_type: 'password' }), status: 400, error: 'unsupported_grant_type' },
      { name: 'missing client_id', fields: () => ({ client_id: undefined }), status: 400, error: 'invalid_request', hint: /client_id/ },
      { name: 'unknown client', fields: () => ({ client_id: 'nobody' }), status: 401, error: 'invalid_client' },
      { name: 'public client sending a secret', fields: () => ({ client_secret: 'anything' }), status: 400, error: 'invalid_request', hint: /Public clients must not send/ },
      {
        name: 'confidential client without secret',
        client: CONFIDENTIAL_CLIENT,
        fields: () => ({ client_id: CONFIDENTIAL_CLIENT }),
        status: 401,
        error: 'invalid_client',
        hint: /must send its client_secret/,
      },
      {
        name: 'confidential client with a wrong secret',
        client: CONFIDENTIAL_CLIENT,
        fields: () => ({ client_id: CONFIDENTIAL_CLIENT, client_secret: 'wrong-secret' }),
        status: 401,
        error: 'invalid_client',
      },
      { name: 'missing code', fields: () => ({ code: undefined }), status: 400, error: 'invalid_request', hint: /`code`/ },
      { name: 'unknown code', fields: () => ({ code: 'not-a-code' }), status: 400, error: 'invalid_grant' },
      { name: 'missing redirect_uri', fields: () => ({ redirect_uri: undefined }), status: 400, error: 'invalid_request', hint: /redirect_uri/ },
      {
        name: 'another registered redirect_uri',
        fields: () => ({ redirect_uri: 'http://127.0.0.1:33334/auth-callback' }),
        status: 400,
        error: 'invalid_grant',
        hint: /redirect_uri/,
      },
      { name: 'missing code_verifier', fields: () => ({ code_verifier: undefined }), status: 400, error: 'invalid_request', hint: /code_verifier/ },
      { name: 'code_verifier of 42 characters', fields: () => ({ code_verifier: 'a'.repeat(42) }), status: 400, error: 'invalid_request', hint: /RFC-7636/ },
      { name: 'code_verifier of 129 characters', fields: () => ({ code_verifier: 'a'.repeat(129) }), status: 400, error: 'invalid_request', hint: /RFC-7636/ },
      {
        name: 'code_verifier with a character outside the unreserved set',
        fields: (c) => ({ code_verifier: `${c.verifier.slice(0, 42)}+` }),
        status: 400,
        error: 'invalid_request',
        hint: /RFC-7636/,
      },
      { name: 'wrong code_verifier', fields: () => ({ code_verifier: 'b'.repeat(43) }), status: 400, error: 'invalid_grant', hint: /code_verifier/ },
      {
        name: 'code issued to another client',
        client: PUBLIC_CLIENT,
        fields: () => ({ client_id: CONFIDENTIAL_CLIENT, client_secret: CONFIDENTIAL_SECRET }),
        status: 400,
        error: 'invalid_grant',
        hint: /not issued to this client/,
      },
      { name: 'public client asking for client_credentials', fields: () => ({ grant_type: 'client_credentials' }), status: 400, error: 'unauthorized_client' },
      {
        name: 'secret both in body and HTTP Basic',
        client: CONFIDENTIAL_CLIENT,
        fields: () => ({ client_id: CONFIDENTIAL_CLIENT, client_secret: CONFIDENTIAL_SECRET }),
        headers: { authorization: `Basic ${Buffer.from(`${CONFIDENTIAL_CLIENT}:${CONFIDENTIAL_SECRET}`).toString('base64')}` },
        status: 400,
        error: 'invalid_request',
      },
      { name: 'missing refresh_token', fields: () => ({ grant_type: 'refresh_token', code: undefined }), status: 400, error: 'invalid_request', hint: /refresh_token/ },
      { name: 'unknown refresh_token', fields: () => ({ grant_type: 'refresh_token', refresh_token: 'nope' }), status: 400, error: 'invalid_grant' },
    ];
    for (const c of cases) {
      it(c.name, async () => {
        const issued = await codeFor(sb, c.client ?? PUBLIC_CLIENT);
        const base: Fields = { grant_type: 'authorization_code', code: issued.code, client_id: PUBLIC_CLIENT, redirect_uri: REDIRECT_URI, code_verifier: issued.verifier };
        const merged = { ...base, ...c.fields(issued) };
        const fields = Object.fromEntries(Object.entries(merged).filter((e): e is [string, string] => e[1] !== undefined));
        const res = await tokenRequest(sb, fields, c.headers);
        assert.equal(res.status, c.status, JSON.stringify(res.body));
        assert.equal(res.body.error, c.error);
        assert.equal(typeof res.body.error_description, 'string');
        assert.equal(typeof res.body.hint, 'string');
        if (c.hint) {
          assert.match(String(res.body.hint), c.hint);
        }
        assert.equal(res.body.access_token, undefined);
      });
    }

    const bodyCases: Array<[string, string, string, number, string]> = [
      ['a text/plain body', 'text/plain', 'grant_type=client_credentials', 400, 'invalid_request'],
      ['unparsable JSON', 'application/json', '{"grant_type":', 400, 'invalid_request'],
      ['a JSON array', 'application/json', '[]', 400, 'invalid_request'],
      ['a non-string JSON value', 'application/json', '{"grant_type":"client_credentials","client_id":1}', 400, 'invalid_request'],
      ['a repeated form parameter', 'application/x-www-form-urlencoded', 'grant_type=client_credentials&grant_type=refresh_token', 400, 'invalid_request'],
    ];
    for (const [name, type, body, status, error] of bodyCases) {
      it(name, async () => {
        const res = await fetch(`${sb.baseUrl}/v1/oauth/token`, { method: 'POST', headers: { 'content-type': type }, body });
        assert.equal(res.status, status);
        assert.equal(((await res.json()) as Record<string, unknown>).error, error);
      });
    }

    it('GET is not allowed', async () => {
      const res = await fetch(`${sb.baseUrl}/v1/oauth/token`);
      assert.equal(res.status, 405);
      assert.equal(res.headers.get('allow'), 'POST');
    });
  });

  describe('refresh_token', () => {
    it('exchanges a refresh token for new tokens and rotates it', async () => {
      const first = await userTokens(sb, 'bob');
      sb.clock.advance(3600_000 + 1000);
      assert.equal((await graphql(sb, first.access_token, '{ viewer { kind } }')).status, 401);
      const res = await tokenRequest(sb, { grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: PUBLIC_CLIENT });
      assert.equal(res.status, 200);
      assert.deepEqual(Object.keys(res.body).sort(), ['access_token', 'expires_in', 'refresh_token', 'token_type']);
      assert.notEqual(res.body.refresh_token, first.refresh_token);
      const claims = jwtPayload(String(res.body.access_token));
      assert.equal(claims.sub, 'bob');
      assert.deepEqual(claims.groups, ['eng', 'ops']);
      assert.equal(claims.scope, ALL_SCOPES.split(' ').join(','));
      assert.equal((await graphql(sb, String(res.body.access_token), '{ viewer { kind } }')).status, 200);
      const reuse = await tokenRequest(sb, { grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: PUBLIC_CLIENT });
      assert.equal(reuse.status, 400);
      assert.equal(reuse.body.error, 'invalid_grant');
      assert.match(String(reuse.body.hint), /revoked/);
    });

    it('can narrow the scope but not widen it', async () => {
      const tokens = await userTokens(sb, 'alice', 'tasks:read files:read');
      const wider = await tokenRequest(sb, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: PUBLIC_CLIENT, scope: 'tasks:read users:read' });
      assert.equal(wider.body.error, 'invalid_scope');
      const narrower = await tokenRequest(sb, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: PUBLIC_CLIENT, scope: 'tasks:read' });
      assert.equal(narrower.status, 200);
      assert.equal(jwtPayload(String(narrower.body.access_token)).scope, 'tasks:read');
    });

    it('a refresh token lives one month', async () => {
      const a = await userTokens(sb, 'alice');
      sb.clock.advance(REFRESH_TOKEN_LIFETIME_MS - 1000);
      assert.equal((await tokenRequest(sb, { grant_type: 'refresh_token', refresh_token: a.refresh_token, client_id: PUBLIC_CLIENT })).status, 200);
      const b = await userTokens(sb, 'alice');
      sb.clock.advance(REFRESH_TOKEN_LIFETIME_MS);
      const expired = await tokenRequest(sb, { grant_type: 'refresh_token', refresh_token: b.refresh_token, client_id: PUBLIC_CLIENT });
      assert.equal(expired.body.error, 'invalid_grant');
      assert.match(String(expired.body.hint), /expired/);
    });

    it('is bound to the client it was issued to', async () => {
      const tokens = await userTokens(sb, 'alice');
      const res = await tokenRequest(sb, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: CONFIDENTIAL_CLIENT, client_secret: CONFIDENTIAL_SECRET });
      assert.equal(res.body.error, 'invalid_grant');
      assert.match(String(res.body.hint), /not linked to client/);
    });
  });

  describe('client_credentials', () => {
    it('gives a team token with no user, all client scopes by default', async () => {
      const token = await teamToken(sb);
      const claims = jwtPayload(token);
      assert.equal(claims.sub, 'team-acme');
      assert.equal(claims.team, 'team-acme');
      assert.deepEqual(claims.groups, []);
      assert.equal(claims.scope, ALL_SCOPES.split(' ').join(','));
      const viewer = await graphql(sb, token, '{ viewer { kind userId } me { id } }');
      assert.deepEqual(viewer.body.data, { viewer: { kind: 'TEAM', userId: null }, me: null });
    });

    it('honours a requested scope and refuses unknown ones', async () => {
      assert.equal(jwtPayload(await teamToken(sb, 'tasks:read')).scope, 'tasks:read');
      const res = await tokenRequest(sb, { grant_type: 'client_credentials', client_id: CONFIDENTIAL_CLIENT, client_secret: CONFIDENTIAL_SECRET, scope: 'root' });
      assert.equal(res.status, 400);
      assert.equal(res.body.error, 'invalid_scope');
    });
  });

  it('counts token requests per grant type', async () => {
    await teamToken(sb);
    await teamToken(sb);
    const tokens = await userTokens(sb, 'carol');
    await tokenRequest(sb, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: PUBLIC_CLIENT });
    await tokenRequest(sb, { grant_type: 'password' });
    assert.deepEqual(sb.stats().token, { authorization_code: 1, refresh_token: 1, client_credentials: 2, other: 1 });
  });
});
