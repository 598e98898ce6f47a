/**
 * The results webview (browser bundle). Receives `show` messages, renders the run's header,
 * failure, errors and JSON trees as text only, keeps its state with setState, and asks the
 * extension for everything outside the page (clipboard, files, editors).
 */
import {
  errorPositions,
  isRunResultView,
  parseExtensionMessage,
  type JsonActionKind,
  type ResultsStrings,
  type ResultsWebviewState,
  type RunResultView,
  type TreeUiState,
  type WebviewToExtensionMessage,
} from '../../shared/resultsMessages';
import { DEEP_JSON_LEVELS, nestingDepth, stringifyJson } from '../../shared/deepJson';
import { JsonTreeModel, format } from './jsonTreeModel';
import { DEFAULT_DEPTH_STRINGS, TreeView, type DepthStrings } from './treeView';
import { FilterView } from './filterView';
import { TableView, type SortState } from './tableView';
import { buildTable, findLists, rowsOf, valueAt } from '../../shared/table';
import { jsonPathOf } from '../../shared/jsonPath';
import { formatBytes, formatDuration, formatTime, operationTitle, pathText, statusClass, statusText } from './format';

interface VsCodeApi {
  postMessage(message: WebviewToExtensionMessage): void;
  getState(): unknown;
  setState(state: ResultsWebviewState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

/** Results larger than this keep only their header across reloads (webview state is held in memory and on disk). */
const MAX_KEPT_BYTES = 1024 * 1024;
const STATE_SAVE_DELAY_MS = 250;

/** Marks the page's trace lines on its console (matched by scripts/testIntegration.mjs). */
const TRACE_PREFIX = '[tenant-graphql results page] ';

const vscode = acquireVsCodeApi();
const strings = readStrings();
const depthStrings = readDepthStrings();
const root = document.getElementById('root')!;
/**
 * A small live region (role="status") that says one line when a new result arrives: the page itself
 * is not live, so a screen reader does not read a whole answer (or a page restored on reload).
 */
const announcer = document.getElementById('announce');

function announce(view: RunResultView): void {
  if (!announcer) {
    return;
  }
  const outcome = view.failure ? view.failure.title : statusText(view.status, strings);
  announcer.textContent = format(strings.runAnnounce, operationTitle(view, strings), outcome, formatDuration(view.durationMs));
}

interface Shown {
  readonly view: RunResultView;
  /** True when only the header was kept (restored after a reload without the body). */
  readonly summaryOnly: boolean;
  readonly trees: Map<string, JsonTreeModel>;
  readonly views: TreeView[];
  /** The tree state this render started from, kept for trees not built yet (or not at all, when only the header was kept). */
  readonly initialUi: Record<string, TreeUiState>;
}
let shown: Shown | undefined;
/** The filter box of the shown result (when it has a body). */
let filterView: FilterView | undefined;
/** Each tree on the page and the JSONPath of its root (for Copy Path / Filter to This on its nodes). */
const treeRoots = new WeakMap<Element, { readonly view: TreeView; readonly prefix: string; readonly pathPrefix?: readonly (string | number)[] }>();
/** Shows a list of the shown answer as a table (set while a result with lists is shown). */
let showTableAt: ((path: readonly (string | number)[]) => boolean) | undefined;
let saveTimer: ReturnType<typeof setTimeout> | undefined;

function readStrings(): ResultsStrings {
  let parsed: Record<string, unknown> = {};
  try {
    const raw: unknown = JSON.parse(document.body.dataset.strings ?? '{}');
    if (typeof raw === 'object' && raw !== null) {
      parsed = raw as Record<string, unknown>;
    }
  } catch {
    // The extension wrote this attribute; fall back to the keys if it is ever broken.
  }
  return new Proxy(parsed, { get: (t, k) => (typeof t[k as string] === 'string' ? t[k as string] : String(k)) }) as unknown as ResultsStrings;
}

/** The depth controls' texts when the extension sends them, English otherwise. */
function readDepthStrings(): DepthStrings {
  const read = (key: keyof DepthStrings): string => {
    const value = (strings as unknown as Record<string, string>)[key];
    return value === key ? DEFAULT_DEPTH_STRINGS[key] : value;
  };
  return { continueAtDepth: read('continueAtDepth'), backToDepth: read('backToDepth') };
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className) {
    e.className = className;
  }
  if (text !== undefined) {
    e.textContent = text;
  }
  return e;
}

/** A `<dl>` of name/value rows (text only), one `<div class="rowClass">` per pair. */
function nameValueList(listClass: string, rowClass: string, pairs: readonly (readonly [string, string])[]): HTMLElement {
  const list = el('dl', listClass);
  for (const [name, value] of pairs) {
    const row = el('div', rowClass);
    row.append(el('dt', undefined, name), el('dd', undefined, value));
    list.append(row);
  }
  return list;
}

function post(message: WebviewToExtensionMessage): void {
  trace(`post ${message.type}${'runId' in message ? ` ${message.runId}` : ''}`);
  vscode.postMessage(message);
}

/**
 * The page's life on the webview's console (its developer tools; the integration runner records
 * these lines): load, messages both ways, visibility. Only run ids and event names, no data.
 */
function trace(event: string): void {
  console.debug(`${TRACE_PREFIX}${new Date().toISOString().slice(11, 23)} ${event}`);
}

function viewSize(view: RunResultView): number {
  return view.bytes ?? (view.body === undefined ? 0 : stringifyJson(view.body).length);
}

function summaryOf(view: RunResultView): RunResultView {
  const { body: _body, variables: _variables, ...rest } = view;
  return rest;
}

function saveStateSoon(): void {
  if (saveTimer !== undefined) {
    clearTimeout(saveTimer);
  }
  saveTimer = setTimeout(saveState, STATE_SAVE_DELAY_MS);
}

function saveState(): void {
  saveTimer = undefined;
  if (!shown) {
    vscode.setState({});
    return;
  }
  const ui = currentUi();
  // setState serializes recursively: a very deep body would throw, so only its header is kept.
  const keep = !shown.summaryOnly && viewSize(shown.view) <= MAX_KEPT_BYTES && nestingDepth(shown.view.body, DEEP_JSON_LEVELS) <= DEEP_JSON_LEVELS;
  try {
    vscode.setState({ view: keep ? shown.view : undefined, summary: summaryOf(shown.view), ui });
  } catch {
    vscode.setState({ summary: summaryOf(shown.view), ui });
  }
}

/** The trees' state now: the built trees', and the restored state of those not built. */
function currentUi(): Record<string, TreeUiState> {
  const ui: Record<string, TreeUiState> = { ...shown?.initialUi };
  for (const [id, model] of shown?.trees ?? []) {
    ui[id] = model.uiState();
  }
  return ui;
}

function renderEmpty(): void {
  root.replaceChildren(el('h1', 'empty-title', strings.emptyTitle), el('p', 'hint', strings.emptyHint));
}

function renderHeader(view: RunResultView): HTMLElement {
  const header = el('header', 'header');
  header.append(el('h1', 'operation', operationTitle(view, strings)));
  const facts = el('dl', 'facts');
  const fact = (label: string, value: string, cls?: string): void => {
    const item = el('div', 'fact');
    item.append(el('dt', undefined, label), el('dd', cls, value));
    facts.append(item);
  };
  fact(strings.environment, view.environment);
  fact(strings.status, statusText(view.status, strings), `status status-${statusClass(view)}`);
  fact(strings.duration, formatDuration(view.durationMs));
  fact(strings.size, formatBytes(view.bytes));
  fact(strings.time, formatTime(view.at));
  if (view.response?.attempts !== undefined && view.response.attempts > 1) {
    fact(strings.attempts, String(view.response.attempts));
  }
  header.append(facts);

  const actions = el('div', 'actions');
  const action = (type: JsonActionKind, label: string): void => {
    const button = el('button', 'action', label);
    button.type = 'button';
    button.disabled = view.body === undefined;
    button.addEventListener('click', () => post({ type, runId: view.runId }));
    actions.append(button);
  };
  if (view.documentUri) {
    const again = el('button', 'action', strings.runAgain);
    again.type = 'button';
    again.addEventListener('click', () => post({ type: 'runAgain', runId: view.runId }));
    actions.append(again);
  }
  const pin = el('button', 'action', strings.pinResult);
  pin.type = 'button';
  pin.addEventListener('click', () => {
    pin.disabled = true;
    post({ type: 'pin', runId: view.runId });
  });
  actions.append(pin);
  action('copyJson', strings.copyJson);
  action('saveJson', strings.saveJson);
  action('openJson', strings.openJson);
  header.append(actions);
  const headers = Array.isArray(view.response?.headers) ? view.response.headers.filter((h) => Array.isArray(h) && typeof h[0] === 'string' && typeof h[1] === 'string') : [];
  const timing = timingRows(view.response?.timing);
  if (headers.length > 0 || timing.length > 0) {
    const details = el('details', 'response-headers');
    details.append(el('summary', undefined, format(strings.responseHeading, headers.length)));
    if (timing.length > 0) {
      details.append(nameValueList('timing', 'timing-row', timing));
    }
    details.append(nameValueList('headers', 'header-row', headers));
    header.append(details);
  }
  return header;
}

/** Milliseconds with one decimal under 10 ms (a local request's phases are fractions of one). */
function phaseMs(ms: unknown): string | undefined {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
    return undefined;
  }
  return ms < 10 ? `${ms.toFixed(1)} ms` : formatDuration(ms);
}

