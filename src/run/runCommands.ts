import { registerCommandTable } from '../commands/registerTable';
import * as vscode from 'vscode';
import type { Logger } from '../core/logger';
import type { HistoryStore } from './historyStore';
import type { RunController } from './runController';
import type { ResultsPresenter } from '../results/resultsModel';

/** What the run feature's commands work with. */
export interface RunServices {
  readonly logger: Logger;
  readonly controller: RunController;
  readonly history: HistoryStore;
  readonly presenter: ResultsPresenter;
}

/** One command of the run feature: its id and its handler (one file per command). */
export interface RunCommandDefinition {
  readonly id: string;
  run(services: RunServices, ...args: unknown[]): unknown;
}

/**
 * Registers the run feature's commands. A handler that throws is caught here as a last resort:
 * logged, shown, never left to the extension host.
 */
export function registerRunCommands(services: RunServices, commands: readonly RunCommandDefinition[]): vscode.Disposable {
  return registerCommandTable(commands, services, 'run');
}
