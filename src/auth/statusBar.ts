import * as vscode from 'vscode';
import type { AuthService } from '../services/auth';
import type { ConfigurationService } from '../services/config';
import { inert } from '../core/text/inert';

/** Shows the active environment and the signed-in account (only while an environment exists, or a settings problem); a click opens the account menu. */
export class AuthStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('tenantGraphql.account', vscode.StatusBarAlignment.Left, 50);
  private readonly disposables: vscode.Disposable[] = [];
  private version = 0;

  constructor(
    private readonly auth: AuthService,
    private readonly config: ConfigurationService,
  ) {
    this.item.name = vscode.l10n.t('Tenant GraphQL Account');
    this.disposables.push(
      this.item,
      auth.onDidChangeActive(() => void this.update()),
      auth.onDidChangeSignInProgress(() => void this.update()),
      config.onDidChange(() => void this.update()),
    );
    void this.update();
  }

  async update(): Promise<void> {
    const version = ++this.version;
    const settings = this.config.settings;
    const env = this.auth.activeEnvironment();
    const session = env ? await this.auth.activeSession() : undefined;
    if (version !== this.version) {
      return;
    }
    const progress = this.auth.signInInProgress;
    if (progress) {
      this.item.text = `$(sync~spin) ${progress.environment}: ${vscode.l10n.t('signing in…')}`;
      this.item.tooltip = vscode.l10n.t('Waiting for the browser. Click for options (paste the address, copy the sign-in link, cancel).');
      this.item.command = 'tenantGraphql.signInOptions';
      this.item.backgroundColor = undefined;
    } else if (!env) {
      // No environment: nothing to show unless the settings have a problem to fix (the welcome view and the walkthrough offer the Sandbox).
      if (settings.problems.length === 0) {
        this.item.hide();
        return;
      }
      this.item.text = '$(warning) Tenant GraphQL';
      this.item.tooltip = settings.problems.join('\n');
      this.item.command = 'tenantGraphql.switchEnvironment';
      this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
    } else if (session) {
      // The account label comes from the token's claims: no `$(icon)` or control characters of its own.
      const account = inert(session.account.label, { sink: 'statusBar' });
      this.item.text = `$(account) ${env.name}: ${account}`;
      this.item.tooltip = vscode.l10n.t('Signed in to {0} as {1}. Click for account details.', env.name, account);
      this.item.command = 'tenantGraphql.showAccount';
      this.item.backgroundColor = undefined;
    } else {
      this.item.text = `$(sign-in) ${env.name}: ${vscode.l10n.t('Sign In')}`;
      this.item.tooltip = vscode.l10n.t('Not signed in to {0}. Click to sign in.', env.name);
      this.item.command = 'tenantGraphql.signIn';
      this.item.backgroundColor = undefined;
    }
    this.item.show();
  }

  /** The text currently shown (for tests). */
  get text(): string {
    return this.item.text;
  }

  dispose(): void {
    vscode.Disposable.from(...this.disposables).dispose();
  }
}
