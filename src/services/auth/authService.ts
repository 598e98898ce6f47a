import * as vscode from 'vscode';
import {
  AuthCore,
  environmentHeaders,
  type EnvironmentHeaders,
  type FetchLike,
  serverIdentity,
  serverKey,
  sessionsInOrder,
  type CallbackResult,
  type Environment,
  type LegacySessionDrop,
  type SessionRecord,
  type SessionRemoval,
  type SessionsChangeEvent,
} from '../../core/auth';
import type { TokenSource } from '../../core/http/tokenPolicy';
import { taggedLogger, type Logger } from '../../core/logger';
import type { ConfigurationService } from '../config';
import { vscodeSecretStore } from './secretStore';
import type { SecretRegistry } from '../../core/secretRegistry';
import { WorkspaceApprovals } from './workspaceApprovals';
import { openInBrowser } from '../../platform/browserOpener';
import { setContextKey } from '../../platform/contextKeys';

/** globalState: the session used for each server (by server key), when there are several. */
const PREFERRED_KEY = 'tenantGraphql.preferredSessionByServer';

/** A sign-in that is waiting for the browser; the status bar and the paste command reach it. */
export interface SignInInProgress {
  readonly environment: string;
  authorizeUrl?: string;
  readonly cancel: () => void;
}

/** One browser sign-in (Authorization Code + PKCE) as {@link AuthService.signIn} runs it. */
export interface SignInRequest {
  readonly environment: Environment;
  /** The redirect URI to register; undefined: the core's loopback receiver picks its own. */
  readonly redirectUri: string | undefined;
  readonly scopes: readonly string[];
  /** Aborts the sign-in (the person cancelled its progress). */
  readonly signal: AbortSignal;
}

/**
 * The auth service: owns the {@link AuthCore} (sessions, tokens, callbacks, secrets, all keyed by
 * server identity), knows the active environment, the preferred session of each server and the
 * workspace servers the person allowed. It never asks or tells the person anything: the auth
 * feature's sign-in flow (src/auth/signInFlow.ts) does, and listens to its events.
 */
