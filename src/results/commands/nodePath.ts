import * as vscode from 'vscode';
import { MAX_FILTER_EXPRESSION } from '../../shared/resultsMessages';
import type { ResultsCommand } from './resultsCommand';

/** The JSONPath the results page put on the node that was right-clicked (its `data-vscode-context`), checked. */
function pathOf(arg: unknown): string | undefined {
  const p = (arg as { jsonPath?: unknown } | undefined)?.jsonPath;
  return typeof p === 'string' && p.startsWith('$') && p.length <= MAX_FILTER_EXPRESSION ? p : undefined;
}

/** Results panel, a node's context menu: Copy Path (its JSONPath). Resolves to the path copied. */
export const copyNodePath: ResultsCommand = {
  id: 'tenantGraphql.results.copyPath',
  run: async (_services, arg) => {
    const path = pathOf(arg);
    if (path === undefined) {
      return undefined;
    }
    await vscode.env.clipboard.writeText(path);
    vscode.window.setStatusBarMessage(vscode.l10n.t('Copied the path to the clipboard.'), 4000);
    return path;
  },
};

/** Results panel, a node's context menu: Filter to This (the node's JSONPath in the filter box). Resolves to true when applied. */
export const filterToNode: ResultsCommand = {
  id: 'tenantGraphql.results.filterToThis',
  run: ({ panel }, arg) => {
    const path = pathOf(arg);
    return path === undefined ? false : panel.applyFilter(path);
  },
};

/** Results panel, a list node's context menu: Show as Table (the page's `nodePath`, a JSON array of keys). Resolves to true when asked. */
export const showNodeAsTable: ResultsCommand = {
  id: 'tenantGraphql.results.showAsTable',
  run: ({ panel }, arg) => {
    const raw = (arg as { nodePath?: unknown } | undefined)?.nodePath;
    let path: unknown;
    try {
      path = typeof raw === 'string' && raw.length <= 100_000 ? JSON.parse(raw) : undefined;
    } catch {
      path = undefined;
    }
    const ok = Array.isArray(path) && path.length <= 200 && path.every((k) => typeof k === 'string' || (typeof k === 'number' && Number.isInteger(k) && k >= 0));
    return ok ? panel.showTable(path as (string | number)[]) : false;
  },
};
