/** Claims of an access token, decoded for display only. */
export interface DisplayClaims {
  readonly sub?: string;
  /** The `scope` claim split on commas (the token's separator, unlike the request's spaces). */
  readonly scopes: readonly string[];
  readonly groups: readonly string[];
  /** Seconds since the epoch, when present. */
  readonly exp?: number;
  /** Issuer and audiences, when present (read only to refuse binding an old sign-in to another server). */
  readonly iss?: string;
  readonly aud: readonly string[];
}

/**
 * Decodes a JWT payload WITHOUT verifying it. Use the result only to show who is signed in,
 * never to decide anything (expiry comes from `expires_in`, access from the server's answers).
 * Returns undefined when the token is not a readable JWT.
 */
export function decodeJwtForDisplay(token: string): DisplayClaims | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || !/^[A-Za-z0-9_-]+$/.test(parts[1])) {
    return undefined;
  }
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
    return undefined;
  }
  const p = payload as Record<string, unknown>;
  return {
    sub: typeof p.sub === 'string' ? p.sub : undefined,
    scopes:
      typeof p.scope === 'string'
        ? p.scope
            .split(',')
            .map((s) => s.trim())
            .filter((s) => s !== '')
        : [],
    groups: Array.isArray(p.groups) ? p.groups.filter((g): g is string => typeof g === 'string') : [],
    exp: typeof p.exp === 'number' ? p.exp : undefined,
    iss: typeof p.iss === 'string' ? p.iss : undefined,
    aud: typeof p.aud === 'string' ? [p.aud] : Array.isArray(p.aud) ? p.aud.filter((a): a is string => typeof a === 'string') : [],
  };
}
