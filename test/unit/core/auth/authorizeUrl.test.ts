import { strict as assert } from 'node:assert';
import { authorizationEndpoint, buildAuthorizeUrl, tokenEndpointUrl } from '../../../../src/core/auth/authorizeUrl';

describe('core/auth/authorizeUrl', () => {
  it('puts E1 under authUrl without a version and E2 under baseUrl with /v1', () => {
    assert.equal(authorizationEndpoint({ authUrl: 'https://auth.example.com/t1' }), 'https://auth.example.com/t1/oauth/authorize');
    assert.equal(tokenEndpointUrl({ baseUrl: 'https://api.example.com/t1' }), 'https://api.example.com/t1/v1/oauth/token');
  });

  it('sends every E1 parameter, S256 always and scopes space separated', () => {
    const url = new URL(
      buildAuthorizeUrl(
        { authUrl: 'https://auth.example.com', clientId: 'client 1' },
        { redirectUri: 'vscode://tenantlabs.tenant-graphql/auth-callback', codeChallenge: 'CH', state: 'ST', scopes: ['tasks:read', 'files:read'] },
      ),
    );
    assert.equal(url.origin + url.pathname, 'https://auth.example.com/oauth/authorize');
    assert.deepEqual(Object.fromEntries(url.searchParams), {
      client_id: 'client 1',
      redirect_uri: 'vscode://tenantlabs.tenant-graphql/auth-callback',
      response_type: 'code',
      code_challenge: 'CH',
      code_challenge_method: 'S256',
      scope: 'tasks:read files:read',
      state: 'ST',
    });
  });

  it('leaves scope out when there are none', () => {
    const url = new URL(
      buildAuthorizeUrl({ authUrl: 'https://a.example.com', clientId: 'c' }, { redirectUri: 'https://r.example.com/cb', codeChallenge: 'c', state: 's', scopes: [] }),
    );
    assert.equal(url.searchParams.has('scope'), false);
    assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
  });
});
