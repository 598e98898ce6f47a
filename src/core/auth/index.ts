/**
 * The pure sign-in core. {@link AuthCore} is the one entry point for the VS Code glue; the
 * individual modules are exported for tests and for finer use.
 */
import { ConfigurationError } from '../errors';
import { taggedLogger, type Logger } from '../logger';
import type { SecretRegistry } from '../secretRegistry';
import type { Environment } from './environments';
import type { Event } from '../events';
import { PendingAuthorizations, type CallbackResult } from './pendingAuthorizations';
import type { LegacySessionRecord, SessionRecord } from './sessionRecord';
import { bindLegacySession } from './legacyMigration';
import { sameServer, serverIdentity } from './serverIdentity';
import { ClientSecrets, SessionStore, type CorruptSessionEvent } from './sessionStore';
import { HeaderSecrets } from './headerSecrets';
import { systemClock, systemTimers, type Clock, type Disposable, type Timers } from '../clock';
import type { FetchLike, OpenBrowser, SecretStore } from './seams';
import { signIn, signInWithClientCredentials, type SignInOptions } from './signIn';
import { TokenManager, type SessionRemovalReason, type SessionsChangeEvent } from './tokenManager';

export * from './authErrors';
export * from './authorizeUrl';
export * from './environments';
export * from './environmentEntry';
export * from './environmentOverlay';
export * from './jwtDisplay';
export * from './legacyMigration';
export * from './serverIdentity';
export * from './loopbackReceiver';
export * from './pendingAuthorizations';
export * from './pkce';
export * from './seams';
export * from './sessionRecord';
export * from './sessionStore';
export * from './headerSecrets';
export * from './signIn';
export * from './tokenEndpoint';
export * from './tokenManager';

/** A session that ended, and why (signed out, expired, no longer accepted). */
export interface SessionRemoval {
  readonly session: SessionRecord;
  readonly reason: SessionRemovalReason;
}

/** A sign-in of an earlier version that could not be tied to a server, and why. */
export interface LegacySessionDrop {
  readonly session: LegacySessionRecord;
  readonly reason: string;
}

/** Platform pieces the glue hands to {@link AuthCore}. */
export interface AuthCoreOptions {
  readonly secrets: SecretStore;
  readonly logger: Logger;
  readonly openBrowser: OpenBrowser;
  /** The current, validated environments (from `parseEnvironments`). */
  readonly environments: () => readonly Environment[];
  /**
   * The person's own environments (user settings and built-in), including those a workspace's
   * settings hide by reusing their names: what stored credentials of earlier versions bind to.
   * Defaults to the non-workspace ones of {@link environments}.
   */
  readonly ownEnvironments?: () => readonly Environment[];
  readonly clock?: Clock;
  readonly timers?: Timers;
  /** Defaults to the global fetch (never undici's global dispatcher). */
  readonly fetch?: FetchLike;
  /** The proxy (credentials hidden) requests to an origin go through, for messages. */
  readonly proxyFor?: (origin: string) => string | undefined;
  /**
   * The registry the extension's `redactingLogger` uses: states, verifiers, codes, tokens and
   * client secrets are registered with it while they live, so logs redact them by value.
   */
  readonly secretRegistry?: SecretRegistry;
}

/**
 * Sign-in, callbacks, sessions and access tokens behind one object. Dispose it on deactivate:
 * pending sign-ins are cancelled and listeners released.
 */
export class AuthCore implements Disposable {
  readonly pending: PendingAuthorizations;
  readonly store: SessionStore;
  readonly clientSecrets: ClientSecrets;
  /** Secret header values, by server (Set Header Secret). */
  readonly headerSecrets: HeaderSecrets;
  readonly tokens: TokenManager;
  private readonly logger: Logger;
  private readonly clock: Clock;
  private readonly timers: Timers;

  /** Sessions added, removed or rotated (this window or another). */
  readonly onDidChangeSessions: Event<SessionsChangeEvent>;
  /** A session ended by itself (`invalid_grant`, refresh token expired) or was signed out. */
  readonly onDidRemoveSession: Event<SessionRemoval>;
  /** A stored record was unreadable and has been removed; `message` is for the user. */
  readonly onDidRemoveCorruptSession: Event<CorruptSessionEvent>;

  constructor(private readonly options: AuthCoreOptions) {
    this.logger = taggedLogger(options.logger, 'auth');
    this.clock = options.clock ?? systemClock;
    this.timers = options.timers ?? systemTimers;
    this.pending = new PendingAuthorizations(this.clock, undefined, options.secretRegistry);
    this.store = new SessionStore(options.secrets, this.logger, options.secretRegistry);
    this.clientSecrets = new ClientSecrets(options.secrets, options.secretRegistry);
    this.headerSecrets = new HeaderSecrets(options.secrets, options.secretRegistry);
    this.tokens = new TokenManager({
      store: this.store,
      clientSecrets: this.clientSecrets,
      clientTypeOf: (server) => this.options.environments().find((e) => sameServer(server, e))?.clientType,
      tokenOptionsOf: (server) => this.options.environments().find((e) => sameServer(server, e)),
      clock: this.clock,
      logger: this.logger,
      fetch: options.fetch,
      proxyFor: options.proxyFor,
    });
    this.onDidChangeSessions = this.tokens.onDidChangeSessions;
    this.onDidRemoveSession = this.tokens.onDidRemoveSession;
    this.onDidRemoveCorruptSession = this.store.onDidRemoveCorrupt;
  }

