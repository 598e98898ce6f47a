import { isRecord } from './resultView';

/**
 * Lists of an answer as tables: which lists there are, a connection's `edges[].node` flattened,
 * columns from the union of keys (nested objects as `a.b`), and the table as CSV (RFC 4180) or as
 * a Markdown table. Pure, no recursion; used by the results webview (the table) and by the
 * extension (Copy/Save as CSV, Copy as Markdown table).
 */

/** A table: its columns (first-seen order) and rows of cell values (JSON scalars, or JSON text for lists). */
export interface Table {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly Cell[])[];
}

/** A cell: a JSON scalar, or (for a list or an object deeper than the flattening) its JSON text; undefined when the row has no such key. */
export type Cell = string | number | boolean | null | undefined;

/** Nested objects are flattened this many levels deep (`a.b.c.d`); deeper ones become JSON text. */
const FLATTEN_LEVELS = 4;

/** A list found in an answer: its path and how many rows it has. */
export interface FoundList {
  readonly path: readonly (string | number)[];
  readonly rows: number;
}

/**
 * The rows of a value shown as a table: an array as it is; a connection (`{ edges: [{ node }] }`)
 * as its nodes; `{ nodes: [...] }` as those. Undefined for anything else.
 */
export function rowsOf(value: unknown): readonly unknown[] | undefined {
  if (Array.isArray(value)) {
    return value.length > 0 && value.every((e) => isRecord(e) && 'node' in e && Object.keys(e).every((k) => k === 'node' || k === 'cursor'))
      ? value.map((e) => (e as { node: unknown }).node)
      : value;
  }
  if (isRecord(value)) {
    if (Array.isArray(value.edges)) {
      return rowsOf(value.edges);
    }
    if (Array.isArray(value.nodes)) {
      return value.nodes;
    }
  }
  return undefined;
}

/**
 * The lists in an answer that make tables (arrays of objects, connections), breadth first down to
 * `maxDepth`, at most `max` of them. A connection is listed once (at the connection, not its edges).
 */
export function findLists(value: unknown, maxDepth = 6, max = 30): FoundList[] {
  const out: FoundList[] = [];
  const queue: { v: unknown; path: (string | number)[] }[] = [{ v: value, path: [] }];
  while (queue.length > 0 && out.length < max) {
    const { v, path } = queue.shift()!;
    if (isRecord(v) && (Array.isArray(v.edges) || Array.isArray(v.nodes))) {
      const rows = rowsOf(v)!;
      if (rows.some(isRecord)) {
        out.push({ path, rows: rows.length });
        continue;
      }
    }
    if (Array.isArray(v)) {
      if (v.some(isRecord)) {
        out.push({ path, rows: v.length });
      }
      continue; // lists inside rows are cells, not tables of their own
    }
    if (isRecord(v) && path.length < maxDepth) {
      for (const [k, child] of Object.entries(v)) {
        if (child !== null && typeof child === 'object') {
          queue.push({ v: child, path: [...path, k] });
        }
      }
    }
  }
  return out;
}

/** The value at a path, or undefined. */
export function valueAt(value: unknown, path: readonly (string | number)[]): unknown {
  let v = value;
  for (const key of path) {
    if (v === null || typeof v !== 'object') {
      return undefined;
    }
    v = (v as Record<string | number, unknown>)[key];
  }
  return v;
}

/** A value's rows as a table: objects flattened (`a.b`), columns the union of keys in first-seen order; scalars in a `value` column. */
export function buildTable(rows: readonly unknown[]): Table {
  const index = new Map<string, number>();
  const columns: string[] = [];
  const flat: Map<number, Cell>[] = [];
  const column = (name: string): number => {
    let i = index.get(name);
    if (i === undefined) {
      i = columns.length;
      index.set(name, i);
      columns.push(name);
    }
    return i;
  };
  for (const row of rows) {
    const cells = new Map<number, Cell>();
    if (!isRecord(row)) {
      cells.set(column('value'), cellOf(row));
    } else {
      const stack: { obj: Record<string, unknown>; prefix: string; level: number }[] = [{ obj: row, prefix: '', level: 1 }];
      // Depth first, keys in order: push children in reverse.
      while (stack.length > 0) {
        const { obj, prefix, level } = stack.pop()!;
        const entries = Object.entries(obj);
        const nested: { obj: Record<string, unknown>; prefix: string; level: number }[] = [];
        for (const [k, v] of entries) {
          const name = prefix + k;
          if (isRecord(v) && level < FLATTEN_LEVELS && Object.keys(v).length > 0) {
            nested.push({ obj: v, prefix: `${name}.`, level: level + 1 });
            // Reserve the nested columns' place after this key's siblings that come before it.
            continue;
          }
          cells.set(column(name), cellOf(v));
        }
        for (let i = nested.length - 1; i >= 0; i--) {
          stack.push(nested[i]);
        }
      }
    }
    flat.push(cells);
  }
  return { columns, rows: flat.map((cells) => columns.map((_, i) => cells.get(i))) };
}

