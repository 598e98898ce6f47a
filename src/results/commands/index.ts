import * as vscode from 'vscode';
import type { Logger } from '../../core/logger';
import { errorMessage } from '../../core/errors';
import type { ResultsPanel } from '../resultsPanel';
import type { ResultsCommand } from './resultsCommand';
import { showResults } from './showResults';
import { testHooks } from './testHooks';

/** The results feature's command table. */
export const resultsCommands: readonly ResultsCommand[] = [showResults];

/** Registers the results commands (and, in an extension host running tests, the test hooks). */
export function registerResultsCommands(panel: ResultsPanel, logger: Logger, includeTestHooks: boolean): vscode.Disposable {
  const table = includeTestHooks ? [...resultsCommands, ...testHooks] : resultsCommands;
  return vscode.Disposable.from(
    ...table.map((c) =>
      vscode.commands.registerCommand(c.id, async (...args: unknown[]) => {
        try {
          return await c.run(panel, ...args);
        } catch (err) {
          logger.error(`[results] ${c.id} failed: ${errorMessage(err)}`);
          void vscode.window.showErrorMessage(vscode.l10n.t('Tenant GraphQL: {0}', errorMessage(err)));
          return undefined;
        }
      }),
    ),
  );
}