export class AuthService implements vscode.Disposable {
  private readonly core: AuthCore;
  private readonly approvals: WorkspaceApprovals;
  private readonly logger: Logger;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly activeChanged = new vscode.EventEmitter<void>();
  private readonly legacyDropped = new vscode.EventEmitter<readonly LegacySessionDrop[]>();
  private inProgress: SignInInProgress | undefined;
  private readonly redirectRegistrars = new Set<(env: Environment, redirectUri: string) => Promise<void>>();
  private readonly progressChanged = new vscode.EventEmitter<SignInInProgress | undefined>();
  /** Fires when the active environment or its session changed. */
  readonly onDidChangeActive = this.activeChanged.event;
  /** Fires when a sign-in starts or ends. */
  readonly onDidChangeSignInProgress = this.progressChanged.event;
  /** Fires when sessions of any environment were added, removed or changed (tokens refreshed). */
  readonly onDidChangeSessions: vscode.Event<SessionsChangeEvent>;
  /** Fires when a session ended: signed out, expired, or no longer accepted by its server. */
  readonly onDidRemoveSession: vscode.Event<SessionRemoval>;
  /** Fires when a stored session could not be read and was removed (its message says so). */
  readonly onDidRemoveCorruptSession: vscode.Event<{ readonly message: string }>;
  /** Fires once at {@link initialize} when sign-ins of earlier versions could not be tied to a server. */
  readonly onDidDropLegacySessions = this.legacyDropped.event;
  /** The access tokens of the stored sessions (refreshed near expiry, or when forced after a 401). */
  readonly tokens: TokenSource;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly config: ConfigurationService,
    logger: Logger,
    secretRegistry?: SecretRegistry,
    /** The token endpoint's fetch (through VS Code's proxy settings); the global fetch without it. */
    fetchImpl?: FetchLike,
    /** The proxy (credentials hidden) requests to an origin go through, for messages. */
    proxyFor?: (origin: string) => string | undefined,
  ) {
    this.logger = taggedLogger(logger, 'auth');
    this.approvals = new WorkspaceApprovals(context.globalState);
    this.core = new AuthCore({
      secrets: vscodeSecretStore(context.secrets),
      secretRegistry,
      logger,
      openBrowser: openInBrowser,
      environments: () => this.config.settings.environments,
      ownEnvironments: () => this.config.settings.ownEnvironments,
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
      ...(proxyFor ? { proxyFor } : {}),
    });
    this.tokens = this.core.tokens;
    this.onDidChangeSessions = forward(this.core.onDidChangeSessions);
    this.onDidRemoveSession = forward(this.core.onDidRemoveSession);
    this.onDidRemoveCorruptSession = forward(this.core.onDidRemoveCorruptSession);
    this.disposables.push(
      this.activeChanged,
      this.progressChanged,
      this.legacyDropped,
      { dispose: () => this.core.dispose() },
      config.onDidChange(() => this.activeChanged.fire()),
      this.progressChanged.event((p) => setContextKey('tenantGraphql.signingIn', p !== undefined)),
      this.core.onDidChangeSessions(() => this.activeChanged.fire()),
    );
  }

  /** Every stored session of every environment. */
  allSessions(): Promise<SessionRecord[]> {
    return this.core.getSessions();
  }

  /** The query of a redirect to the URI handler: finishes the waiting sign-in, or is rejected. */
  handleCallback(query: string): CallbackResult {
    return this.core.handleCallback(query);
  }

  /** The address the person pasted from the browser (redirect mode "paste", or the fallback). */
  handlePastedUrl(text: string): CallbackResult {
    return this.core.handlePastedUrl(text);
  }

  /** Keeps a secret header's value in SecretStorage (never in settings), for that environment's server only. */
  async setHeaderSecret(environment: Environment, header: string, value: string): Promise<void> {
    await this.core.headerSecrets.set(serverIdentity(environment), header, value);
  }

  /** The environment's token header and extra headers, with the secret values of its server. */
  headersOf(environment: Environment): Promise<EnvironmentHeaders> {
    return environmentHeaders(environment, this.core.headerSecrets);
  }

  /** Keeps a confidential client's secret in SecretStorage (never in settings), for that environment's server only. */
  async setClientSecret(environment: Environment, secret: string): Promise<void> {
    await this.core.clientSecrets.set(serverIdentity(environment), secret);
  }

  /**
   * Adds a hook that runs before the browser opens, with the exact redirect URI of this attempt
   * (the built-in Sandbox registers it, as a tenant admin would).
   */
  addRedirectRegistrar(fn: (env: Environment, redirectUri: string) => Promise<void>): vscode.Disposable {
    this.redirectRegistrars.add(fn);
    return new vscode.Disposable(() => this.redirectRegistrars.delete(fn));
  }

  /**
   * Reads stored sessions (migrating those of earlier versions to their server, see
   * bindLegacySession); call once at activation. Listeners hear of the active session then.
   */
  async initialize(): Promise<void> {
    const { dropped } = await this.core.initialize();
    if (dropped.length > 0) {
      this.legacyDropped.fire(dropped);
    }
    this.activeChanged.fire();
  }

  /** False in Restricted Mode (an untrusted workspace): then nothing is sent anywhere. */
  get trusted(): boolean {
    return this.config.settings.trusted;
  }

  /** True when credentials and requests may go to this environment's server now: trusted, and a workspace's server allowed. */
  isAllowed(env: Environment): boolean {
    return this.config.settings.trusted && this.approvals.isAllowed(env);
  }

  /** Remembers that the person allowed a workspace-defined environment's server (in this workspace). */
  allow(env: Environment): Promise<void> {
    return this.approvals.allow(env);
  }

  get signInInProgress(): SignInInProgress | undefined {
    return this.inProgress;
  }

  /** The active environment, or undefined when none is configured. */
  activeEnvironment(): Environment | undefined {
    return this.config.activeEnvironment();
  }

  /** The environment a document uses: its folder's active environment in a multi-root workspace, else the active one. */
  environmentFor(uri: vscode.Uri | undefined): Environment | undefined {
    return this.config.environmentFor(uri);
  }

  /**
   * The configured environments (user's, allowed workspace ones, built-in): those of a document's
   * folder when `uri` is given (in a multi-root workspace each folder may define its own), else the
   * active editor's folder's.
   */
  environments(uri?: vscode.Uri): readonly Environment[] {
    return (uri ? this.config.settingsFor(uri) : this.config.settings).environments;
  }

  /** Sessions of one environment's server (its identity, not its name), preferred first. */
  async sessionsOf(environment: Environment): Promise<SessionRecord[]> {
    const server = serverIdentity(environment);
    const preferred = this.context.globalState.get<Record<string, string>>(PREFERRED_KEY, {})[serverKey(server)];
    return sessionsInOrder(await this.core.getSessions(), server, preferred);
  }

  /** The session used for the active environment: the preferred one of its server, else the newest. */
  async activeSession(): Promise<SessionRecord | undefined> {
    const env = this.activeEnvironment();
    return env ? (await this.sessionsOf(env))[0] : undefined;
  }

  /** Makes a session the one used for its server. */
  async prefer(session: SessionRecord): Promise<void> {
    const map = { ...this.context.globalState.get<Record<string, string>>(PREFERRED_KEY, {}), [serverKey(session.server)]: session.id };
    await this.context.globalState.update(PREFERRED_KEY, map);
    this.activeChanged.fire();
  }

  /**
   * A browser sign-in (Authorization Code + PKCE): cancels one already waiting, registers the
   * redirect URI with the registrars, waits for the callback and makes the new session the
   * preferred one. Rejects with the core's typed errors (CancelledError when aborted).
   */
  async signIn(request: SignInRequest): Promise<SessionRecord> {
    const { environment: env, redirectUri, signal } = request;
    this.inProgress?.cancel();
    const abort = new AbortController();
    const onAbort = () => abort.abort();
    signal.addEventListener('abort', onAbort);
    const progress: SignInInProgress = { environment: env.name, cancel: () => abort.abort() };
    this.inProgress = progress;
    this.progressChanged.fire(progress);
    try {
      for (const register of this.redirectRegistrars) {
        if (redirectUri) {
          await register(env, redirectUri);
        }
      }
      const session = await this.core.signIn({
        environment: env,
        redirectUri,
        scopes: [...request.scopes],
        signal: abort.signal,
        onAuthorizeUrl: (url) => {
          progress.authorizeUrl = url;
        },
      });
      await this.prefer(session);
      return session;
    } finally {
      abort.abort();
      signal.removeEventListener('abort', onAbort);
      if (this.inProgress === progress) {
        this.inProgress = undefined;
        this.progressChanged.fire(undefined);
      }
    }
  }

  /** A team token (Client Credentials, confidential clients), made the preferred session of its server. */
  async signInAsTeam(env: Environment, signal: AbortSignal): Promise<SessionRecord> {
    const session = await this.core.signInAsTeam(env.name, { signal });
    await this.prefer(session);
    return session;
  }

  /** Signs out one session (the active one by default). */
  async signOut(sessionId?: string): Promise<SessionRecord | undefined> {
    const session = sessionId ? (await this.core.getSessions()).find((s) => s.id === sessionId) : await this.activeSession();
    if (!session) {
      return undefined;
    }
    await this.core.signOut(session.id);
    this.logger.info(`Signed out of "${session.environment}" (${session.account.label}).`);
    return session;
  }

  dispose(): void {
    this.inProgress?.cancel();
    vscode.Disposable.from(...this.disposables).dispose();
  }
}

/** A core event as a VS Code event (the listener's `this` and the disposables array honoured). */
function forward<T>(event: (listener: (e: T) => void) => { dispose(): void }): vscode.Event<T> {
  return (listener, thisArg?: unknown, disposables?: vscode.Disposable[]) => {
    const d = event((e) => listener.call(thisArg, e));
    disposables?.push(d);
    return d;
  };
}
