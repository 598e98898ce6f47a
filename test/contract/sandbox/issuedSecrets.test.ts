import * as assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleAdmin } from '../../../src/sandbox/admin';
import { IssuedSecrets, ISSUED_SECRETS_LIMIT } from '../../../src/sandbox/tokens';
import type { RunningSandbox } from '../../../src/sandbox/index';
import type { SandboxState } from '../../../src/sandbox/state';
import { adminFetch, CONFIDENTIAL_SECRET, PUBLIC_CLIENT, REDIRECT_URI, pkce, signIn, start, teamToken, tokenRequest } from './helpers';

type Secret = { kind: string; value: string };

async function issuedSecrets(sb: RunningSandbox): Promise<Secret[]> {
  const res = await adminFetch(`${sb.baseUrl}/admin/issued-secrets`);
  assert.equal(res.status, 200);
  return ((await res.json()) as { secrets: Secret[] }).secrets;
}

describe('Sandbox admin: GET /admin/issued-secrets (whole-run secret scan)', () => {
  let sb: RunningSandbox;
  beforeEach(async () => {
    sb = await start();
  });
  afterEach(async () => {
    await sb.close();
  });

  it('lists the client secrets before anything was issued', async () => {
    assert.deepEqual(await issuedSecrets(sb), [{ kind: 'client_secret', value: CONFIDENTIAL_SECRET }]);
  });

  it('lists every code, state, verifier, access and refresh token of a sign-in, a refresh and a team sign-in', async () => {
    const { verifier, challenge } = pkce();
    const location = await signIn(sb, 'alice', { state: 'state-value-for-the-scan' }, challenge);
    const code = location.searchParams.get('code') ?? '';
    const first = await tokenRequest(sb, { grant_type: 'authorization_code', code, client_id: PUBLIC_CLIENT, redirect_uri: REDIRECT_URI, code_verifier: verifier });
    assert.equal(first.status, 200);
    const refreshed = await tokenRequest(sb, { grant_type: 'refresh_token', refresh_token: first.body.refresh_token as string, client_id: PUBLIC_CLIENT });
    assert.equal(refreshed.status, 200);
    const team = await teamToken(sb); // acme-ci also gets a refresh token

    const secrets = await issuedSecrets(sb);
    const has = (kind: string, value: unknown) => secrets.some((s) => s.kind === kind && s.value === value);
    assert.ok(has('client_secret', CONFIDENTIAL_SECRET));
    assert.ok(has('state', 'state-value-for-the-scan'));
    assert.ok(has('authorization_code', code));
    assert.ok(has('code_verifier', verifier));
    for (const body of [first.body, refreshed.body]) {
      assert.ok(has('access_token', body.access_token));
      assert.ok(has('refresh_token', body.refresh_token));
    }
    assert.ok(has('access_token', team));
    assert.equal(secrets.length, 10, JSON.stringify(secrets.map((s) => s.kind)));
  });

  it('answers loopback peers only', async () => {
    let status = 0;
    let body = '';
    const req = { method: 'GET', socket: { remoteAddress: '192.0.2.7' }, headers: {} } as unknown as IncomingMessage;
    const res = {
      writeHead(s: number) {
        status = s;
        return this;
      },
      end(text: string) {
        body = text;
      },
    } as unknown as ServerResponse;
    await handleAdmin({} as SandboxState, req, res, '/admin/issued-secrets');
    assert.equal(status, 403);
    assert.doesNotMatch(body, /secret"/);
  });

  it('keeps each value once and stays bounded', () => {
    const issued = new IssuedSecrets();
    issued.record('state', 'a');
    issued.record('state', 'a');
    issued.record('state', '');
    assert.deepEqual(issued.list(), [{ kind: 'state', value: 'a' }]);
    for (let i = 0; i <= ISSUED_SECRETS_LIMIT; i += 1) {
      issued.record('access_token', `t${i}`);
    }
    const list = issued.list();
    assert.equal(list.length, ISSUED_SECRETS_LIMIT);
    assert.equal(list[0].value, 't1');
  });
});
