import * as vscode from 'vscode';
import {
  AuthCore,
  environmentHeaders,
  type EnvironmentHeaders,
  type FetchLike,
  serverHost,
  serverIdentity,
  serverKey,
  sessionsInOrder,
  type AccessTokenOptions,
  type CallbackResult,
  type Environment,
  type SessionRecord,
  type SessionsChangeEvent,
} from '../core/auth';
import { CancelledError, ConfigurationError, RestrictedModeError } from '../core/errors';
import { taggedLogger, type Logger } from '../core/logger';
import type { ConfigurationService } from '../config';
import { vscodeSecretStore } from './secretStore';
import { uriHandlerRedirectUri } from './redirectUri';
import { openInBrowser } from './browserOpener';
import { reportSignInError } from './signInErrors';
import type { SecretRegistry } from '../core/secretRegistry';
import { inert } from '../core/text/inert';
import { signInProgressMessage } from './signInProgress';
import { WorkspaceApprovals } from './workspaceApprovals';
import { setContextKey } from '../platform/contextKeys';
import { confirmInStatusBar } from '../platform/statusMessage';

/** globalState: the session used for each server (by server key), when there are several. */
const PREFERRED_KEY = 'tenantGraphql.preferredSessionByServer';

/** A sign-in that is waiting for the browser; the status bar and the paste command reach it. */
export interface SignInInProgress {
  readonly environment: string;
  authorizeUrl?: string;
  readonly cancel: () => void;
}

/**
 * The sign-in glue: owns the {@link AuthCore}, knows the active environment and the preferred
 * session of each environment, runs interactive sign-ins with progress and cancellation, and turns
 * every failure into a message a person can act on.
 */
