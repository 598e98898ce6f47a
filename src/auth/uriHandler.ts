import * as vscode from 'vscode';
import { isAuthCallbackPath } from '../core/auth';
import { taggedLogger, type Logger } from '../core/logger';
import type { AuthService } from '../services/auth';
import { inert } from '../core/text/inert';

/**
 * Redirect mode (a): the browser's redirect to `<scheme>://<publisher>.<name>/auth-callback`
 * arrives here. Other paths are ignored; callbacks with an unknown or reused state are rejected by
 * the core and never exchanged.
 */
export class AuthUriHandler implements vscode.UriHandler {
  private readonly logger: Logger;

  constructor(
    private readonly auth: AuthService,
    logger: Logger,
  ) {
    this.logger = taggedLogger(logger, 'auth');
  }

  handleUri(uri: vscode.Uri): void {
    if (!isAuthCallbackPath(uri.path)) {
      this.logger.info(`Ignored a URI for an unknown path: ${uri.path}`);
      return;
    }
    const result = this.auth.handleCallback(uri.query);
    if (result.kind === 'rejected') {
      void vscode.window.showWarningMessage(inert(result.message, { sink: 'notification' }));
    }
    // 'code' and 'error' results finish the waiting sign-in, which reports to the user.
  }
}
