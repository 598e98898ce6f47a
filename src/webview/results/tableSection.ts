/**
 * The table controls of a shown result: its data's lists (a connection's edges[].node flattened),
 * Show as Table / Show as Tree, and the exports (done by the extension: clipboard, save dialog).
 */
import type { RunResultView } from '../../shared/resultsMessages';
import { buildTable, findLists, rowsOf, valueAt } from '../../shared/table';
import { format } from './jsonTreeModel';
import { pathText } from './format';
import type { FilterView } from './filterView';
import { TableView, type SortState } from './tableView';
import { el, post, strings } from './page';
import { icon } from './icons';

/** The table section of a result, and the way to show one of its lists as a table ("Show as Table"). */
export function tableSection(
  view: RunResultView,
  body: NonNullable<RunResultView['body']>,
  full: HTMLElement,
  filter: FilterView,
): { readonly element: HTMLElement; readonly showTableAt: (path: readonly (string | number)[]) => boolean } {
  const section = el('div', 'table-section');
  const host = el('div', 'table-host');
  host.hidden = true;
  const lists = findLists(body.data).map((l) => ({ path: ['data', ...l.path] as (string | number)[], rows: l.rows }));
  const controls = el('div', 'table-controls');
  const select = el('select');
  select.setAttribute('aria-label', strings.tableList);
  const toggle = el('button', 'action');
  toggle.type = 'button';
  const setToggle = (name: 'table' | 'tree', text: string): void => toggle.replaceChildren(icon(name), el('span', undefined, text));
  setToggle('table', strings.showTable);
  const exports = el('span', 'table-exports');
  exports.hidden = true;
  let current: { path: readonly (string | number)[]; columns: readonly string[]; sort: SortState } | undefined;
  const option = (path: readonly (string | number)[], rows: number): void => {
    const o = el('option', undefined, `${pathText(path) || '(data)'} · ${rows === 1 ? strings.tableOneRow : format(strings.tableRows, rows)}`);
    o.value = JSON.stringify(path);
    select.append(o);
  };
  lists.forEach((l) => option(l.path, l.rows));
  const exportAs = (formatName: 'copyCsv' | 'saveCsv' | 'copyMarkdown', label: string): void => {
    const b = el('button', 'action', label);
    b.type = 'button';
    b.addEventListener('click', () => {
      if (current) {
        const sort = current.sort ? { column: current.columns[current.sort.column], direction: current.sort.direction } : undefined;
        post({ type: 'tableExport', runId: view.runId, path: current.path, format: formatName, ...(sort ? { sort } : {}) });
      }
    });
    exports.append(b);
  };
  exportAs('copyCsv', strings.copyCsv);
  exportAs('saveCsv', strings.saveCsv);
  exportAs('copyMarkdown', strings.copyMarkdown);
  const showTree = (): void => {
    current = undefined;
    host.hidden = true;
    host.replaceChildren();
    exports.hidden = true;
    setToggle('table', strings.showTable);
    full.hidden = filter.expression.trim() !== '';
  };
  const show = (path: readonly (string | number)[]): boolean => {
    const rows = rowsOf(valueAt(body, path.slice(0)));
    if (!rows) {
      return false;
    }
    const key = JSON.stringify(path);
    if (![...select.options].some((o) => o.value === key)) {
      option(path, rows.length);
      select.hidden = select.options.length < 2;
    }
    select.value = key;
    const table = buildTable(rows);
    const state = { path, columns: table.columns, sort: undefined as SortState };
    current = state;
    const tableView = new TableView(table, pathText(path) || strings.dataHeading, (sort) => {
      state.sort = sort;
    });
    host.replaceChildren(tableView.element);
    host.hidden = false;
    full.hidden = true;
    exports.hidden = false;
    controls.hidden = false;
    setToggle('tree', strings.showTree);
    requestAnimationFrame(() => post({ type: 'tableShown', runId: view.runId, rows: table.rows.length, columns: table.columns.length, renderedRows: tableView.renderedRows() }));
    return true;
  };
  toggle.addEventListener('click', () => (current ? showTree() : select.value && show(JSON.parse(select.value) as (string | number)[])));
  select.addEventListener('change', () => {
    if (current) {
      show(JSON.parse(select.value) as (string | number)[]);
    }
  });
  controls.append(select, toggle, exports);
  // Shown only when they apply: no controls without a list, no picker for a single list.
  controls.hidden = lists.length === 0;
  select.hidden = lists.length < 2;
  section.append(controls, host);
  return { element: section, showTableAt: show };
}
