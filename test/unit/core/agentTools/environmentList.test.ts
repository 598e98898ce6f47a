import * as assert from 'node:assert/strict';
import type { Environment } from '../../../../src/core/auth/environments';
import { addressWithoutCredentials, environmentsText, listEnvironments } from '../../../../src/core/agentTools/environmentList';

const SECRETS = ['s3cr3t-header-value', 'hunter2', 'client-secret-value', 'tok-abc'];

/** An environment entry holding every kind of secret a setting can (the listing must show none). */
const env = (over: Partial<Environment>): Environment =>
  ({
    name: 'Acme',
    origin: 'user',
    authUrl: 'https://auth.acme.example',
    baseUrl: 'https://user:hunter2@api.acme.example/tenant?token=tok-abc#frag',
    clientId: 'acme-client',
    scopes: ['tasks:read'],
    redirectMode: 'uriHandler',
    loopbackPort: 0,
    clientType: 'confidential',
    confirmMutations: true,
    readOnly: false,
    headers: { 'X-Api-Key': 's3cr3t-header-value' },
    secretHeaders: ['X-Other'],
    authorizeParameters: { audience: 'client-secret-value' },
    ...over,
  }) as Environment;

describe('agent tools: environments without secrets', () => {
  it('strips credentials, query and fragment from an address', () => {
    assert.equal(addressWithoutCredentials('https://user:pw@api.example:8443/v?x=1#y'), 'https://api.example:8443/v');
    assert.equal(addressWithoutCredentials('http://127.0.0.1:4781'), 'http://127.0.0.1:4781');
    assert.equal(addressWithoutCredentials('not a url'), 'an address that is not a valid URL');
  });

  it('lists only the allowlisted fields, never a header value, token, secret or URL credential', () => {
    const listing = listEnvironments([
      { environment: env({}), active: true, account: 'alice', allowed: true },
      { environment: env({ name: 'Repo', origin: 'workspace', readOnly: true }), active: false, allowed: false },
    ]);
    assert.deepEqual(listing, [
      {
        name: 'Acme',
        active: true,
        definedIn: 'user settings',
        api: 'https://api.acme.example/tenant',
        signedIn: true,
        account: 'alice',
        readOnly: false,
        confirmMutations: true,
        allowed: true,
      },
      {
        name: 'Repo',
        active: false,
        definedIn: 'workspace settings',
        api: 'https://api.acme.example/tenant',
        signedIn: false,
        readOnly: true,
        confirmMutations: true,
        allowed: false,
      },
    ]);
    const text = environmentsText(listing, true);
    for (const secret of SECRETS) {
      assert.ok(!text.includes(secret), `${secret} is not in the answer`);
    }
    assert.match(text, /^The active environment is "Acme", signed in as alice\./);
  });

  it('says when nothing is configured, and when the workspace is in Restricted Mode', () => {
    assert.match(environmentsText([], true), /No environment is configured/);
    assert.match(environmentsText([], false), /No environment is configured.*Restricted Mode/);
    const listing = listEnvironments([{ environment: env({}), active: true, allowed: false }]);
    assert.match(environmentsText(listing, false), /not signed in\. This workspace is in Restricted Mode/);
  });
});
