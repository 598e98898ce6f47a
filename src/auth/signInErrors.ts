import * as vscode from 'vscode';
import { describeAuthorizationError, SignInTimeoutError, type Environment } from '../core/auth';
import { AuthorizationError, CancelledError, ConfigurationError, errorMessage, HttpStatusError, NetworkError } from '../core/errors';
import type { Logger } from '../core/logger';
import { inert } from '../core/text/inert';

/**
 * Tells the user what went wrong with a sign-in and what to do; cancellation stays silent.
 * `retry` runs the sign-in again ("Try Again").
 */
export function reportSignInError(err: unknown, env: Environment, logger: Logger, retry: () => unknown): void {
  if (err instanceof CancelledError) {
    logger.info(`Sign-in to "${env.name}" cancelled.`);
    return;
  }
  logger.warn(`Sign-in to "${env.name}" failed: ${errorMessage(err)}`);
  const tryAgain = vscode.l10n.t('Try Again');
  const offerRetry = (shown: Thenable<string | undefined>) => void shown.then((c) => (c ? retry() : undefined));
  if (err instanceof AuthorizationError) {
    const text = describeAuthorizationError(err);
    if (err.error === 'access_denied') {
      void vscode.window.showInformationMessage(inert(text, { sink: 'notification' }));
    } else {
      offerRetry(vscode.window.showErrorMessage(inert(text, { sink: 'notification' }), tryAgain));
    }
    return;
  }
  if (err instanceof SignInTimeoutError) {
    offerRetry(
      vscode.window.showWarningMessage(
        inert(vscode.l10n.t('The browser did not come back within 5 minutes, so the sign-in to {0} was stopped.', env.name), { sink: 'notification' }),
        tryAgain,
      ),
    );
    return;
  }
  if (err instanceof ConfigurationError && err.field === 'clientSecret') {
    const set = vscode.l10n.t('Set Client Secret');
    void vscode.window
      .showErrorMessage(inert(err.message, { sink: 'notification' }), set)
      .then((c) => (c ? vscode.commands.executeCommand('tenantGraphql.setClientSecret', env.name) : undefined));
    return;
  }
  if (err instanceof NetworkError || err instanceof HttpStatusError) {
    offerRetry(vscode.window.showErrorMessage(inert(vscode.l10n.t('Could not sign in to {0}: {1}', env.name, err.message), { sink: 'notification' }), tryAgain));
    return;
  }
  void vscode.window.showErrorMessage(inert(vscode.l10n.t('Could not sign in to {0}: {1}', env.name, errorMessage(err)), { sink: 'notification' }));
}
