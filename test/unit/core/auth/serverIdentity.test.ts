import { strict as assert } from 'node:assert';
import { normaliseServerUrl, sameServer, serverDigest, serverHosts, serverIdentity, serverKey } from '../../../../src/core/auth/serverIdentity';

describe('core/auth/serverIdentity (credentials belong to a server)', () => {
  const same: [string, string, string][] = [
    ['a trailing slash', 'https://api.example.com/tenant/', 'https://api.example.com/tenant'],
    ['several trailing slashes', 'https://api.example.com///', 'https://api.example.com'],
    ['the default https port', 'https://api.example.com:443/x', 'https://api.example.com/x'],
    ['the default http port', 'http://127.0.0.1:80/x', 'http://127.0.0.1/x'],
    ['the case of scheme and host', 'HTTPS://API.Example.COM/x', 'https://api.example.com/x'],
    ['a query and a fragment', 'https://api.example.com/x?a=1#f', 'https://api.example.com/x'],
    ['user info', 'https://user:pw@api.example.com/x', 'https://api.example.com/x'],
    ['white space around', '  https://api.example.com/x  ', 'https://api.example.com/x'],
    ['an IDN host (punycode)', 'https://bücher.example/x', 'https://xn--bcher-kva.example/x'],
    ['dot segments', 'https://api.example.com/a/../x', 'https://api.example.com/x'],
  ];
  for (const [what, input, expected] of same) {
    it(`normalises ${what}`, () => assert.equal(normaliseServerUrl(input), expected));
  }

  const different: [string, string, string][] = [
    ['another port', 'https://api.example.com:8443', 'https://api.example.com'],
    ['another scheme', 'http://127.0.0.1:4781', 'https://127.0.0.1:4781'],
    ['the case of the path', 'https://api.example.com/Tenant', 'https://api.example.com/tenant'],
    ['another path', 'https://api.example.com/a', 'https://api.example.com/b'],
    ['a sub-domain', 'https://evil.api.example.com', 'https://api.example.com'],
  ];
  for (const [what, a, b] of different) {
    it(`keeps ${what} apart`, () => assert.notEqual(normaliseServerUrl(a), normaliseServerUrl(b)));
  }

  it('rejects text that is not an absolute URL', () => {
    assert.throws(() => normaliseServerUrl('api.example.com'), TypeError);
    assert.throws(() => normaliseServerUrl(''), TypeError);
  });

  const env = { authUrl: 'https://auth.example.com/', baseUrl: 'https://API.example.com:443', clientId: 'app' };

  it('is the same server only when both addresses and the client id match', () => {
    assert.ok(sameServer(serverIdentity(env), { authUrl: 'https://auth.example.com', baseUrl: 'https://api.example.com', clientId: 'app' }));
    assert.ok(!sameServer(serverIdentity(env), { ...env, clientId: 'other' }));
    assert.ok(!sameServer(serverIdentity(env), { ...env, authUrl: 'https://login.example.com' }));
    assert.ok(!sameServer(serverIdentity(env), { ...env, baseUrl: 'http://127.0.0.1:9' }));
    assert.ok(!sameServer(serverIdentity(env), { ...env, baseUrl: 'not a url' }));
  });

  it('keys and digests follow the identity, not its spelling', () => {
    const a = serverIdentity(env);
    const b = serverIdentity({ authUrl: 'https://AUTH.example.com', baseUrl: 'https://api.example.com/', clientId: 'app' });
    assert.equal(serverKey(a), serverKey(b));
    assert.equal(serverDigest(a), serverDigest(b));
    assert.match(serverDigest(a), /^[0-9a-f]{32}$/);
    assert.notEqual(serverDigest(a), serverDigest({ ...a, clientId: 'app2' }));
  });

  it('names the hosts for messages: one when sign-in and API share it', () => {
    assert.equal(serverHosts({ authUrl: 'https://a.example.com/x', baseUrl: 'https://a.example.com/y' }), 'a.example.com');
    assert.equal(serverHosts({ authUrl: 'http://127.0.0.1:4780', baseUrl: 'http://127.0.0.1:4781' }), '127.0.0.1:4780, 127.0.0.1:4781');
  });
});
