import * as vscode from 'vscode';
import { historyLabel } from '../../core/run/history';
import { runDescription } from '../../core/run/historyTree';
import { previousRun } from '../../core/run/runCompare';
import type { StoredRun } from '../../core/run/runStore';
import { formatBytes } from '../../core/http/graphqlResponse';
import { inert } from '../../core/text/inert';
import { runsOf } from './historyArgs';
import type { RunCommand, RunCommandServices } from './runCommand';

/**
 * Compare with Previous Run: the diff of a run (the clicked one, else the newest) and the run of
 * the same operation before it. Resolves to the two documents' addresses, or undefined.
 */
export const compareWithPreviousRun: RunCommand = {
  id: 'tenantGraphql.compareWithPreviousRun',
  run: async ({ history, diff }, arg) => {
    await history.ready;
    const run = runsOf(history, arg)[0] ?? history.list()[0];
    if (!run) {
      void vscode.window.showInformationMessage(inert(vscode.l10n.t('No operation has run in this workspace yet.'), { sink: 'notification' }));
      return undefined;
    }
    const before = previousRun(history.list(), run);
    if (!before) {
      void vscode.window.showInformationMessage(
        inert(vscode.l10n.t('{0} has no earlier run in the history to compare with.', run.operationName ?? vscode.l10n.t('(anonymous)')), { sink: 'notification' }),
      );
      return undefined;
    }
    return diff.open(before, run);
  },
};

/**
 * Compare Runs…: the diff of two runs: the two selected in the History view, the two given
 * (`{ runIds: [a, b] }`), or two picked from the history.
 */
export const compareRuns: RunCommand = {
  id: 'tenantGraphql.compareRuns',
  run: async (services, arg, selected) => {
    await services.history.ready;
    const given = runsOf(services.history, arg, selected);
    if (given.length >= 2) {
      return services.diff.open(given[0], given[1]);
    }
    const first = given[0] ?? (await pick(services, vscode.l10n.t('Compare Runs: pick the first run')));
    if (!first) {
      return undefined;
    }
    const second = await pick(services, vscode.l10n.t('Compare with…'), first);
    return second ? services.diff.open(first, second) : undefined;
  },
};

async function pick(services: RunCommandServices, title: string, other?: StoredRun): Promise<StoredRun | undefined> {
  const runs = services.history.list().filter((r) => r.id !== other?.id);
  if (runs.length === 0) {
    void vscode.window.showInformationMessage(inert(vscode.l10n.t('The history has no run to compare.'), { sink: 'notification' }));
    return undefined;
  }
  const now = Date.now();
  // Runs of the same operation first when the second is picked.
  const ordered = other ? [...runs.filter((r) => r.operationName === other.operationName), ...runs.filter((r) => r.operationName !== other.operationName)] : runs;
  const picked = await vscode.window.showQuickPick(
    ordered.map((run) => ({
      label: run.name ? `$(pinned) ${inert(run.name, { sink: 'quickPick' })}` : inert(historyLabel(run), { sink: 'quickPick' }),
      description: inert(runDescription(run, now, formatBytes), { sink: 'quickPick' }),
      run,
    })),
    { title, matchOnDescription: true },
  );
  return picked?.run;
}
