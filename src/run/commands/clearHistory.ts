import * as vscode from 'vscode';
import type { RunCommand } from './runCommand';

/** Tenant GraphQL: Clear Run History: forgets every run but the pinned ones. Resolves to the number of runs forgotten. */
export const clearHistory: RunCommand = {
  id: 'tenantGraphql.clearHistory',
  run: async ({ history }) => {
    const n = await history.clear();
    vscode.window.setStatusBarMessage(vscode.l10n.t('Run history cleared ({0} runs)', n), 4000);
    return n;
  },
};
