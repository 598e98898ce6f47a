import * as vscode from 'vscode';
import type { AuthService } from './authService';

/**
 * Keeps the `tenantGraphql.signedIn` context key true while the active environment has a session:
 * the Schema view's welcome content and the walkthrough's "Sign in" step read it.
 */
export class SignedInContext implements vscode.Disposable {
  private readonly listener: vscode.Disposable;
  private version = 0;

  constructor(private readonly auth: AuthService) {
    this.listener = auth.onDidChangeActive(() => void this.update());
    void this.update();
  }

  /** Reads the active session again (after the session store has loaded). */
  async update(): Promise<void> {
    const version = ++this.version;
    const signedIn = this.auth.activeEnvironment() !== undefined && (await this.auth.activeSession()) !== undefined;
    if (version === this.version) {
      await vscode.commands.executeCommand('setContext', 'tenantGraphql.signedIn', signedIn);
    }
  }

  dispose(): void {
    this.listener.dispose();
  }
}
