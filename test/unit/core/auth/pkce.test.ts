import { strict as assert } from 'node:assert';
import { createPkcePair, createState, isValidCodeVerifier, pkceChallenge } from '../../../../src/core/auth/pkce';

describe('core/auth/pkce', () => {
  it('matches the RFC 7636 appendix B vector', async () => {
    // The verifier is base64url of the appendix's 32 octets [116, 24, 223, 180, ...].
    assert.equal(await pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'), 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('makes a fresh 43-128 character verifier with its S256 challenge on every call', async () => {
    const a = await createPkcePair();
    const b = await createPkcePair();
    for (const pair of [a, b]) {
      assert.match(pair.verifier, /^[A-Za-z0-9\-._~]{43,128}$/);
      assert.equal(pair.method, 'S256');
      assert.equal(pair.challenge, await pkceChallenge(pair.verifier));
    }
    assert.notEqual(a.verifier, b.verifier);
  });

  it('makes 256-bit states that differ', () => {
    const a = createState();
    const b = createState();
    assert.equal(Buffer.from(a, 'base64url').length, 32);
    assert.notEqual(a, b);
  });

  const verifiers: [string, boolean][] = [
    ['a'.repeat(42), false],
    ['a'.repeat(43), true],
    ['a'.repeat(128), true],
    ['a'.repeat(129), false],
    [`${'a'.repeat(42)}+`, false],
    [`${'a'.repeat(40)}-._~`, true],
  ];
  for (const [verifier, valid] of verifiers) {
    it(`${valid ? 'accepts' : 'refuses'} a verifier of ${verifier.length} characters ending "${verifier.slice(-4)}"`, async () => {
      assert.equal(isValidCodeVerifier(verifier), valid);
      if (!valid) {
        await assert.rejects(pkceChallenge(verifier), RangeError);
      }
    });
  }
});
