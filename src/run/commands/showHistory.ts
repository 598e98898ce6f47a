import * as vscode from 'vscode';
import { historyDescription, historyLabel } from '../../core/run/history';
import type { StoredRun } from '../../core/run/runStore';
import type { RunCommand, RunCommandServices } from './runCommand';
import { showStoredResult } from '../historyStore';
import { inert } from '../../core/text/inert';

/**
 * Tenant GraphQL: Show Run History. A quick pick of the workspace's last runs (operation and
 * variables; status, outcome, time). Picking one offers "Run Again" and, while its result is
 * kept in the history, "Show Result". Argument `{ index, action: 'run' | 'show' }` (newest first)
 * does the same without asking. Resolves to the re-run's outcome, true when a result was shown,
 * or undefined.
 */
export const showHistory: RunCommand = {
  id: 'tenantGraphql.showHistory',
  run: async (services, arg) => {
    await services.history.ready;
    const entries = services.history.list();
    const a = (arg ?? {}) as { index?: unknown; action?: unknown };
    if (typeof a.index === 'number') {
      const entry = entries[a.index];
      return entry ? act(services, entry, a.action === 'show' ? 'show' : 'run') : undefined;
    }
    if (entries.length === 0) {
      void vscode.window.showInformationMessage(inert(vscode.l10n.t('No operation has run in this workspace yet.'), { sink: 'notification' }));
      return undefined;
    }
    const now = Date.now();
    const picked = await vscode.window.showQuickPick(
      entries.map((e) => ({
        label: historyLabel(e),
        description: historyDescription(e, now),
        detail: vscode.workspace.asRelativePath(vscode.Uri.parse(e.documentUri)),
        entry: e,
      })),
      { title: vscode.l10n.t('Run History'), placeHolder: vscode.l10n.t('Pick a run to run again or to show its result'), matchOnDescription: true, matchOnDetail: true },
    );
    if (!picked) {
      return undefined;
    }
    if (picked.entry.body === 'none') {
      return act(services, picked.entry, 'run');
    }
    const runAgain = { label: vscode.l10n.t('$(play) Run Again'), description: vscode.l10n.t('with the same variables'), action: 'run' as const };
    const show = { label: vscode.l10n.t('$(output) Show Result'), description: vscode.l10n.t('as it was then'), action: 'show' as const };
    const choice = await vscode.window.showQuickPick([runAgain, show], { title: historyLabel(picked.entry) });
    return choice ? act(services, picked.entry, choice.action) : undefined;
  },
};

async function act(services: RunCommandServices, entry: StoredRun, action: 'run' | 'show'): Promise<unknown> {
  if (action === 'show') {
    const result = await services.history.result(entry.id);
    if (!result) {
      return undefined;
    }
    showStoredResult(services.presenter, result);
    return true;
  }
  return services.controller.run({ uri: vscode.Uri.parse(entry.documentUri), operationName: entry.operationName, variables: entry.variables });
}
