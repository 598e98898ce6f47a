import * as vscode from 'vscode';
import { runsOf } from './historyArgs';
import type { RunCommand } from './runCommand';
import { showStoredResult } from '../historyStore';

/** History view: Run Again: the run's operation from its document, with the same variables, on the active environment. */
export const rerunRun: RunCommand = {
  id: 'tenantGraphql.history.rerun',
  run: async ({ history, controller }, arg) => {
    const [run] = runsOf(history, arg);
    if (!run) {
      return undefined;
    }
    return controller.run({ uri: vscode.Uri.parse(run.documentUri, true), operationName: run.operationName, variables: run.variables });
  },
};

/** History view: Open Result: the run's result in the results panel, as it was then. Resolves to true when shown. */
export const openRunResult: RunCommand = {
  id: 'tenantGraphql.history.openResult',
  run: async ({ history, presenter }, arg) => {
    const [run] = runsOf(history, arg);
    const result = run && (await history.result(run.id));
    if (!result) {
      return false;
    }
    showStoredResult(presenter, result);
    return true;
  },
};

/** History view: Delete (the selected runs, pinned or not). Resolves to the number deleted. */
export const deleteRuns: RunCommand = {
  id: 'tenantGraphql.history.delete',
  run: async ({ history }, arg, selected) => history.delete(runsOf(history, arg, selected).map((r) => r.id)),
};
