import { CorruptSessionRecordError } from './authErrors';
import { normaliseServerUrl, serverKey, type ServerIdentity } from './serverIdentity';

/** `user`: Authorization Code Grant on behalf of a person; `team`: Client Credentials, no user. */
export type SessionKind = 'user' | 'team';

/** One signed-in session as stored in secret storage (one JSON record per session). */
export interface SessionRecord {
  readonly v: 2;
  readonly id: string;
  /** The environment's name when the session was made: for display only (names can be reused). */
  readonly environment: string;
  /**
   * The server the tokens were issued by and for: the only place its access token, refresh token
   * and client secret are ever sent.
   */
  readonly server: ServerIdentity;
  readonly kind: SessionKind;
  readonly accessToken: string;
  readonly refreshToken?: string;
  /** Epoch ms: response arrival + expires_in - safety margin. */
  readonly expiresAt: number;
  /** Epoch ms after which the refresh token is known to be dead (issued + one month). */
  readonly refreshExpiresAt?: number;
  /** The scopes the session was requested with. */
  readonly scopes: readonly string[];
  readonly account: { readonly id: string; readonly label: string };
  readonly createdAt: number;
}

/**
 * A record of an earlier version (1), which named its environment but not its server. It is
 * migrated once (bound to the server it was made for, where that can be known) or dropped.
 */
export type LegacySessionRecord = Omit<SessionRecord, 'v' | 'server'> & { readonly v: 1 };

/** Parses a stored record of the current or an earlier version; anything else throws {@link CorruptSessionRecordError}. */
export function parseStoredSession(text: string): SessionRecord | LegacySessionRecord {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new CorruptSessionRecordError('The stored session is not valid JSON.');
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new CorruptSessionRecordError('The stored session is not an object.');
  }
  const r = raw as Record<string, unknown>;
  if (r.v !== 1 && r.v !== 2) {
    throw new CorruptSessionRecordError(`The stored session has an unknown version (${JSON.stringify(r.v) ?? 'none'}).`);
  }
  const str = (key: string, optional = false): string | undefined => {
    const value = r[key];
    if (value === undefined && optional) {
      return undefined;
    }
    if (typeof value !== 'string' || value === '') {
      throw new CorruptSessionRecordError(`The stored session has no valid ${key}.`);
    }
    return value;
  };
  const num = (key: string, optional = false): number | undefined => {
    const value = r[key];
    if (value === undefined && optional) {
      return undefined;
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new CorruptSessionRecordError(`The stored session has no valid ${key}.`);
    }
    return value;
  };
  if (r.kind !== 'user' && r.kind !== 'team') {
    throw new CorruptSessionRecordError('The stored session has no valid kind.');
  }
  if (!Array.isArray(r.scopes) || !r.scopes.every((s) => typeof s === 'string')) {
    throw new CorruptSessionRecordError('The stored session has no valid scopes.');
  }
  const account = r.account as Record<string, unknown> | null;
  if (!account || typeof account !== 'object' || typeof account.id !== 'string' || typeof account.label !== 'string') {
    throw new CorruptSessionRecordError('The stored session has no valid account.');
  }
  const fields: Omit<LegacySessionRecord, 'v'> = {
    id: str('id')!,
    environment: str('environment')!,
    kind: r.kind,
    accessToken: str('accessToken')!,
    refreshToken: str('refreshToken', true),
    expiresAt: num('expiresAt')!,
    refreshExpiresAt: num('refreshExpiresAt', true),
    scopes: [...(r.scopes as string[])],
    account: { id: account.id, label: account.label },
    createdAt: num('createdAt')!,
  };
  if (r.v === 1) {
    return { v: 1, ...fields };
  }
  const server = r.server as Record<string, unknown> | null;
  if (!server || typeof server !== 'object' || typeof server.authUrl !== 'string' || typeof server.baseUrl !== 'string' || typeof server.clientId !== 'string') {
    throw new CorruptSessionRecordError('The stored session has no valid server.');
  }
  let identity: ServerIdentity;
  try {
    identity = { authUrl: normaliseServerUrl(server.authUrl), baseUrl: normaliseServerUrl(server.baseUrl), clientId: server.clientId };
  } catch {
    throw new CorruptSessionRecordError('The stored session has no valid server.');
  }
  return { v: 2, ...fields, server: identity };
}

/** Serializes a record with a fixed member order (no undefined members). */
export function serializeSessionRecord(record: SessionRecord): string {
  return JSON.stringify({
    v: 2,
    id: record.id,
    environment: record.environment,
    server: { authUrl: record.server.authUrl, baseUrl: record.server.baseUrl, clientId: record.server.clientId },
    kind: record.kind,
    accessToken: record.accessToken,
    refreshToken: record.refreshToken,
    expiresAt: record.expiresAt,
    refreshExpiresAt: record.refreshExpiresAt,
    scopes: record.scopes,
    account: record.account,
    createdAt: record.createdAt,
  });
}

/**
 * The sessions of one environment's server (its identity, not its name), the preferred one first,
 * then the newest first.
 */
export function sessionsInOrder(sessions: readonly SessionRecord[], server: ServerIdentity, preferredId: string | undefined): SessionRecord[] {
  const key = serverKey(server);
  return sessions.filter((s) => serverKey(s.server) === key).sort((a, b) => Number(b.id === preferredId) - Number(a.id === preferredId) || b.createdAt - a.createdAt);
}
