import { CorruptSessionRecordError } from './authErrors';

/** `user`: Authorization Code Grant on behalf of a person; `team`: Client Credentials, no user. */
export type SessionKind = 'user' | 'team';

/** One signed-in session as stored in secret storage (one JSON record per session). */
export interface SessionRecord {
  readonly v: 1;
  readonly id: string;
  /** Environment name. */
  readonly environment: string;
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

/** Parses a stored record; anything unexpected throws {@link CorruptSessionRecordError}. */
export function parseSessionRecord(text: string): SessionRecord {
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
  if (r.v !== 1) {
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
  const record: SessionRecord = {
    v: 1,
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
  return record;
}

/** Serializes a record with a fixed member order (no undefined members). */
export function serializeSessionRecord(record: SessionRecord): string {
  return JSON.stringify({
    v: 1,
    id: record.id,
    environment: record.environment,
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

/** The sessions of one environment, the preferred one first, then the newest first. */
export function sessionsInOrder(sessions: readonly SessionRecord[], environment: string, preferredId: string | undefined): SessionRecord[] {
  return sessions.filter((s) => s.environment === environment).sort((a, b) => Number(b.id === preferredId) - Number(a.id === preferredId) || b.createdAt - a.createdAt);
}
