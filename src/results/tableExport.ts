import * as vscode from 'vscode';
import type { Logger } from '../core/logger';
import { saveTextAs } from './saveTextAs';
import type { RunResultView, TableExportFormat, TableSort } from '../shared/resultsMessages';
import { buildTable, rowsOf, sortRows, toCsv, toMarkdown, valueAt } from '../shared/table';

/**
 * Copy as CSV, Save as CSV… and Copy as Markdown Table for a list of the shown answer: the same
 * flattening as the page's table (shared/table.ts), in the order the page shows (its sort).
 * Resolves to the text written, or undefined when there was no list there or the person cancelled.
 */
export async function exportTable(
  view: RunResultView,
  path: readonly (string | number)[],
  format: TableExportFormat,
  sort: TableSort | undefined,
  logger: Logger,
): Promise<string | undefined> {
  const rows = rowsOf(valueAt(view.body, path));
  if (!rows) {
    return undefined;
  }
  const table = buildTable(rows);
  const column = sort ? table.columns.indexOf(sort.column) : -1;
  const sorted = sort && column >= 0 ? { columns: table.columns, rows: sortRows(table.rows, column, sort.direction) } : table;
  const text = format === 'copyMarkdown' ? toMarkdown(sorted) : toCsv(sorted);
  if (format !== 'saveCsv') {
    await vscode.env.clipboard.writeText(text);
    vscode.window.setStatusBarMessage(
      format === 'copyCsv' ? vscode.l10n.t('Copied {0} rows as CSV.', sorted.rows.length) : vscode.l10n.t('Copied {0} rows as a Markdown table.', sorted.rows.length),
      4000,
    );
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