/**
 * The timing breakdown's rows: DNS, connect and TLS for a connection opened for this request (each
 * one measured: no DNS for an IP address, no TLS over http; through a proxy, DNS and connect to the
 * proxy, its CONNECT tunnel, TLS to the server over it), else what the connection was; then first
 * byte and download.
 */
function timingRows(timing: unknown): [string, string][] {
  if (typeof timing !== 'object' || timing === null) {
    return [];
  }
  const t = timing as Record<string, unknown>;
  const rows: [string, string][] = [];
  const row = (label: string, value: unknown): void => {
    const text = phaseMs(value);
    if (text !== undefined) {
      rows.push([label, text]);
    }
  };
  const connection =
    t.connection === 'new'
      ? strings.connectionNew
      : t.connection === 'reused'
        ? strings.connectionReused
        : t.connection === 'proxy'
          ? t.connectMs !== undefined
            ? strings.connectionProxyTunnel
            : strings.connectionProxy
          : strings.connectionUnknown;
  rows.push([strings.timingConnection, connection]);
  if (t.connection === 'new' || t.connection === 'proxy') {
    row(strings.timingDns, t.dnsMs);
    row(strings.timingConnect, t.connectMs);
    row(strings.timingTunnel, t.tunnelMs);
    row(strings.timingTls, t.tlsMs);
  }
  row(strings.timingFirstByte, t.firstByteMs);
  row(strings.timingDownload, t.downloadMs);
  return rows;
}

