import { randomUUID } from 'node:crypto';
import { AuthorizationError, CancelledError, ConfigurationError, HttpStatusError, NetworkError, errorMessage } from '../errors';
import type { Logger } from '../logger';
import { SessionExpiredError } from './authErrors';
import type { ClientType, Environment } from './environments';
import { serverIdentity, type ServerIdentity } from './serverIdentity';
import { Emitter, type Event } from '../events';
import { decodeJwtForDisplay } from './jwtDisplay';
import type { SessionKind, SessionRecord } from './sessionRecord';
import type { ClientSecrets, SessionStore } from './sessionStore';
import type { Clock, Disposable } from '../clock';
import type { FetchLike } from './seams';
import { TokenEndpointClient, type TokenSet } from './tokenEndpoint';

/** Refresh silently when less than this remains. */
export const REFRESH_THRESHOLD_MS = 5 * 60_000;
/** Subtracted from `expires_in` so that a token is never sent at the edge of its life. */
export const EXPIRY_MARGIN_MS = 60_000;
/** Refresh tokens live one month (spec, Limits). */
export const REFRESH_TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60_000;
/** First back-off after a network error or 5xx during refresh; doubles up to the maximum. */
export const REFRESH_BACKOFF_BASE_MS = 5_000;
const REFRESH_BACKOFF_MAX_MS = 5 * 60_000;

/** Why a session went away. */
export type SessionRemovalReason = 'invalid_grant' | 'expired' | 'signedOut';

/** Sessions added, removed or changed (token rotated), in this window or another. */
export interface SessionsChangeEvent {
  readonly added: readonly SessionRecord[];
  readonly removed: readonly SessionRecord[];
  readonly changed: readonly SessionRecord[];
}

/** Options of {@link TokenManager.getAccessToken}. */
export interface AccessTokenOptions {
  /** Refresh even if the token looks valid: after the GraphQL endpoint answered 401. */
  readonly forceRefresh?: boolean;
  /** With forceRefresh: the token that got the 401; if the store already holds another one, that is returned. */
  readonly rejectedToken?: string;
  readonly signal?: AbortSignal;
}

/** Everything the token manager depends on. */
export interface TokenManagerDeps {
  readonly store: SessionStore;
  readonly clientSecrets: ClientSecrets;
  /**
   * The client type of the configured environment for this server, if one is configured. A
   * session is refreshed at its own server whatever the settings say now; this only says whether
   * the client authenticates with its secret (without an answer: when a secret is stored for it).
   */
  readonly clientTypeOf: (server: ServerIdentity) => ClientType | undefined;
  /** The configured issuer and resource indicator for this server, if an environment names them. */
  readonly tokenOptionsOf?: (server: ServerIdentity) => Pick<Environment, 'issuer' | 'resource'> | undefined;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly fetch?: FetchLike;
  readonly proxyFor?: (origin: string) => string | undefined;
}

/** Expiry of a token received at `receivedAt`, with the safety margin. */
function computeExpiry(receivedAt: number, expiresInSeconds: number): number {
  const lifetime = expiresInSeconds * 1000;
  return receivedAt + Math.max(lifetime - EXPIRY_MARGIN_MS, lifetime / 2);
}

/**
 * The user a token response is for: the id is `sub`; the label prefers a name a person knows
 * (`preferred_username`, `name`, `email`, from the ID token when there is one, then the access
 * token), since real servers put opaque ids in `sub`.
 */
export function userAccount(tokens: Pick<TokenSet, 'accessToken' | 'idToken'>): { id: string; label: string } {
  const claims = decodeJwtForDisplay(tokens.accessToken);
  const idClaims = tokens.idToken ? decodeJwtForDisplay(tokens.idToken) : undefined;
  const sub = claims?.sub ?? idClaims?.sub;
  return { id: sub ?? 'user', label: idClaims?.displayName ?? claims?.displayName ?? sub ?? 'Signed-in user' };
}

/** Builds a new session record from a token response that has just arrived. */
export function createSessionRecord(input: { environment: Environment; kind: SessionKind; tokens: TokenSet; scopes: readonly string[]; receivedAt: number }): SessionRecord {
  const { environment, kind, tokens, receivedAt } = input;
  const account = kind === 'team' ? { id: `team:${environment.clientId}`, label: 'Team' } : userAccount(tokens);
  return {
    v: 2,
    id: randomUUID(),
    environment: environment.name,
    server: serverIdentity(environment),
    kind,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresAt: computeExpiry(receivedAt, tokens.expiresIn),
    refreshExpiresAt: tokens.refreshToken ? receivedAt + REFRESH_TOKEN_LIFETIME_MS : undefined,
    scopes: [...input.scopes],
    account,
    createdAt: receivedAt,
  };
}

