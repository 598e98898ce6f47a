/**
 * Messages from the results webview to the extension and their check: the extension acts only on
 * what {@link parseWebviewMessage} returns (a fresh object with the known fields). Pure TypeScript.
 */
import { isId, isPositiveInt, isRecord } from './resultView';

/** Which JSON a Copy/Save/Open action is about. */
export type JsonActionKind = 'copyJson' | 'saveJson' | 'openJson';

/** Messages from the webview to the extension. */
export type WebviewToExtensionMessage =
  | { readonly type: 'ready'; readonly shownRunId?: string }
  | { readonly type: 'reveal'; readonly runId: string; readonly documentUri: string; readonly line: number; readonly column: number }
  | { readonly type: JsonActionKind; readonly runId: string }
  | { readonly type: 'rendered'; readonly runId: string; readonly treeItems: number }
  | { readonly type: 'webviewError'; readonly message: string }
  /** Filter the shown run's answer with a JSONPath expression (evaluated by the extension, off its thread). */
  | { readonly type: 'filter'; readonly runId: string; readonly expression: string }
  /** The page showed a filter's answer: how many matches it rendered, or that the expression was refused (no data). */
  | { readonly type: 'filterShown'; readonly runId: string; readonly matches: number; readonly invalid: boolean }
  /** Copy / Save as CSV or Copy as Markdown table: the list at `path` of the shown answer, in the order shown. */
  | { readonly type: 'tableExport'; readonly runId: string; readonly path: readonly (string | number)[]; readonly format: TableExportFormat; readonly sort?: TableSort }
  /** The page showed a list as a table (no data: its size, and how many rows are in the DOM). */
  /** Pin this result: this panel keeps it, the next run opens a new panel. */
  | { readonly type: 'pin'; readonly runId: string }
  /** Run the shown run's operation again (its document, operation and variables). */
  | { readonly type: 'runAgain'; readonly runId: string }
  | { readonly type: 'tableShown'; readonly runId: string; readonly rows: number; readonly columns: number; readonly renderedRows: number };

/** What a table export produces. */
export type TableExportFormat = 'copyCsv' | 'saveCsv' | 'copyMarkdown';

/** The table's sort when exported: a column by name, and the direction. */
export interface TableSort {
  readonly column: string;
  readonly direction: 'ascending' | 'descending';
}

/** Longest path accepted for a table (a list deeper than this is not offered as a table). */
const MAX_TABLE_PATH = 200;

export function isPath(x: unknown): x is (string | number)[] {
  return (
    Array.isArray(x) && x.length <= MAX_TABLE_PATH && x.every((k) => (typeof k === 'string' && k.length <= 10_000) || (typeof k === 'number' && Number.isInteger(k) && k >= 0))
  );
}

/** Longest filter expression accepted from the webview. */
export const MAX_FILTER_EXPRESSION = 2000;
/** Largest error text accepted from the webview for the log. */
const MAX_ERROR_TEXT = 2000;

/**
 * Checks the shape of a message from the webview. Returns the typed message (a fresh object with
 * only the known fields), or undefined for anything malformed.
 */
export function parseWebviewMessage(raw: unknown): WebviewToExtensionMessage | undefined {
  if (!isRecord(raw) || typeof raw.type !== 'string') {
    return undefined;
  }
  switch (raw.type) {
    case 'ready':
      if (raw.shownRunId !== undefined && !isId(raw.shownRunId)) {
        return undefined;
      }
      return raw.shownRunId === undefined ? { type: 'ready' } : { type: 'ready', shownRunId: raw.shownRunId };
    case 'reveal':
      if (!isId(raw.runId) || typeof raw.documentUri !== 'string' || raw.documentUri.length > 8192 || !isPositiveInt(raw.line) || !isPositiveInt(raw.column)) {
        return undefined;
      }
      return { type: 'reveal', runId: raw.runId, documentUri: raw.documentUri, line: raw.line, column: raw.column };
    case 'copyJson':
    case 'saveJson':
    case 'openJson':
      return isId(raw.runId) ? { type: raw.type, runId: raw.runId } : undefined;
    case 'rendered':
      if (!isId(raw.runId) || typeof raw.treeItems !== 'number' || !Number.isInteger(raw.treeItems) || raw.treeItems < 0) {
        return undefined;
      }
      return { type: 'rendered', runId: raw.runId, treeItems: raw.treeItems };
    case 'webviewError':
      return typeof raw.message === 'string' ? { type: 'webviewError', message: raw.message.slice(0, MAX_ERROR_TEXT) } : undefined;
    case 'filter':
      return isId(raw.runId) && typeof raw.expression === 'string' && raw.expression.length <= MAX_FILTER_EXPRESSION
        ? { type: 'filter', runId: raw.runId, expression: raw.expression }
        : undefined;
    case 'tableExport': {
      const formats: unknown[] = ['copyCsv', 'saveCsv', 'copyMarkdown'];
      if (!isId(raw.runId) || !isPath(raw.path) || !formats.includes(raw.format)) {
        return undefined;
      }
      const sort = raw.sort;
      const okSort = isRecord(sort) && typeof sort.column === 'string' && (sort.direction === 'ascending' || sort.direction === 'descending');
      if (sort !== undefined && !okSort) {
        return undefined;
      }
      return {
        type: 'tableExport',
        runId: raw.runId,
        path: [...raw.path],
        format: raw.format as TableExportFormat,
        ...(okSort ? { sort: { column: sort.column as string, direction: sort.direction as TableSort['direction'] } } : {}),
      };
    }
    case 'runAgain':
    case 'pin':
      return isId(raw.runId) ? { type: raw.type, runId: raw.runId } : undefined;
    case 'tableShown':
      return isId(raw.runId) && [raw.rows, raw.columns, raw.renderedRows].every((n) => typeof n === 'number' && Number.isInteger(n) && n >= 0)
        ? { type: 'tableShown', runId: raw.runId, rows: raw.rows as number, columns: raw.columns as number, renderedRows: raw.renderedRows as number }
        : undefined;
    case 'filterShown':
      return isId(raw.runId) && typeof raw.matches === 'number' && Number.isInteger(raw.matches) && raw.matches >= 0 && typeof raw.invalid === 'boolean'
        ? { type: 'filterShown', runId: raw.runId, matches: raw.matches, invalid: raw.invalid }
        : undefined;
    default:
      return undefined;
  }
}