function cellOf(v: unknown): Cell {
  if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
    return v;
  }
  if (v === undefined) {
    return undefined;
  }
  try {
    return JSON.stringify(v) ?? null;
  } catch {
    return '[too deep to show]';
  }
}

/** A cell as text (what the table shows and what CSV and Markdown hold): empty for a missing key. */
export function cellText(cell: Cell): string {
  return cell === undefined ? '' : cell === null ? 'null' : String(cell);
}

/**
 * A text cell as a spreadsheet must read it: the server's text starting with `=`, `+`, `-`, `@`, a tab
 * or a CR would be taken for a formula when the CSV is opened (CSV injection), so it gets a leading
 * `'`, as OWASP advises; numbers, booleans and null are the answer's own values and stay as they are.
 */
export function csvText(cell: Cell): string {
  const text = cellText(cell);
  return typeof cell === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * The table as CSV (RFC 4180): a header line, CRLF line ends, fields with `"`, `,`, CR or LF quoted,
 * `"` doubled; text that a spreadsheet would run as a formula made inert ({@link csvText}).
 */
export function toCsv(table: Table): string {
  const field = (cell: Cell): string => {
    const text = csvText(cell);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [table.columns.map(field).join(',')];
  for (const row of table.rows) {
    lines.push(row.map(field).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The table as a GitHub-flavoured Markdown table: `|` and `\` escaped, line breaks as `<br>`, HTML characters escaped. */
export function toMarkdown(table: Table): string {
  const cell = (text: string): string =>
    text
      .replace(/\\/g, '\\\\')
      .replace(/\|/g, '\\|')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/\r\n|\r|\n/g, '<br>');
  const columns = table.columns.length > 0 ? table.columns : ['value'];
  const lines = [`| ${columns.map(cell).join(' | ')} |`, `| ${columns.map(() => '---').join(' | ')} |`];
  for (const row of table.rows) {
    lines.push(`| ${columns.map((_, i) => cell(cellText(row[i]))).join(' | ')} |`);
  }
  return `${lines.join('\n')}\n`;
}

/** Sorts rows by a column (stable): numbers numerically, then text (natural order), missing values last. */
export function sortRows(rows: readonly (readonly Cell[])[], column: number, direction: 'ascending' | 'descending'): (readonly Cell[])[] {
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  const sign = direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => {
      const x = a.row[column];
      const y = b.row[column];
      if (x === undefined || y === undefined) {
        return x === y ? a.i - b.i : x === undefined ? 1 : -1;
      }
      const d = typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(cellText(x), cellText(y));
      return d !== 0 ? sign * d : a.i - b.i;
    })
    .map((e) => e.row);
}

/**
 * The list at `path` of an answer as CSV (RFC 4180) or a Markdown table, in the order of `sort`
 * (a column by name), and how many rows; undefined when there is no list there. What Copy / Save as
 * CSV and Copy as Markdown Table write, on the host or in the filter worker.
 */
export function tableExportText(
  body: unknown,
  path: readonly (string | number)[],
  format: 'copyCsv' | 'saveCsv' | 'copyMarkdown',
  sort?: { readonly column: string; readonly direction: 'ascending' | 'descending' },
): { readonly text: string; readonly rows: number } | undefined {
  const rows = rowsOf(valueAt(body, path));
  if (!rows) {
    return undefined;
  }
  const table = buildTable(rows);
  const column = sort ? table.columns.indexOf(sort.column) : -1;
  const sorted = sort && column >= 0 ? { columns: table.columns, rows: sortRows(table.rows, column, sort.direction) } : table;
  return { text: format === 'copyMarkdown' ? toMarkdown(sorted) : toCsv(sorted), rows: sorted.rows.length };
}