  /**
   * Migrates what earlier versions stored by environment name (sign-ins and client secrets, see
   * {@link bindLegacySession}), then reads the stored sessions once so that later changes arrive
   * as differences. Resolves to the sign-ins that could not be bound to a server and were removed.
   */
  async initialize(): Promise<{ readonly dropped: readonly LegacySessionDrop[] }> {
    const environments = this.options.ownEnvironments?.() ?? this.options.environments().filter((e) => e.origin !== 'workspace');
    const dropped: LegacySessionDrop[] = [];
    for (const legacy of await this.store.legacy()) {
      const binding = bindLegacySession(legacy, environments);
      if ('bind' in binding) {
        await this.store.put({ ...legacy, v: 2, server: binding.bind });
        this.logger.info(`Bound the earlier sign-in ${legacy.id} of "${legacy.environment}" to its server.`);
      } else {
        await this.store.delete(legacy.id);
        dropped.push({ session: legacy, reason: binding.drop });
        this.logger.warn(`Removed the earlier sign-in ${legacy.id} of "${legacy.environment}": ${binding.drop}.`);
      }
    }
    for (const env of environments) {
      const done = await this.clientSecrets.migrateNamed(env.name, env.clientType === 'confidential' ? serverIdentity(env) : undefined);
      if (done !== 'none') {
        this.logger.info(`The client secret stored for "${env.name}" was ${done === 'moved' ? 'bound to its server' : 'removed (no environment of yours has that name)'}.`);
      }
    }
    await this.tokens.initialize();
    return { dropped };
  }

  /** The configured environment of that name, if any. */
  environment(name: string): Environment | undefined {
    return this.options.environments().find((e) => e.name === name);
  }

  /** Interactive sign-in (Authorization Code + PKCE) in the environment's redirect mode. */
  signIn(options: SignInOptions): Promise<SessionRecord> {
    return signIn(
      {
        pending: this.pending,
        tokens: this.tokens,
        clientSecrets: this.clientSecrets,
        openBrowser: this.options.openBrowser,
        clock: this.clock,
        timers: this.timers,
        logger: this.logger,
        fetch: this.options.fetch,
        proxyFor: this.options.proxyFor,
        secretRegistry: this.options.secretRegistry,
      },
      options,
    );
  }

  /** Team token (Client Credentials) for a confidential client. */
  signInAsTeam(environmentName: string, options: { secret?: string; scopes?: readonly string[]; signal?: AbortSignal } = {}): Promise<SessionRecord> {
    const env = this.environment(environmentName);
    if (!env) {
      return Promise.reject(new ConfigurationError('tenantGraphql.environments', `No environment named "${environmentName}" is configured.`));
    }
    return signInWithClientCredentials(
      {
        tokens: this.tokens,
        clientSecrets: this.clientSecrets,
        clock: this.clock,
        logger: this.logger,
        fetch: this.options.fetch,
        proxyFor: this.options.proxyFor,
        secretRegistry: this.options.secretRegistry,
      },
      env,
      options,
    );
  }

  /** Redirect mode (a): the URI handler delivers the callback's query string here. */
  handleCallback(query: URLSearchParams | string): CallbackResult {
    const result = this.pending.handleCallback(query);
    this.logCallback(result);
    return result;
  }

  /** Redirect mode (c): the address the user pasted from the browser. */
  handlePastedUrl(text: string): CallbackResult {
    const result = this.pending.handlePastedUrl(text);
    this.logCallback(result);
    return result;
  }

  /** Every stored session of every environment. */
  getSessions(): Promise<SessionRecord[]> {
    return this.tokens.getSessions();
  }

  /** Signs out one session. */
  signOut(sessionId: string): Promise<void> {
    return this.tokens.removeSession(sessionId, 'signedOut');
  }

  dispose(): void {
    this.pending.cancelAll();
    this.tokens.dispose();
    this.store.dispose();
  }

  private logCallback(result: CallbackResult): void {
    if (result.kind === 'rejected') {
      this.logger.warn(`Ignored a sign-in callback (${result.reason}).`);
    } else if (result.kind === 'error') {
      this.logger.info(`The browser returned an authorization error: ${result.error.error}.`);
    } else {
      this.logger.debug(`Received the authorization code for "${result.environment}".`);
    }
  }
}
