/** A parsed `WWW-Authenticate` challenge (RFC 9110 11.6.1, RFC 6750 3). */
export interface AuthChallenge {
  /** Lower-cased scheme, e.g. `bearer`. */
  scheme: string;
  /** Auth parameters with lower-cased names and unquoted values. */
  params: Record<string, string>;
}

/**
 * Parses a `WWW-Authenticate` header into its challenges. Tolerant: an unparseable rest is
 * dropped rather than thrown, since this only serves to explain a 401.
 */
function parseWwwAuthenticate(header: string | undefined): AuthChallenge[] {
  const challenges: AuthChallenge[] = [];
  if (!header) {
    return challenges;
  }
  const re = /\s*(?:([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^\s,]*)|([!#$%&'*+.^_`|~0-9A-Za-z-]+=*))\s*,?/y;
  let current: AuthChallenge | undefined;
  let pos = 0;
  while (pos < header.length) {
    re.lastIndex = pos;
    const m = re.exec(header);
    if (!m || m[0] === '') {
      break;
    }
    pos = re.lastIndex;
    if (m[1] !== undefined && current) {
      const raw = m[2] ?? '';
      current.params[m[1].toLowerCase()] = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
    } else if (m[3] !== undefined) {
      // A bare word starts a new challenge; a token68 after a scheme is not used here.
      if (current && Object.keys(current.params).length === 0 && m[3].includes('=')) {
        continue;
      }
      current = { scheme: m[3].toLowerCase(), params: {} };
      challenges.push(current);
    } else if (m[1] !== undefined) {
      // Parameter before any scheme: not a valid header; ignore it.
      continue;
    }
  }
  return challenges;
}

/** What a 401 says about why, from the Bearer challenge and the JSON body. */
export interface UnauthorizedDetails {
  /** `insufficient_scope`, `invalid_token`, ...; undefined when the server did not say. */
  error?: string;
  description?: string;
  /** Scopes the server says are needed. */
  scopes: string[];
}

/**
 * Reads a 401 answer: `WWW-Authenticate: Bearer error="insufficient_scope", scope="tasks:write"`
 * and/or a JSON body `{error, error_description, scope}`. Scope lists may be space or comma separated.
 */
export function unauthorizedDetails(wwwAuthenticate: string | undefined, body: unknown): UnauthorizedDetails {
  const bearer = parseWwwAuthenticate(wwwAuthenticate).find((c) => c.scheme === 'bearer');
  const b = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const error = bearer?.params.error ?? (typeof b.error === 'string' ? b.error : undefined);
  const description = bearer?.params.error_description ?? (typeof b.error_description === 'string' ? b.error_description : undefined);
  const scopes = new Set<string>();
  for (const source of [bearer?.params.scope, b.scope]) {
    const items = typeof source === 'string' ? source.split(/[\s,]+/) : Array.isArray(source) ? source : [];
    for (const s of items) {
      if (typeof s === 'string' && s.trim() !== '') {
        scopes.add(s.trim());
      }
    }
  }
  return { error, description, scopes: [...scopes] };
}