function renderFailure(failure: NonNullable<RunResultView['failure']>): HTMLElement {
  // Not role="alert": the status line (announce) already says that the run failed, in one line.
  const section = el('section', 'failure');
  section.append(el('h2', undefined, failure.title), el('p', 'message', failure.message));
  if (failure.bodyText) {
    section.append(el('h3', undefined, strings.firstBytes), el('pre', 'body-text', failure.bodyText));
  }
  return section;
}

function renderErrors(view: RunResultView, errors: NonNullable<NonNullable<RunResultView['body']>['errors']>): HTMLElement {
  const section = el('section', 'errors');
  section.append(el('h2', undefined, format(strings.errorsHeading, errors.length)));
  const list = el('ul', 'error-list');
  for (const error of errors) {
    const item = el('li', 'error');
    item.append(el('div', 'message', error.message));
    const path = pathText(error.path);
    if (path) {
      item.append(el('div', 'path', format(strings.errorPath, path)));
    }
    const positions = errorPositions(error);
    const where = el('div', 'locations');
    for (const { line, column } of positions) {
      const text = format(strings.errorLocation, line, column);
      if (view.documentUri) {
        const button = el('button', 'location link', text);
        button.type = 'button';
        button.title = strings.errorLocationHint;
        const documentUri = view.documentUri;
        button.addEventListener('click', () => post({ type: 'reveal', runId: view.runId, documentUri, line, column }));
        where.append(button);
      } else {
        where.append(el('span', 'location', text));
      }
    }
    if (positions.length === 0) {
      where.append(el('span', 'location none', strings.errorNoLocation));
    }
    item.append(where);
    if (error.extensions && typeof error.extensions === 'object') {
      item.append(el('div', 'extensions', stringifyJson(error.extensions, { maxLength: 301 })));
    }
    list.append(item);
  }
  section.append(list);
  return section;
}

