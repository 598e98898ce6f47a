import * as vscode from 'vscode';
import { findSandboxEnvironment, serverHost, serverIdentity, serverKey, type Environment, type SessionRecord } from '../core/auth';
import { CancelledError, ConfigurationError, RestrictedModeError } from '../core/errors';
import { taggedLogger, type Logger } from '../core/logger';
import { inert } from '../core/text/inert';
import { confirmInStatusBar } from '../platform/statusMessage';
import type { AuthService } from '../services/auth';
import type { ConfigurationService } from '../services/config';
import { approvalQuestion, type ApprovalQuestion } from './approvalQuestion';
import { signInFlowFor } from './flows';
import { reportSignInError } from './signInErrors';

/** True in the development build only (scripts/build.mjs): the integration tests' hooks are not shipped. */
declare const __TEST_API__: boolean;

/** What the integration tests reach through the extension's exported test API. */
export interface SignInTestApi {
  /**
   * Answers the approval question from now on instead of showing it (`'allow'` or `'decline'`),
   * recording each question; `undefined` shows it again (in extension tests VS Code closes it).
   */
  answerApprovalQuestions(answer: 'allow' | 'decline' | undefined): void;
  /** The approval questions answered through {@link answerApprovalQuestions}, oldest first. */
  approvalQuestions(): readonly ApprovalQuestion[];
}

/**
 * The sign-in as the person sees it: progress with cancellation, the modal question before a
 * workspace's server is used, the input box of the paste flow, and every message (a failure, a
 * session that ended, sign-ins of an earlier version dropped). The auth service underneath asks
 * nothing and tells nothing.
 */
export class SignInFlow implements vscode.Disposable {
  private readonly logger: Logger;
  private readonly disposables: vscode.Disposable;

