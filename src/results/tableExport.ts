import * as vscode from 'vscode';
import type { Logger } from '../core/logger';
import { saveTextAs } from '../platform/saveTextAs';
import type { RunResultView, TableExportFormat } from '../shared/resultsMessages';

/**
 * Copy as CSV, Save as CSV… and Copy as Markdown Table for a list of the shown answer: `table` is
 * its text (shared/table.ts tableExportText: the same flattening as the page's table, in the order
 * the page shows), made on the host for a parsed answer or in the filter worker for a stored one.
 * Resolves to the text written, or undefined when there was no list there or the person cancelled.
 */
export async function exportTable(
  view: Pick<RunResultView, 'operationName'>,
  path: readonly (string | number)[],
  format: TableExportFormat,
  table: { readonly text: string; readonly rows: number } | undefined,
  logger: Logger,
): Promise<string | undefined> {
  if (!table) {
    return undefined;
  }
  const { text, rows } = table;
  if (format !== 'saveCsv') {
    await vscode.env.clipboard.writeText(text);
    vscode.window.setStatusBarMessage(format === 'copyCsv' ? vscode.l10n.t('Copied {0} rows as CSV.', rows) : vscode.l10n.t('Copied {0} rows as a Markdown table.', rows), 4000);
    return text;
  }
  const name = `${(view.operationName ?? 'result').replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 60) || 'result'}.${String(path[path.length - 1] ?? 'rows')
    .replace(/[^A-Za-z0-9_.-]/g, '_')
    .slice(0, 40)}.csv`;
  const saved = await saveTextAs(
    text,
    name,
    {
      filter: { name: vscode.l10n.t('CSV'), extensions: ['csv'] },
      saveLabel: vscode.l10n.t('Save CSV'),
      title: vscode.l10n.t('Save the table as CSV'),
      what: 'the table',
      failed: (target, error) => vscode.l10n.t('Could not save the table to {0}: {1}', target, error),
      saved: (target) => vscode.l10n.t('Saved the table to {0}.', target),
    },
    logger,
  );
  return saved ? text : undefined;
}
