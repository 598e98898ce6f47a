import * as vscode from 'vscode';
import type { RunCommand } from './runCommand';

/** History view: Search. Asks for words (operation, name, variables, status, environment); an argument string searches without asking. */
export const searchHistory: RunCommand = {
  id: 'tenantGraphql.history.search',
  run: async ({ historyView }, arg) => {
    const text =
      typeof arg === 'string'
        ? arg
        : await vscode.window.showInputBox({
            title: vscode.l10n.t('Search Run History'),
            prompt: vscode.l10n.t('Words to find in the operation name, the pinned name, the variables, the status or the environment'),
            value: historyView.searchText,
          });
    if (text !== undefined) {
      historyView.setSearch(text);
    }
    return historyView.searchText;
  },
};

/** History view: Clear Search. */
export const clearHistorySearch: RunCommand = {
  id: 'tenantGraphql.history.clearSearch',
  run: ({ historyView }) => historyView.setSearch(''),
};

/** History view: Refresh (reads what other windows of this workspace recorded). */
export const refreshHistory: RunCommand = {
  id: 'tenantGraphql.history.refresh',
  run: ({ history }) => history.reload(),
};
