/** Claims of an access token, decoded for display only. */
export interface DisplayClaims {
  readonly sub?: string;
  /**
   * The `scope` claim split on commas (the spec's separator) or spaces (RFC 9068's, what standard
   * servers write); an array claim (`scp`-style) is taken as it is.
   */
  readonly scopes: readonly string[];
  /** How the scope claim was written: `comma`, `space`, `list` (an array), or undefined when it held one scope or none. */
  readonly scopeSeparator?: 'comma' | 'space' | 'list';
  /** A name to show for the user: `preferred_username`, `name` or `email`, when the token has one. */
  readonly displayName?: string;
  /** The `name` claim (a person's full name), when the token has one. */
  readonly fullName?: string;
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
  const scope = readScopes(p.scope ?? p.scp);
  const displayName = [p.preferred_username, p.name, p.email].find((v): v is string => typeof v === 'string' && v.trim() !== '');
  return {
    sub: typeof p.sub === 'string' ? p.sub : undefined,
    scopes: scope.scopes,
    ...(scope.separator ? { scopeSeparator: scope.separator } : {}),
    ...(displayName ? { displayName: displayName.trim() } : {}),
    ...(typeof p.name === 'string' && p.name.trim() !== '' ? { fullName: p.name.trim() } : {}),
    groups: Array.isArray(p.groups) ? p.groups.filter((g): g is string => typeof g === 'string') : [],
    exp: typeof p.exp === 'number' ? p.exp : undefined,
    iss: typeof p.iss === 'string' ? p.iss : undefined,
    aud: typeof p.aud === 'string' ? [p.aud] : Array.isArray(p.aud) ? p.aud.filter((a): a is string => typeof a === 'string') : [],
  };
}

/** Splits a scope claim written with commas (the spec), spaces (RFC 9068) or both, or given as a list. */
export function readScopes(claim: unknown): { scopes: string[]; separator?: 'comma' | 'space' | 'list' } {
  if (Array.isArray(claim)) {
    return { scopes: claim.filter((s): s is string => typeof s === 'string' && s.trim() !== '').map((s) => s.trim()), separator: 'list' };
  }
  if (typeof claim !== 'string') {
    return { scopes: [] };
  }
  const scopes = claim.split(/[\s,]+/).filter((s) => s !== '');
  const separator = claim.includes(',') ? 'comma' : /\S\s+\S/.test(claim) ? 'space' : undefined;
  return separator ? { scopes, separator } : { scopes };
}
