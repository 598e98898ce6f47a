import * as vscode from 'vscode';
import type { AuthService } from '../services/auth';
import type { ConfigurationService } from '../services/config';
import { setContextKey } from '../platform/contextKeys';

/**
 * Keeps the context keys of the active environment true to it: `tenantGraphql.signedIn` while it has
 * a session (the Schema view's welcome content, the walkthrough's "Sign in" step, Sign Out in the
 * palette), `tenantGraphql.hasEnvironment` while one exists, `tenantGraphql.confidentialClient`
 * (Set Client Secret, Sign In as Team) and `tenantGraphql.hasSecretHeaders` (Set Header Secret).
 */
export class SignedInContext implements vscode.Disposable {
  private readonly listener: vscode.Disposable;
  private version = 0;

  constructor(
    private readonly auth: AuthService,
    config?: ConfigurationService,
  ) {
    this.listener = vscode.Disposable.from(
      auth.onDidChangeActive(() => void this.update()),
      ...(config ? [config.onDidChange(() => void this.update())] : []),
    );
    void this.update();
  }

  /** Reads the active session again (after the session store has loaded). */
  async update(): Promise<void> {
    const version = ++this.version;
    const env = this.auth.activeEnvironment();
    setContextKey('tenantGraphql.hasEnvironment', env !== undefined);
    setContextKey('tenantGraphql.confidentialClient', env?.clientType === 'confidential');
    setContextKey('tenantGraphql.hasSecretHeaders', (env?.secretHeaders?.length ?? 0) > 0);
    const signedIn = env !== undefined && (await this.auth.activeSession()) !== undefined;
    if (version === this.version) {
      setContextKey('tenantGraphql.signedIn', signedIn);
    }
  }

  dispose(): void {
    this.listener.dispose();
  }
}