export class AuthService implements vscode.Disposable {
  private readonly core: AuthCore;
  private readonly approvals: WorkspaceApprovals;
  private readonly logger: Logger;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly activeChanged = new vscode.EventEmitter<void>();
  private inProgress: SignInInProgress | undefined;
  private readonly redirectRegistrars = new Set<(env: Environment, redirectUri: string) => Promise<void>>();
  private readonly progressChanged = new vscode.EventEmitter<SignInInProgress | undefined>();
  /** Fires when the active environment or its session changed. */
  readonly onDidChangeActive = this.activeChanged.event;
  /** Fires when a sign-in starts or ends. */
  readonly onDidChangeSignInProgress = this.progressChanged.event;
  /** Fires when sessions of any environment were added, removed or changed (tokens refreshed). */
  readonly onDidChangeSessions: vscode.Event<SessionsChangeEvent>;

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
    this.onDidChangeSessions = (listener, thisArg, disposables) => {
      const d = this.core.onDidChangeSessions((e) => listener.call(thisArg, e));
      disposables?.push(d);
      return d;
    };
    this.disposables.push(
      this.activeChanged,
      this.progressChanged,
      { dispose: () => this.core.dispose() },
      config.onDidChange(() => this.activeChanged.fire()),
      this.progressChanged.event((p) => setContextKey('tenantGraphql.signingIn', p !== undefined)),
      this.core.onDidChangeSessions(() => this.activeChanged.fire()),
      this.core.onDidRemoveSession(({ session, reason }) => {
        if (reason === 'signedOut') {
          return;
        }
        // Whole sentences, not a reason glued into one: word order differs between languages.
        const args = [session.environment, session.account.label, serverHost(session.server.baseUrl)] as const;
        const message =
          reason === 'expired'
            ? vscode.l10n.t('Your session for "{0}" ({1}, {2}) has ended because it expired. Sign in again to keep working.', ...args)
            : vscode.l10n.t('Your session for "{0}" ({1}, {2}) has ended because the Service no longer accepts it. Sign in again to keep working.', ...args);
        void vscode.window.showWarningMessage(inert(message, { sink: 'notification' }), vscode.l10n.t('Sign In Again')).then((choice) => {
          // Only where the session's own server is still an environment: never another server of that name.
          const env = this.config.settings.environments.find((e) => serverKey(serverIdentity(e)) === serverKey(session.server));
          return choice && env ? this.signInInteractive({ environment: env.name }) : undefined;
        });
      }),
      this.core.onDidRemoveCorruptSession((e) => {
        void vscode.window.showWarningMessage(inert(e.message, { sink: 'notification' }));
      }),
    );
  }

  /** Every stored session of every environment. */
  allSessions(): Promise<SessionRecord[]> {
    return this.core.getSessions();
  }

  /** A valid access token of a session (refreshed when near expiry, or when forced after a 401). */
  getAccessToken(sessionId: string, options?: AccessTokenOptions): Promise<string> {
    return this.core.getAccessToken(sessionId, options);
  }

  /** The query of a redirect to the URI handler: finishes the waiting sign-in, or is rejected. */
  handleCallback(query: string): CallbackResult {
    return this.core.handleCallback(query);
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
      const names = [...new Set(dropped.map((d) => d.session.environment))].join(', ');
      void vscode.window.showWarningMessage(
        inert(
          vscode.l10n.t(
            'Tenant GraphQL now keeps each sign-in with its server; {0} earlier sign-in(s) ({1}) could not be tied to a server of yours and were removed. Sign in again.',
            dropped.length,
            names,
          ),
          { sink: 'notification' },
        ),
      );
    }
    this.activeChanged.fire();
  }

  /** False in Restricted Mode (an untrusted workspace): then nothing is sent anywhere. */
  get trusted(): boolean {
    return this.config.settings.trusted;
  }

  /** True when credentials and requests may go to this environment's server now (see {@link ensureAllowed}). */
  isAllowed(env: Environment): boolean {
    return this.config.settings.trusted && this.approvals.isAllowed(env);
  }

  /**
   * Whether requests may go to this environment's server: never in Restricted Mode; for an
   * environment a workspace's settings define, only once the person allowed it (asked here, modal).
   * Resolves false when not (the person declined, or was told why).
   */
  async ensureAllowed(env: Environment, action: string): Promise<boolean> {
    if (!this.config.settings.trusted) {
      explainRestrictedMode(action);
      return false;
    }
    return this.approvals.request(env);
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

  /** The environment to use for a command: the named one, the active one, or a message. */
  requireEnvironment(name?: string): Environment | undefined {
    const settings = this.config.settings;
    const env = name ? settings.environments.find((e) => e.name === name) : this.activeEnvironment();
    if (env) {
      return env;
    }
    const detail = settings.problems.length ? ` ${settings.problems[0]}` : '';
    void vscode.window
      .showErrorMessage(
        inert(
          name
            ? vscode.l10n.t('No environment named "{0}" is configured.{1}', name, detail)
            : vscode.l10n.t('No Tenant GraphQL environment is configured yet.{0} Add one to the "tenantGraphql.environments" setting.', detail),
          { sink: 'notification' },
        ),
        vscode.l10n.t('Open Settings'),
      )
      .then((c) => (c ? vscode.commands.executeCommand('workbench.action.openSettings', 'tenantGraphql.environments') : undefined));
    return undefined;
  }

  /**
   * Interactive sign-in (Authorization Code + PKCE) with a cancellable progress notification.
   * Returns the new session, or undefined when it failed or was cancelled (the user has been told).
   * With `throwOnError`, failures are rethrown after the message (for the AuthenticationProvider).
   */
  async signInInteractive(options: { environment?: string; extraScopes?: readonly string[]; throwOnError?: boolean } = {}): Promise<SessionRecord | undefined> {
    const env = this.requireEnvironment(options.environment);
    if (!env) {
      if (options.throwOnError) {
        throw new ConfigurationError('tenantGraphql.environments', 'No environment is configured.');
      }
      return undefined;
    }
    if (!(await this.ensureAllowed(env, vscode.l10n.t('Sign-in')))) {
      if (options.throwOnError) {
        throw this.config.settings.trusted ? new CancelledError() : new RestrictedModeError();
      }
      return undefined;
    }
    if (this.inProgress) {
      this.inProgress.cancel();
    }
    const scopes = [...new Set([...env.scopes, ...(options.extraScopes ?? [])])];
    const abort = new AbortController();
    const progressState: SignInInProgress = { environment: env.name, cancel: () => abort.abort() };
    this.inProgress = progressState;
    this.progressChanged.fire(progressState);
    try {
      const redirectUri = env.redirectMode === 'loopback' ? undefined : await uriHandlerRedirectUri(this.context);
      for (const register of this.redirectRegistrars) {
        if (redirectUri) {
          await register(env, redirectUri);
        }
      }
      const session = await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: vscode.l10n.t('Signing in to {0}', env.name),
          cancellable: true,
        },
        async (progress, token) => {
          token.onCancellationRequested(() => abort.abort());
          progress.report({
            message: signInProgressMessage(env),
          });
          const pastePrompt = env.redirectMode === 'paste' ? this.promptForPastedAddress(abort.signal) : undefined;
          try {
            return await this.core.signIn({
              environment: env,
              redirectUri,
              scopes,
              signal: abort.signal,
              onAuthorizeUrl: (url) => {
                progressState.authorizeUrl = url;
              },
            });
          } finally {
            abort.abort();
            await pastePrompt;
          }
        },
      );
      await this.prefer(session);
      confirmInStatusBar(vscode.l10n.t('Signed in to {0} as {1}.', env.name, session.account.label));
      return session;
    } catch (err) {
      this.reportSignInError(err, env);
      if (options.throwOnError) {
        throw err;
      }
      return undefined;
    } finally {
      if (this.inProgress === progressState) {
        this.inProgress = undefined;
        this.progressChanged.fire(undefined);
      }
    }
  }

  /** Redirect mode (c), or the fallback when the browser never came back. */
  async pasteAddress(text?: string): Promise<boolean> {
    const value =
      text ??
      (await vscode.window.showInputBox({
        title: vscode.l10n.t('Paste the address your browser ended on'),
        prompt: vscode.l10n.t("After approving, copy the whole address from the browser's address bar and paste it here."),
        placeHolder: 'https://…/auth-callback?code=…&state=…',
        ignoreFocusOut: true,
      }));
    if (!value) {
      return false;
    }
    const result = this.core.handlePastedUrl(value);
    if (result.kind === 'rejected') {
      void vscode.window.showErrorMessage(inert(result.message, { sink: 'notification' }));
      return false;
    }
    return true;
  }

  private async promptForPastedAddress(signal: AbortSignal): Promise<void> {
    const cts = new vscode.CancellationTokenSource();
    const onAbort = () => cts.cancel();
    signal.addEventListener('abort', onAbort);
    try {
      while (!signal.aborted) {
        const value = await vscode.window.showInputBox(
          {
            title: vscode.l10n.t('Paste the address your browser ended on'),
            placeHolder: 'https://…/auth-callback?code=…&state=…',
            ignoreFocusOut: true,
          },
          cts.token,
        );
        if (value === undefined) {
          return;
        }
        if (await this.pasteAddress(value)) {
          return;
        }
      }
    } finally {
      signal.removeEventListener('abort', onAbort);
      cts.dispose();
    }
  }

  /** Team token (Client Credentials), shown as "Team". */
  async signInAsTeamInteractive(environment?: string): Promise<SessionRecord | undefined> {
    const env = this.requireEnvironment(environment);
    if (!env) {
      return undefined;
    }
    if (env.clientType !== 'confidential') {
      void vscode.window.showErrorMessage(
        inert(
          vscode.l10n.t('Team tokens need a confidential client: set "clientType": "confidential" for "{0}" in tenantGraphql.environments and set its client secret.', env.name),
          { sink: 'notification' },
        ),
      );
      return undefined;
    }
    if (!(await this.ensureAllowed(env, vscode.l10n.t('Sign-in')))) {
      return undefined;
    }
    try {
      const session = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Getting a team token for {0}', env.name), cancellable: true },
        (_p, token) => {
          const abort = new AbortController();
          token.onCancellationRequested(() => abort.abort());
          return this.core.signInAsTeam(env.name, { signal: abort.signal });
        },
      );
      await this.prefer(session);
      confirmInStatusBar(vscode.l10n.t('Signed in to {0} as the team.', env.name));
      return session;
    } catch (err) {
      this.reportSignInError(err, env);
      return undefined;
    }
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

  /** Tells the user what went wrong and what to do; cancellation stays silent. */
  reportSignInError(err: unknown, env: Environment): void {
    reportSignInError(err, env, this.logger, () => this.signInInteractive({ environment: env.name }));
  }

  dispose(): void {
    this.inProgress?.cancel();
    vscode.Disposable.from(...this.disposables).dispose();
  }
}

/**
 * Tells the person that an action (sign-in, a run) is not available in Restricted Mode, with a
 * way to trust the workspace. Not awaited: the caller returns at once.
 */
export function explainRestrictedMode(action: string): void {
  const manage = vscode.l10n.t('Manage Workspace Trust');
  void vscode.window
    .showWarningMessage(
      vscode.l10n.t(
        '{0} is not available in Restricted Mode: Tenant GraphQL sends nothing while this workspace is not trusted. Language features keep working from the schemas of your own environments.',
        action,
      ),
      manage,
    )
    .then((choice) => (choice === manage ? vscode.commands.executeCommand('workbench.trust.manage') : undefined));
}
