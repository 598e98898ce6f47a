/**
 * The one-time migration of sign-ins stored by versions that keyed them by environment name.
 * Such a record is bound to the server it was made for where that can be known: the person's own
 * environment of that name (user settings or the built-in Sandbox, never a workspace's), and only
 * when the access token does not name another issuer or audience. Anything else is dropped: a
 * sign-in again is cheaper than a token sent to the wrong server.
 */
import type { Environment } from './environments';
import { decodeJwtForDisplay } from './jwtDisplay';
import type { LegacySessionRecord } from './sessionRecord';
import { normaliseServerUrl, serverIdentity, type ServerIdentity } from './serverIdentity';

/** Where an old record goes: the server to bind it to, or why it is dropped. */
export type LegacyBinding = { readonly bind: ServerIdentity } | { readonly drop: string };

/**
 * Decides the server of a record stored by an earlier version (see the module comment).
 * `environments` are the configured ones; only those of the person (origin `user` or `builtIn`)
 * are candidates.
 */
export function bindLegacySession(record: LegacySessionRecord, environments: readonly Environment[]): LegacyBinding {
  const own = environments.find((e) => e.name === record.environment && e.origin !== 'workspace');
  if (!own) {
    return { drop: `no environment named "${record.environment}" in your user settings` };
  }
  const server = serverIdentity(own);
  const claims = decodeJwtForDisplay(record.accessToken);
  // Only addresses are compared, by origin (an issuer or audience that is not a URL says nothing about where).
  const issuer = claims?.iss !== undefined ? originOf(claims.iss) : undefined;
  if (issuer !== undefined && issuer !== originOf(server.authUrl) && issuer !== originOf(server.baseUrl)) {
    return { drop: `its token was issued by another server than "${record.environment}" signs in at` };
  }
  const audiences = (claims?.aud ?? []).map(originOf).filter((o): o is string => o !== undefined);
  if (audiences.length > 0 && !audiences.includes(originOf(server.baseUrl)!)) {
    return { drop: `its token is meant for another server than the API of "${record.environment}"` };
  }
  return { bind: server };
}

/** The origin of an http(s) address, or undefined for anything else. */
function originOf(text: string): string | undefined {
  try {
    const url = new URL(normaliseServerUrl(text));
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