interface Backoff {
  readonly until: number;
  readonly failures: number;
  readonly error: Error;
}

/**
 * Hands out access tokens and keeps them fresh. Refreshes when less than 5 minutes remain or
 * when forced after a 401; one refresh per session at a time in this window; re-reads secret
 * storage first (another window may have rotated the token); persists the rotated refresh token
 * before returning the new access token; on network errors and 5xx keeps the session and backs
 * off; on `invalid_grant` or an expired refresh token removes the session and fires
 * {@link onDidRemoveSession}.
 */
export class TokenManager implements Disposable {
  private readonly inflight = new Map<string, Promise<string>>();
  private readonly backoff = new Map<string, Backoff>();
  private readonly removeEmitter = new Emitter<{ session: SessionRecord; reason: SessionRemovalReason }>();
  private readonly changeEmitter = new Emitter<SessionsChangeEvent>();
  private readonly subscription: Disposable;
  private known = new Map<string, SessionRecord>();
  private syncQueue: Promise<void> = Promise.resolve();
  private disposed = false;

  /** A session was removed by the manager; the glue shows a non-modal "Sign in again". */
  readonly onDidRemoveSession: Event<{ session: SessionRecord; reason: SessionRemovalReason }> = this.removeEmitter.event;
  /** Sessions were added, removed or changed, here or in another window. */
  readonly onDidChangeSessions: Event<SessionsChangeEvent> = this.changeEmitter.event;

  constructor(private readonly deps: TokenManagerDeps) {
    this.subscription = deps.store.onDidChange(() => void this.sync());
  }

  /** Loads the current sessions so that later changes can be reported as differences. */
  async initialize(): Promise<void> {
    await this.sync();
  }

  /** Every stored session, fresh from secret storage. */
  getSessions(): Promise<SessionRecord[]> {
    return this.deps.store.list();
  }

  /** Stores a new session (after a sign-in). */
  async addSession(record: SessionRecord): Promise<void> {
    await this.deps.store.put(record);
    await this.sync();
  }

  /** Signs a session out. */
  async removeSession(id: string, reason: SessionRemovalReason = 'signedOut'): Promise<void> {
    const record = await this.deps.store.get(id);
    await this.deps.store.delete(id);
    this.backoff.delete(id);
    if (record) {
      this.removeEmitter.fire({ session: record, reason });
    }
    await this.sync();
  }

  /** A valid access token of the session, refreshed when needed (see the class comment). */
  async getAccessToken(sessionId: string, options: AccessTokenOptions = {}): Promise<string> {
    if (options.signal?.aborted) {
      throw new CancelledError();
    }
    const flying = this.inflight.get(sessionId);
    if (flying) {
      return withSignal(flying, options.signal);
    }
    const record = await this.deps.store.get(sessionId);
    if (!record) {
      throw new SessionExpiredError(sessionId, 'This sign-in no longer exists. Sign in again.');
    }
    if (!options.forceRefresh && !this.needsRefresh(record)) {
      return record.accessToken;
    }
    const stale = options.forceRefresh && options.rejectedToken ? options.rejectedToken : record.accessToken;
    return withSignal(this.refreshOnce(sessionId, stale, options.forceRefresh === true), options.signal);
  }

  dispose(): void {
    this.disposed = true;
    this.subscription.dispose();
    this.removeEmitter.dispose();
    this.changeEmitter.dispose();
  }

  private needsRefresh(record: SessionRecord): boolean {
    return record.expiresAt - this.deps.clock.now() < REFRESH_THRESHOLD_MS;
  }

  private refreshOnce(id: string, staleToken: string, force: boolean): Promise<string> {
    const existing = this.inflight.get(id);
    if (existing) {
      return existing;
    }
    const flight = this.refresh(id, staleToken, force).finally(() => this.inflight.delete(id));
    this.inflight.set(id, flight);
    return flight;
  }

