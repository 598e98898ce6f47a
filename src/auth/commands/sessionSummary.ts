import type { SessionRecord } from '../../core/auth';
import { decodeJwtForDisplay } from '../../core/auth';

/** What commands return about a session: never a token. */
export interface SessionSummary {
  readonly id: string;
  readonly environment: string;
  /** The server the session belongs to (its API address) and where it signs in. */
  readonly server: { readonly baseUrl: string; readonly authUrl: string; readonly clientId: string };
  readonly kind: 'user' | 'team';
  readonly account: string;
  readonly accountId: string;
  /** The person's full name, when the token says it (its `name` claim). */
  readonly personName?: string;
  readonly scopes: readonly string[];
  /** How the token's scope claim separates scopes (`comma`: the spec's; `space`: RFC 9068's), when it holds several. */
  readonly scopeSeparator?: 'comma' | 'space' | 'list';
  /** False when the session has no refresh token: it ends when the access token does. */
  readonly refreshable: boolean;
  readonly groups: readonly string[];
  readonly expiresAt: string;
}

/** A token-free description of a session, with the claims decoded for display only. */
export function summarize(session: SessionRecord): SessionSummary {
  const claims = decodeJwtForDisplay(session.accessToken);
  return {
    id: session.id,
    environment: session.environment,
    server: { ...session.server },
    kind: session.kind,
    account: session.account.label,
    accountId: claims?.sub ?? session.account.id,
    ...(claims?.fullName ? { personName: claims.fullName } : {}),
    scopes: claims?.scopes.length ? claims.scopes : session.scopes,
    ...(claims?.scopeSeparator ? { scopeSeparator: claims.scopeSeparator } : {}),
    // A team token is renewed with the client secret, so only a user session needs one.
    refreshable: session.kind === 'team' || session.refreshToken !== undefined,
    groups: claims?.groups ?? [],
    expiresAt: new Date(session.expiresAt).toISOString(),
  };
}
