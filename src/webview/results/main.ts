/**
 * The results webview (browser bundle). Receives `show` messages, renders the run's header,
 * failure, errors and JSON trees as text only, keeps its state with setState, and asks the
 * extension for everything outside the page (clipboard, files, editors).
 */
import { isRunResultView, parseExtensionMessage, type ResultsWebviewState, type RunResultView, type TreeUiState } from '../../shared/resultsMessages';
import { DEEP_JSON_LEVELS, nestingDepth, stringifyJson } from '../../shared/deepJson';
import { JsonTreeModel, format } from './jsonTreeModel';
import { TreeView } from './treeView';
import { expandAtGlance } from './glance';
import { FilterView } from './filterView';
import { rowsOf } from '../../shared/table';
import { jsonPathOf } from '../../shared/jsonPath';
import { formatDuration, operationTitle, statusText } from './format';
import { depthStrings, el, post, strings, trace, vscode } from './page';
import { renderErrors, renderFailure, renderHeader } from './resultParts';
import { tableSection } from './tableSection';

/** Results larger than this keep only their header across reloads (webview state is held in memory and on disk). */
const MAX_KEPT_BYTES = 1024 * 1024;
const STATE_SAVE_DELAY_MS = 250;
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
    // Controls only where they apply: no filter box above "The response has no data." (its errors are shown above).
    filterView.element.hidden = body.data === undefined || body.data === null;
    if (body.data === undefined || body.data === null) {
      full.append(el('p', 'hint', strings.noData));
    } else {
      addTree(full, 'data', body.data, strings.dataHeading, ui, (m) => expandAtGlance(m), '$.data', ['data']);
    }
    const table = tableSection(view, body, full, filterView);
    showTableAt = table.showTableAt;
    data.append(table.element);
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
    if (shown?.view.runId === message.runId && !filterView?.element.hidden) {
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