  constructor(
    private readonly auth: AuthService,
    private readonly context: vscode.ExtensionContext,
    private readonly config: Pick<ConfigurationService, 'settings'>,
    logger: Logger,
  ) {
    this.logger = taggedLogger(logger, 'auth');
    this.disposables = vscode.Disposable.from(
      auth.onDidRemoveSession(({ session, reason }) => {
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
          const env = auth.environments().find((e) => serverKey(serverIdentity(e)) === serverKey(session.server));
          return choice && env ? this.signInInteractive({ environment: env.name }) : undefined;
        });
      }),
      auth.onDidRemoveCorruptSession((e) => {
        void vscode.window.showWarningMessage(inert(e.message, { sink: 'notification' }));
      }),
      auth.onDidDropLegacySessions((dropped) => {
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
      }),
    );
    if (__TEST_API__) {
      const asked: ApprovalQuestion[] = [];
      this.testApi = {
        answerApprovalQuestions: (answer) => {
          this.testAnswer = answer && ((question, allow) => (asked.push(question), answer === 'allow' ? allow : undefined));
        },
        approvalQuestions: () => [...asked],
      };
    }
  }

  /** What the integration tests reach: set in the development build only (`__TEST_API__`, scripts/build.mjs). */
  declare readonly testApi: SignInTestApi | undefined;
  /** The tests' answer to the approval question (VS Code refuses modal dialogs in extension tests). */
  declare private testAnswer: ((question: ApprovalQuestion, allow: string) => string | undefined) | undefined;

  /**
   * Whether requests may go to this environment's server: never in Restricted Mode (the person is
   * told why); for an environment a workspace's settings define or change, only once the person
   * allowed it as it is now (asked here, modal, naming what the workspace changes in the person's
   * own environment; remembered by the auth service). Resolves false when not.
   */
  async ensureAllowed(env: Environment, action: string): Promise<boolean> {
    if (!this.auth.trusted) {
      explainRestrictedMode(action);
      return false;
    }
    if (this.auth.isAllowed(env)) {
      return true;
    }
    const allow = vscode.l10n.t('Allow');
    const question = approvalQuestion(env);
    const answer =
      __TEST_API__ && this.testAnswer
        ? this.testAnswer(question, allow)
        : await vscode.window.showWarningMessage(question.message, { modal: true, detail: question.detail }, allow);
    if (answer !== allow) {
      return false;
    }
    await this.auth.allow(env);
    return true;
  }

  /** The environment to use for a command: the named one, the active one, or a message. */
  requireEnvironment(name?: string): Environment | undefined {
    const env = name ? this.auth.environments().find((e) => e.name === name) : this.auth.activeEnvironment();
    if (env) {
      return env;
    }
    const problems = this.config.settings.problems;
    const detail = problems.length ? ` ${problems[0]}` : '';
    const add = vscode.l10n.t('Add Environment…');
    void vscode.window
      .showErrorMessage(
        inert(
          name
            ? vscode.l10n.t('No environment named "{0}" is configured.{1}', name, detail)
            : vscode.l10n.t('No Tenant GraphQL environment is configured yet.{0} Add one to the "tenantGraphql.environments" setting.', detail),
          { sink: 'notification' },
        ),
        ...(name ? [] : [add]),
        vscode.l10n.t('Open Settings'),
      )
      .then((c) =>
        c === add
          ? vscode.commands.executeCommand('tenantGraphql.addEnvironment')
          : c
            ? vscode.commands.executeCommand('workbench.action.openSettings', 'tenantGraphql.environments')
            : undefined,
      );
    return undefined;
  }

  /**
   * Interactive sign-in (Authorization Code + PKCE) with a cancellable progress notification, by
   * the environment's redirect flow ({@link signInFlowFor}). Returns the new session, or undefined
   * when it failed or was cancelled (the person has been told). With `throwOnError`, failures are
   * rethrown after the message (for the AuthenticationProvider).
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
        throw this.auth.trusted ? new CancelledError() : new RestrictedModeError();
      }
      return undefined;
    }
    const flow = signInFlowFor(env);
    const scopes = [...new Set([...env.scopes, ...(options.extraScopes ?? [])])];
    try {
      const redirectUri = await flow.redirectUri(this.context);
      const session = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Signing in to {0}', env.name), cancellable: true },
        async (progress, token) => {
          const abort = new AbortController();
          token.onCancellationRequested(() => abort.abort());
          // A way on when the browser does not come back: paste the address it ended on (a link in the notification).
          const paste = flow.asksForPastedAddress ? '' : ` [${vscode.l10n.t('Paste address')}](command:tenantGraphql.pasteSignInAddress)`;
          progress.report({ message: `${flow.progressMessage}${paste}` });
          const signIn = this.auth.signIn({ environment: env, redirectUri, scopes, signal: abort.signal });
          const pastePrompt = flow.asksForPastedAddress ? this.promptForPastedAddress(signIn) : undefined;
          try {
            return await signIn;
          } finally {
            await pastePrompt;
          }
        },
      );
      this.confirmSignIn(env, session);
      return session;
    } catch (err) {
      this.reportSignInError(err, env);
      if (options.throwOnError) {
        throw err;
      }
      return undefined;
    }
  }

  /**
   * Says the sign-in worked. On a Sandbox (the built-in one or the one `npm start` set up), a
   * notification offers the next step: Run the sample (opens it and runs it). Elsewhere the status bar says so.
   */
  private confirmSignIn(env: Environment, session: SessionRecord): void {
    const message = vscode.l10n.t('Signed in to {0} as {1}.', env.name, session.account.label);
    if (env.origin !== 'builtIn' && !findSandboxEnvironment([env])) {
      confirmInStatusBar(message);
      return;
    }
    const run = vscode.l10n.t('Run the sample');
    void vscode.window.showInformationMessage(inert(message, { sink: 'notification' }), run).then(async (choice) => {
      if (choice !== run) {
        return;
      }
      const uri = await vscode.commands.executeCommand<string | undefined>('tenantGraphql.openSample');
      if (uri) {
        await vscode.commands.executeCommand('tenantGraphql.runOperation', { uri: vscode.Uri.parse(uri) });
      }
    });
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
    const result = this.auth.handlePastedUrl(value);
    if (result.kind === 'rejected') {
      void vscode.window.showErrorMessage(inert(result.message, { sink: 'notification' }));
      return false;
    }
    return true;
  }

  /** The paste flow's input box, asked again after a rejected address, closed when the sign-in ends. */
  private async promptForPastedAddress(signIn: Promise<unknown>): Promise<void> {
    const cts = new vscode.CancellationTokenSource();
    let ended = false;
    const settled = () => {
      ended = true;
      cts.cancel();
    };
    signIn.then(settled, settled);
    try {
      while (!ended) {
        const value = await vscode.window.showInputBox(
          { title: vscode.l10n.t('Paste the address your browser ended on'), placeHolder: 'https://…/auth-callback?code=…&state=…', ignoreFocusOut: true },
          cts.token,
        );
        if (value === undefined || (await this.pasteAddress(value))) {
          return;
        }
      }
    } finally {
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
          return this.auth.signInAsTeam(env, abort.signal);
        },
      );
      confirmInStatusBar(vscode.l10n.t('Signed in to {0} as the team.', env.name));
      return session;
    } catch (err) {
      this.reportSignInError(err, env);
      return undefined;
    }
  }

  /** Tells the person what went wrong and what to do; cancellation stays silent. */
  reportSignInError(err: unknown, env: Environment): void {
    reportSignInError(err, env, this.logger, () => this.signInInteractive({ environment: env.name }));
  }

  dispose(): void {
    this.disposables.dispose();
  }
}

/**
 * Tells the person that an action (sign-in, a run) is not available in Restricted Mode, with a
 * way to trust the workspace. Not awaited: the caller returns at once.
 */
function explainRestrictedMode(action: string): void {
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
