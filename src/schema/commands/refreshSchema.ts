import * as vscode from 'vscode';
import type { RefreshOutcome } from '../../core/schema/schemaSnapshot';
import { formatAge } from '../statusBar';
import type { SchemaCommand } from './schemaCommand';
import { inert } from '../../core/text/inert';

/**
 * Tenant GraphQL: Refresh Schema. Introspects the active environment now (progress,
 * cancellable); a failure keeps the last good schema and says why. Resolves to the token-free
 * {@link RefreshOutcome}.
 */
export const refreshSchema: SchemaCommand = {
  id: 'tenantGraphql.refreshSchema',
  run: async ({ schemas }): Promise<RefreshOutcome> => {
    const env = schemas.environment.environmentName;
    const outcome = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t('Refreshing the schema of {0}', env ?? 'Tenant GraphQL'),
        cancellable: true,
      },
      (_progress, token) => {
        const abort = new AbortController();
        token.onCancellationRequested(() => abort.abort());
        // Interactive: this command tells the outcome, so the background failure notice stays quiet.
        return schemas.refresh({ signal: abort.signal, interactive: true });
      },
    );
    if (outcome.cancelled) {
      return outcome;
    }
    if (outcome.ok) {
      vscode.window.setStatusBarMessage(
        outcome.changed ? vscode.l10n.t('$(check) Schema of {0} refreshed: it changed.', env ?? '') : vscode.l10n.t('$(check) Schema of {0} refreshed: no changes.', env ?? ''),
        5000,
      );
      return outcome;
    }
    if (outcome.notSignedIn) {
      const signIn = vscode.l10n.t('Sign In');
      void vscode.window
        .showInformationMessage(inert(vscode.l10n.t('Sign in to {0} to load its schema.', env ?? 'Tenant GraphQL'), { sink: 'notification' }), signIn)
        .then((c) => (c ? vscode.commands.executeCommand('tenantGraphql.signIn') : undefined));
      return outcome;
    }
    const kept = schemas.current();
    const keptText = kept
      ? vscode.l10n.t('The last good schema (fetched {0}) stays in use.', kept.fetchedAt ? formatAge(Date.now() - kept.fetchedAt.getTime()) : '?')
      : vscode.l10n.t('Completion and validation need the schema: try again when the Service is reachable.');
    const retry = vscode.l10n.t('Try Again');
    const log = vscode.l10n.t('Show Log');
    void vscode.window
      .showWarningMessage(inert(vscode.l10n.t('Could not refresh the schema of {0}: {1} {2}', env ?? '', outcome.reason ?? '', keptText), { sink: 'notification' }), retry, log)
      .then((c) => (c === retry ? vscode.commands.executeCommand(refreshSchema.id) : c === log ? vscode.commands.executeCommand('tenantGraphql.showLog') : undefined));
    return outcome;
  },
};