  private async refresh(id: string, staleToken: string, force: boolean): Promise<string> {
    const { store, clock, logger } = this.deps;
    const current = await store.get(id);
    if (!current) {
      throw new SessionExpiredError(id, 'This sign-in no longer exists. Sign in again.');
    }
    if (current.accessToken !== staleToken && !this.needsRefresh(current)) {
      // Another window (or an earlier flight) already rotated it.
      return current.accessToken;
    }
    const now = clock.now();
    const stillValid = !force && now < current.expiresAt;
    const backoff = this.backoff.get(id);
    if (backoff && now < backoff.until) {
      if (stillValid) {
        return current.accessToken;
      }
      throw backoff.error;
    }
    if (current.refreshToken && current.refreshExpiresAt !== undefined && now >= current.refreshExpiresAt) {
      await this.removeExpired(current, 'expired');
    }
    if (!current.refreshToken && current.kind === 'user') {
      await this.removeExpired(current, 'expired');
    }

    // The session's own server, never the one a setting of the same name points at now.
    const server = current.server;
    const stored = await this.deps.clientSecrets.get(server);
    const clientType = this.deps.clientTypeOf(server) ?? (stored !== undefined ? 'confidential' : 'public');
    const secret = clientType === 'confidential' ? stored : undefined;
    const options = this.deps.tokenOptionsOf?.(server);
    const env = { name: current.environment, ...server, clientType, issuer: options?.issuer, resource: options?.resource };
    const client = new TokenEndpointClient(env, this.deps.fetch, undefined, this.deps.proxyFor);
    let tokens: TokenSet;
    try {
      if (current.refreshToken) {
        logger.debug(`Refreshing the access token of session ${id} (${env.name}).`);
        tokens = await client.refresh(current.refreshToken, secret);
      } else {
        if (!secret) {
          throw new ConfigurationError('clientSecret', `No client secret is set for environment "${env.name}". Set it with the "Set Client Secret" command.`);
        }
        logger.debug(`Renewing the team token of session ${id} (${env.name}).`);
        tokens = await client.clientCredentials(secret, current.scopes);
      }
    } catch (err) {
      return this.refreshFailed(current, err, stillValid);
    }
    const receivedAt = clock.now();
    const next: SessionRecord = {
      ...current,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken ?? current.refreshToken,
      expiresAt: computeExpiry(receivedAt, tokens.expiresIn),
      refreshExpiresAt: tokens.refreshToken ? receivedAt + REFRESH_TOKEN_LIFETIME_MS : current.refreshExpiresAt,
    };
    // The old refresh token may already be spent: the new one must be safe before anyone uses the access token.
    await store.put(next);
    this.backoff.delete(id);
    logger.info(`Refreshed the access token of session ${id} (${env.name}).`);
    void this.sync();
    return next.accessToken;
  }

  private async refreshFailed(current: SessionRecord, err: unknown, stillValid: boolean): Promise<string> {
    const { store, clock, logger } = this.deps;
    if (err instanceof AuthorizationError && err.error === 'invalid_grant') {
      const latest = await store.get(current.id);
      if (latest && latest.refreshToken !== current.refreshToken) {
        // Another window rotated the refresh token while ours was in flight: use its result.
        return latest.accessToken;
      }
      return this.removeExpired(current, 'invalid_grant');
    }
    if (err instanceof NetworkError || (err instanceof HttpStatusError && (err.status >= 500 || err.status === 429))) {
      const failures = (this.backoff.get(current.id)?.failures ?? 0) + 1;
      const delay = Math.max(err instanceof HttpStatusError ? (err.retryAfterMs ?? 0) : 0, Math.min(REFRESH_BACKOFF_BASE_MS * 2 ** (failures - 1), REFRESH_BACKOFF_MAX_MS));
      this.backoff.set(current.id, { until: clock.now() + delay, failures, error: err });
      logger.warn(`Could not refresh session ${current.id} (${errorMessage(err)}); keeping it and trying again in ${Math.ceil(delay / 1000)} s.`);
      if (stillValid) {
        return current.accessToken;
      }
    }
    throw err;
  }

  private async removeExpired(record: SessionRecord, reason: 'invalid_grant' | 'expired'): Promise<never> {
    this.deps.logger.info(`Session ${record.id} (${record.environment}) ended (${reason}); the user must sign in again.`);
    await this.deps.store.delete(record.id);
    this.backoff.delete(record.id);
    this.removeEmitter.fire({ session: record, reason });
    await this.sync();
    throw new SessionExpiredError(record.id, `The sign-in to "${record.environment}" has expired. Sign in again.`);
  }

  /** Diffs the stored sessions against the last known ones and reports the difference. */
  private sync(): Promise<void> {
    const run = async () => {
      if (this.disposed) {
        return;
      }
      const records = await this.deps.store.list();
      const next = new Map(records.map((r) => [r.id, r]));
      const added = records.filter((r) => !this.known.has(r.id));
      const removed = [...this.known.values()].filter((r) => !next.has(r.id));
      const changed = records.filter((r) => {
        const before = this.known.get(r.id);
        return before !== undefined && before.accessToken !== r.accessToken;
      });
      this.known = next;
      if (added.length || removed.length || changed.length) {
        this.changeEmitter.fire({ added, removed, changed });
      }
    };
    const result = this.syncQueue.then(run, run);
    this.syncQueue = result.catch((err: unknown) => this.deps.logger.warn(`Could not read the stored sign-ins: ${errorMessage(err)}`));
    return this.syncQueue;
  }
}

/** Races a shared promise with one caller's abort signal, without cancelling the shared work. */
function withSignal<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) {
    return promise;
  }
  if (signal.aborted) {
    return Promise.reject(new CancelledError());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new CancelledError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}