function addTree(
  target: HTMLElement,
  id: string,
  value: unknown,
  label: string,
  ui: Record<string, TreeUiState> | undefined,
  defaultExpanded: (m: JsonTreeModel) => void,
  prefix: string,
  pathPrefix: readonly (string | number)[],
): void {
  if (!shown) {
    return;
  }
  const model = new JsonTreeModel(value, {}, ui?.[id]);
  if (!ui?.[id]) {
    defaultExpanded(model);
  }
  shown.trees.set(id, model);
  const view = new TreeView(model, strings, label, saveStateSoon, { depthStrings });
  shown.views.push(view);
  treeRoots.set(view.element, { view, prefix, pathPrefix });
  target.append(view.element);
}

/** The tree of one filter match (expanded one level), its nodes' paths below the match's. */
function matchTree(value: unknown, path: string): HTMLElement {
  const model = new JsonTreeModel(value);
  model.setExpanded(model.root, true);
  const view = new TreeView(model, strings, path, () => undefined, { depthStrings });
  treeRoots.set(view.element, { view, prefix: path });
  return view.element;
}

/**
 * The table controls of a result: the lists of its data (a connection's edges[].node flattened),
 * Show as Table / Show as Tree, and the exports (done by the extension: clipboard, save dialog).
 */
function tableSection(view: RunResultView, body: NonNullable<RunResultView['body']>, full: HTMLElement, filter: FilterView): HTMLElement {
  const section = el('div', 'table-section');
  const host = el('div', 'table-host');
  host.hidden = true;
  const lists = findLists(body.data).map((l) => ({ path: ['data', ...l.path] as (string | number)[], rows: l.rows }));
  const controls = el('div', 'table-controls');
  const select = el('select');
  select.setAttribute('aria-label', strings.tableList);
  const toggle = el('button', 'action', strings.showTable);
  toggle.type = 'button';
  const exports = el('span', 'table-exports');
  exports.hidden = true;
  let current: { path: readonly (string | number)[]; columns: readonly string[]; sort: SortState } | undefined;
  const option = (path: readonly (string | number)[], rows: number): void => {
    const o = el('option', undefined, `${pathText(path) || '(data)'} · ${format(strings.tableRows, rows)}`);
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
    toggle.textContent = strings.showTable;
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
    toggle.textContent = strings.showTree;
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
  controls.hidden = lists.length === 0;
  showTableAt = show;
  section.append(controls, host);
  return section;
}

function render(view: RunResultView, summaryOnly: boolean, ui?: Record<string, TreeUiState>): void {
  filterView = undefined;
  showTableAt = undefined;
  shown = { view, summaryOnly, trees: new Map(), views: [], initialUi: ui ?? {} };
  const parts: HTMLElement[] = [renderHeader(view)];
  if (summaryOnly) {
    parts.push(el('p', 'hint', strings.notKeptAcrossReload));
  }
  if (view.failure) {
    parts.push(renderFailure(view.failure));
  }
  const body = view.body;
  if (body?.errors && body.errors.length > 0) {
    parts.push(renderErrors(view, body.errors));
  }
  if (body) {
    const data = el('section', 'data');
    data.append(el('h2', undefined, strings.dataHeading));
    const runId = view.runId;
    const full = el('div', 'full-tree');
    filterView = new FilterView(
      strings,
      (expression) => post({ type: 'filter', runId, expression }),
      matchTree,
      (active) => {
        full.hidden = active;
      },
      (matches, invalid) => post({ type: 'filterShown', runId, matches, invalid }),
    );
    data.append(filterView.element, full);
    if (body.data === undefined || body.data === null) {
      full.append(el('p', 'hint', strings.noData));
    } else {
      addTree(
        full,
        'data',
        body.data,
        strings.dataHeading,
        ui,
        (m) => {
          m.setExpanded(m.root, true);
          const first = m.page(m.root).children;
          if (first.length === 1) {
            m.setExpanded(first[0], true);
          }
        },
        '$.data',
        ['data'],
      );
    }
    data.append(tableSection(view, body, full, filterView));
    parts.push(data);

    const whole = el('details', 'whole-body');
    whole.append(el('summary', undefined, strings.bodyHeading));
    const build = (): void => {
      if (!whole.querySelector('.json-tree')) {
        addTree(whole, 'body', body, strings.bodyHeading, ui, (m) => m.setExpanded(m.root, true), '$', []);
        saveStateSoon();
      }
    };
    if (ui?.body) {
      whole.open = true;
      build();
    }
    whole.addEventListener('toggle', () => {
      if (whole.open) {
        build();
      }
    });
    parts.push(whole);
  }
  root.replaceChildren(...parts);
  saveStateSoon();
  post({ type: 'rendered', runId: view.runId, treeItems: shown.views.reduce((n, v) => n + v.itemCount(), 0) });
}

function restore(): void {
  const state = vscode.getState() as ResultsWebviewState | undefined;
  const ui = state && typeof state.ui === 'object' && state.ui !== null ? state.ui : undefined;
  try {
    if (state && isRunResultView(state.view)) {
      render(state.view, false, ui);
      return;
    }
    if (state && isRunResultView(state.summary)) {
      render(state.summary, true, ui);
      return;
    }
  } catch (err) {
    // A state from an older version that no longer fits: start empty rather than broken.
    post({ type: 'webviewError', message: `could not restore the results: ${String(err)}` });
  }
  renderEmpty();
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const message = parseExtensionMessage(event.data);
  if (!message) {
    trace('received a message that is not a result');
    return;
  }
  if (message.type === 'filterResult') {
    if (shown?.view.runId === message.runId) {
      filterView?.show(message.result);
    }
    return;
  }
  if (message.type === 'showTable') {
    if (shown?.view.runId === message.runId) {
      showTableAt?.(message.path);
    }
    return;
  }
  if (message.type === 'setFilter') {
    if (shown?.view.runId === message.runId) {
      filterView?.set(message.expression);
    }
    return;
  }
  trace(`received ${message.view.runId}`);
  if (shown && !shown.summaryOnly && shown.view.runId === message.view.runId) {
    // Already on screen (restored from state, or sent again): keep the user's expansion, and say so.
    post({ type: 'rendered', runId: shown.view.runId, treeItems: shown.views.reduce((n, v) => n + v.itemCount(), 0) });
    return;
  }
  // The same run again (e.g. the full result after a header-only restore): keep what the user had expanded.
  const keepUi = shown?.view.runId === message.view.runId ? currentUi() : undefined;
  render(message.view, false, keepUi);
  if (!keepUi) {
    announce(message.view);
  }
});
// VS Code's context menu on a tree node (package.json "webview/context"): Copy Path and Filter to This get the node's JSONPath.
root.addEventListener(
  'contextmenu',
  (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const tree = target?.closest('.json-tree');
    const entry = tree ? treeRoots.get(tree) : undefined;
    const node = entry?.view.nodeAt(target);
    const item = target?.closest('[role="treeitem"]');
    if (entry && node && item instanceof HTMLElement) {
      const path = node.path;
      const list = entry.pathPrefix !== undefined && rowsOf(node.value) !== undefined;
      item.dataset.vscodeContext = JSON.stringify({
        webviewSection: list ? 'jsonList' : 'jsonNode',
        jsonPath: entry.prefix + jsonPathOf(path).slice(1),
        ...(list ? { nodePath: JSON.stringify([...entry.pathPrefix!, ...path]) } : {}),
        preventDefaultContextMenuItems: true,
      });
    }
  },
  true,
);
window.addEventListener('error', (event) => post({ type: 'webviewError', message: String(event.message) }));

document.addEventListener('visibilitychange', () => trace(`visibility ${document.visibilityState}`));
window.addEventListener('pagehide', () => trace('page hidden (unloading)'));
trace(`page loaded (visibility ${document.visibilityState})`);
restore();
post({ type: 'ready', shownRunId: shown && !shown.summaryOnly ? shown.view.runId : undefined });
