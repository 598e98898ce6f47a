import { strict as assert } from 'node:assert';
import { decodeJwtForDisplay } from '../../../../src/core/auth/jwtDisplay';
import { fakeJwt } from './fakes';

describe('core/auth/jwtDisplay', () => {
  it('reads sub, comma-separated scopes, groups and exp without verifying', () => {
    assert.deepEqual(decodeJwtForDisplay(fakeJwt({ sub: 'alice', scope: 'tasks:read, files:read,', groups: ['g1', 2, 'g2'], exp: 17 })), {
      sub: 'alice',
      scopes: ['tasks:read', 'files:read'],
      scopeSeparator: 'comma',
      groups: ['g1', 'g2'],
      exp: 17,
      iss: undefined,
      aud: [],
    });
  });

  const unreadable: [string, string][] = [
    ['an opaque token', 'abc'],
    ['two parts', 'a.b'],
    ['a payload that is not JSON', `x.${Buffer.from('not json').toString('base64url')}.y`],
    ['a payload that is an array', `x.${Buffer.from('[1]').toString('base64url')}.y`],
  ];
  for (const [what, token] of unreadable) {
    it(`returns undefined for ${what}`, () => {
      assert.equal(decodeJwtForDisplay(token), undefined);
    });
  }

  it('tolerates missing claims', () => {
    assert.deepEqual(decodeJwtForDisplay(fakeJwt({})), { sub: undefined, scopes: [], groups: [], exp: undefined, iss: undefined, aud: [] });
  });

  it('reads the issuer and the audiences (one or a list), nothing else from them', () => {
    assert.deepEqual(decodeJwtForDisplay(fakeJwt({ iss: 'https://auth.example.test', aud: 'https://api.example.test' }))?.aud, ['https://api.example.test']);
    assert.deepEqual(decodeJwtForDisplay(fakeJwt({ aud: ['a', 7, 'b'] }))?.aud, ['a', 'b']);
    assert.equal(decodeJwtForDisplay(fakeJwt({ iss: 42 }))?.iss, undefined);
  });
});
