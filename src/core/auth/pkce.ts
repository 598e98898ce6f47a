import * as oauth from 'oauth4webapi';

/** A PKCE pair for one authorization attempt (RFC 7636). The verifier never leaves memory. */
export interface PkcePair {
  readonly verifier: string;
  readonly challenge: string;
  readonly method: 'S256';
}

const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

/** True for a syntactically valid code verifier: 43-128 unreserved characters. */
export function isValidCodeVerifier(verifier: string): boolean {
  return VERIFIER.test(verifier);
}

/** base64url(SHA-256(verifier)) without padding; refuses an invalid verifier. */
export async function pkceChallenge(verifier: string): Promise<string> {
  if (!isValidCodeVerifier(verifier)) {
    throw new RangeError('A PKCE code verifier must be 43 to 128 unreserved characters.');
  }
  return oauth.calculatePKCECodeChallenge(verifier);
}

/** A fresh pair: 32 random bytes (43 base64url characters) and its S256 challenge. */
export async function createPkcePair(): Promise<PkcePair> {
  const verifier = oauth.generateRandomCodeVerifier();
  return { verifier, challenge: await pkceChallenge(verifier), method: 'S256' };
}

/** A fresh `state`: 256 random bits, base64url. */
export function createState(): string {
  return oauth.generateRandomState();
}
