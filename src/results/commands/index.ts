import * as vscode from 'vscode';
import type { Logger } from '../../core/logger';
import { registerCommandTable } from '../../commands/registerTable';
import type { ResultsPanel } from '../resultsPanel';
import type { ResultsCommand } from './resultsCommand';
import { showResults } from './showResults';
import { testHooks } from './testHooks';

/** The results feature's command table. */
export const resultsCommands: readonly ResultsCommand[] = [showResults];

/** Registers the results commands (and, in an extension host running tests, the test hooks). */
export function registerResultsCommands(panel: ResultsPanel, logger: Logger, includeTestHooks: boolean): vscode.Disposable {
  const table = includeTestHooks ? [...resultsCommands, ...testHooks] : resultsCommands;
  return registerCommandTable<{ panel: ResultsPanel; logger: Logger }>(
    table.map((c) => ({ id: c.id, run: (s: { panel: ResultsPanel }, ...args: unknown[]) => c.run(s.panel, ...args) })),
    { panel, logger },
    'results',
  );
}
