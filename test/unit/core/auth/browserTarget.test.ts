import { strict as assert } from 'node:assert';
import { browserTargetFor } from '../../../../src/core/auth/browserTarget';

describe('core/auth/browserTarget: where a remote or web VS Code opens a loopback sign-in address', () => {
  const original = 'http://127.0.0.1:4000/oauth/authorize?client_id=c&redirect_uri=http%3A%2F%2F127.0.0.1%3A33333%2Fauth-callback#x';
  const cases: [string, string, string][] = [
    ['unchanged (desktop, local)', 'http://127.0.0.1:4000/', original],
    [
      'a port forward (Remote SSH): the forwarded port, same path',
      'http://localhost:51234/',
      'http://localhost:51234/oauth/authorize?client_id=c&redirect_uri=http%3A%2F%2F127.0.0.1%3A33333%2Fauth-callback#x',
    ],
    [
      'a tunnel on another host, same path',
      'https://abc-4000.tunnel.example.test/',
      'https://abc-4000.tunnel.example.test/oauth/authorize?client_id=c&redirect_uri=http%3A%2F%2F127.0.0.1%3A33333%2Fauth-callback#x',
    ],
    ['code-server on loopback: the browser is on this machine, so the address itself', 'http://127.0.0.1:8080/proxy/4000/', original],
    [
      'code-server on another host: its /proxy/<port>/ route is the only way',
      'https://code.example.test/proxy/4000/',
      'https://code.example.test/proxy/4000/oauth/authorize?client_id=c&redirect_uri=http%3A%2F%2F127.0.0.1%3A33333%2Fauth-callback#x',
    ],
  ];
  for (const [what, external, expected] of cases) {
    it(`opens ${what}`, () => {
      assert.equal(browserTargetFor(original, external), expected);
    });
  }
});
