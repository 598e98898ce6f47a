/**
 * Messages between the extension and the results webview, both ways, and their validation.
 * Pure TypeScript: imported by the extension (src/results) and by the webview bundle (src/webview).
 * Every message that crosses the boundary is checked with the parse functions here before use.
 */
import { DEEP_JSON_LEVELS, nestingDepth, stringifyJson } from './deepJson';

/**
 * What the results panel shows for one run. Plain data (JSON-serialisable): the run feature builds
 * it, the results panel renders it (as text only, never as HTML).
 */
export interface RunResultView {
  readonly runId: string;
  readonly operationName?: string;
  readonly operationType?: 'query' | 'mutation' | 'subscription';
  readonly environment: string;
  /** The document the operation came from: error entries jump there. */
  readonly documentUri?: string;
  /** HTTP status, or undefined when there was no HTTP answer (network failure, cancelled). */
  readonly status?: number;
  readonly durationMs?: number;
  readonly bytes?: number;
  /** ISO time of the run. */
  readonly at: string;
  readonly variables?: Record<string, unknown>;
  /** The GraphQL response body (200, or a 4xx/5xx with a JSON body). */
  readonly body?: {
    readonly data?: unknown;
    readonly errors?: readonly {
      readonly message: string;
      readonly locations?: readonly { readonly line: number; readonly column: number }[];
      readonly path?: readonly (string | number)[];
      readonly extensions?: Record<string, unknown>;
    }[];
    readonly extensions?: Record<string, unknown>;
  };
  /**
   * For an operation in a code file's template: where each error location (line and column of the
   * sent document) is in that file, as 0-based ranges. Without it, locations are the document's own.
   */
  readonly revealAt?: readonly {
    readonly line: number;
    readonly column: number;
    readonly range: { readonly start: { readonly line: number; readonly character: number }; readonly end: { readonly line: number; readonly character: number } };
  }[];
  /** A failure without a usable body: what happened and what to do, plus the first bytes as text. */
  readonly failure?: { readonly title: string; readonly message: string; readonly bodyText?: string };
  /**
   * The HTTP answer's headers (lower-case names; cookies and credentials left out) and how many
   * requests it took, for the panel's collapsible Response section. Never kept in the run history.
   */
  readonly response?: { readonly headers: readonly (readonly [string, string])[]; readonly attempts?: number; readonly timing?: ResponseTiming };
}

/**
 * Where the final request's time went (milliseconds). DNS, connect and TLS only for a connection
 * opened for this request (`connection: 'new'`); a reused connection or a proxy's tunnel says so.
 */
export interface ResponseTiming {
  readonly connection: 'new' | 'reused' | 'proxy' | 'unknown';
  readonly dnsMs?: number;
  readonly connectMs?: number;
  /** TLS with the server (through a proxy: over the tunnel). */
  readonly tlsMs?: number;
  /** Through a proxy: connected to the proxy until its answer to CONNECT (DNS and connect are then the proxy's). */
  readonly tunnelMs?: number;
  readonly firstByteMs?: number;
  readonly downloadMs?: number;
}

/** The webview panel's view type (also the `onWebviewPanel:` activation event and the serializer's key). */
export const RESULTS_VIEW_TYPE = 'tenantGraphql.results';

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

function isPath(x: unknown): x is (string | number)[] {
  return (
    Array.isArray(x) && x.length <= MAX_TABLE_PATH && x.every((k) => (typeof k === 'string' && k.length <= 10_000) || (typeof k === 'number' && Number.isInteger(k) && k >= 0))
  );
}

/** One match of a filter: its normalized JSONPath and its value as JSON text (cut when `cut`). */
export interface FilterMatchView {
  readonly path: string;
  readonly valueJson: string;
  readonly cut?: boolean;
}

/** The answer to a `filter` message: matches (the first ones of `total`), or what is wrong with the expression. */
export type FilterResultView =
  | { readonly ok: true; readonly expression: string; readonly matches: readonly FilterMatchView[]; readonly total: number }
  | { readonly ok: false; readonly expression: string; readonly message: string };

/** Longest filter expression accepted from the webview. */
export const MAX_FILTER_EXPRESSION = 2000;

/**
 * Messages from the extension to the webview. `bodyJson` carries `view.body` as JSON text when
 * the body is too deep for `postMessage` (which serializes recursively); build the message with
 * {@link showMessage}.
 */
/** The `show` message (build it with {@link showMessage}). */
export interface ShowMessage {
  readonly type: 'show';
  readonly view: RunResultView;
  readonly bodyJson?: string;
  /**
   * `bodyJson` is the answer as the Service sent it, and `view.body` holds only its checked
   * `errors`: the page takes `data` and `extensions` from the text as the extension reads them
   * (graphqlResponse.ts: `data` an object or null, `extensions` an object) and the errors from the view.
   */
  readonly bodyRaw?: true;
  /**
   * With `bodyRaw`, instead of `bodyJson`: the answer's bytes as the Service sent them (UTF-8). VS
   * Code hands a plain Uint8Array to the page as an ArrayBuffer (no JSON copy of a 20 MB string on
   * the extension host, no decoding there); the page decodes it (TextDecoder) and parses it.
   */
  readonly bodyBytes?: Uint8Array;
}

/**
 * From this size on, an answer the extension has as the Service's JSON text goes to the page as
 * that text: a string crosses postMessage as one copy and JSON.parse reads it 2-3x faster than the
 * structured clone of the same tree is rebuilt (20 MB: about 300 vs 860 ms in Chromium).
 */
export const RAW_BODY_BYTES = 1024 * 1024;

export type ExtensionToWebviewMessage =
  | ShowMessage
  /** The answer to the webview's `filter`. */
  | { readonly type: 'filterResult'; readonly runId: string; readonly result: FilterResultView }
  /** Put this expression in the filter box and apply it (the operation's last filter; "Filter to this"). */
  | { readonly type: 'setFilter'; readonly runId: string; readonly expression: string }
  /** Show the list at `path` as a table ("Show as Table"). */
  | { readonly type: 'showTable'; readonly runId: string; readonly path: readonly (string | number)[] };

/**
 * The `show` message for a view: the view as it is, or, when its body is nested deeper than
 * {@link DEEP_JSON_LEVELS}, the view without its body plus the body as JSON text (written without
 * recursion). The extension posts this instead of `{ type: 'show', view }`.
 */
export function showMessage(view: RunResultView, raw?: string | Uint8Array): ShowMessage {
  if (view.body !== undefined && raw !== undefined && (typeof raw === 'string' ? raw.length : raw.byteLength) >= RAW_BODY_BYTES) {
    const { body, ...rest } = view;
    const sent = typeof raw === 'string' ? { bodyJson: raw } : { bodyBytes: plainBytes(raw) };
    return { type: 'show', view: { ...rest, body: body.errors !== undefined ? { errors: body.errors } : {} }, ...sent, bodyRaw: true };
  }
  if (view.body !== undefined && nestingDepth(view.body, DEEP_JSON_LEVELS) > DEEP_JSON_LEVELS) {
    const { body, ...rest } = view;
    return { type: 'show', view: rest, bodyJson: stringifyJson(body) };
  }
  return { type: 'show', view };
}

/**
 * Bytes as VS Code's webview messaging carries them without a copy: a plain Uint8Array (its
 * serializer knows typed arrays by their constructor's name, so a Node Buffer would go as JSON)
 * that spans its whole ArrayBuffer (the serializer sends the whole buffer of a view).
 */
function plainBytes(bytes: Uint8Array): Uint8Array {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) {
    return bytes.constructor === Uint8Array ? bytes : new Uint8Array(bytes.buffer);
  }
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy;
}

/**
 * The `show` message for a run reopened from the history: its answer's JSON text as stored (the
 * page parses it; the extension host never does) and its errors as the filter worker read and
 * normalised them, the way a large live answer goes (see {@link ShowMessage.bodyRaw}). `view` has no body.
 */
export function storedShowMessage(view: RunResultView, text: string, errors: NonNullable<RunResultView['body']>['errors']): ShowMessage {
  return { type: 'show', view: { ...view, body: errors ? { errors } : {} }, bodyJson: text, bodyRaw: true };
}

/** What the webview keeps with `setState` (restored after it is hidden, and by the serializer after a reload). */
export interface ResultsWebviewState {
  /** The shown result; left out when it is too large to keep (then only `summary` is kept). */
  readonly view?: RunResultView;
  /** The header of the shown result, kept even when `view` is not. */
  readonly summary?: RunResultView;
  /** Expanded tree nodes and page sizes, per tree. */
  readonly ui?: Record<string, TreeUiState>;
}

/** The interactive state of one JSON tree: expanded node ids, shown children per node, strings shown in full. */
export interface TreeUiState {
  readonly expanded: readonly string[];
  readonly shown: Readonly<Record<string, number>>;
  readonly fullStrings: readonly string[];
}

/** Largest line/column accepted from the webview (a document cannot be larger in practice). */
const MAX_POSITION = 10_000_000;
/** Largest error text accepted from the webview for the log. */
const MAX_ERROR_TEXT = 2000;
/** Largest run id accepted (run ids are short). */
const MAX_ID = 200;

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function isPositiveInt(x: unknown): x is number {
  return typeof x === 'number' && Number.isInteger(x) && x >= 1 && x <= MAX_POSITION;
}

function isId(x: unknown): x is string {
  return typeof x === 'string' && x.length > 0 && x.length <= MAX_ID;
}

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

/**
 * Checks that a value is a {@link RunResultView} well enough to render it as text: required fields
 * with the right types, errors with string messages. Used by the webview on `show` messages and by
 * the extension on state restored by the serializer.
 */
export function isRunResultView(x: unknown): x is RunResultView {
  if (!isRecord(x) || !isId(x.runId) || typeof x.environment !== 'string' || typeof x.at !== 'string') {
    return false;
  }
  const optional: [string, string][] = [
    ['operationName', 'string'],
    ['operationType', 'string'],
    ['documentUri', 'string'],
    ['status', 'number'],
    ['durationMs', 'number'],
    ['bytes', 'number'],
  ];
  for (const [key, type] of optional) {
    if (x[key] !== undefined && typeof x[key] !== type) {
      return false;
    }
  }
  if (x.failure !== undefined) {
    const f = x.failure;
    if (!isRecord(f) || typeof f.title !== 'string' || typeof f.message !== 'string' || (f.bodyText !== undefined && typeof f.bodyText !== 'string')) {
      return false;
    }
  }
  if (x.body !== undefined) {
    if (!isRecord(x.body)) {
      return false;
    }
    const errors = x.body.errors;
    if (errors !== undefined && (!Array.isArray(errors) || !errors.every((e) => isRecord(e) && typeof e.message === 'string'))) {
      return false;
    }
  }
  return true;
}

/** Checks a message from the extension (the webview trusts nothing it has not checked). */
export function parseExtensionMessage(raw: unknown): ExtensionToWebviewMessage | undefined {
  if (isRecord(raw) && raw.type === 'setFilter') {
    return isId(raw.runId) && typeof raw.expression === 'string' && raw.expression.length <= MAX_FILTER_EXPRESSION
      ? { type: 'setFilter', runId: raw.runId, expression: raw.expression }
      : undefined;
  }
  if (isRecord(raw) && raw.type === 'showTable') {
    return isId(raw.runId) && isPath(raw.path) ? { type: 'showTable', runId: raw.runId, path: [...raw.path] } : undefined;
  }
  if (isRecord(raw) && raw.type === 'filterResult') {
    const result = parseFilterResult(raw.result);
    return isId(raw.runId) && result ? { type: 'filterResult', runId: raw.runId, result } : undefined;
  }
  if (!isRecord(raw) || raw.type !== 'show') {
    return undefined;
  }
  let view = raw.view;
  const rawText =
    raw.bodyRaw !== true ? undefined : typeof raw.bodyJson === 'string' ? raw.bodyJson : raw.bodyBytes instanceof Uint8Array ? new TextDecoder().decode(raw.bodyBytes) : undefined;
  if (rawText !== undefined && isRecord(view) && isRecord(view.body)) {
    let sent: unknown;
    try {
      sent = JSON.parse(rawText);
    } catch {
      return undefined;
    }
    if (!isRecord(sent)) {
      return undefined;
    }
    const body: Record<string, unknown> = {};
    if ('data' in sent) {
      body.data = isRecord(sent.data) ? sent.data : null;
    }
    if (view.body.errors !== undefined) {
      body.errors = view.body.errors;
    }
    if (isRecord(sent.extensions)) {
      body.extensions = sent.extensions;
    }
    view = { ...view, body };
  } else if (typeof raw.bodyJson === 'string' && isRecord(view) && view.body === undefined) {
    try {
      // JSON.parse does not recurse, so any depth parses.
      view = { ...view, body: JSON.parse(raw.bodyJson) as unknown };
    } catch {
      return undefined;
    }
  }
  return isRunResultView(view) ? { type: 'show', view } : undefined;
}

function parseFilterResult(x: unknown): FilterResultView | undefined {
  if (!isRecord(x) || typeof x.expression !== 'string') {
    return undefined;
  }
  if (x.ok === false) {
    return typeof x.message === 'string' ? { ok: false, expression: x.expression, message: x.message } : undefined;
  }
  if (x.ok !== true || typeof x.total !== 'number' || !Array.isArray(x.matches)) {
    return undefined;
  }
  const matches: FilterMatchView[] = [];
  for (const m of x.matches as unknown[]) {
    if (!isRecord(m) || typeof m.path !== 'string' || typeof m.valueJson !== 'string') {
      return undefined;
    }
    matches.push({ path: m.path, valueJson: m.valueJson, ...(m.cut === true ? { cut: true } : {}) });
  }
  return { ok: true, expression: x.expression, matches, total: x.total };
}

/**
 * The positions of an error a user can jump to: its `locations` entries with positive integer line
 * and column. Anything else in `locations` (a malformed server answer) is left out.
 */
export function errorPositions(error: { readonly locations?: unknown }): { line: number; column: number }[] {
  if (!Array.isArray(error.locations)) {
    return [];
  }
  return error.locations
    .filter((l): l is { line: number; column: number } => isRecord(l) && isPositiveInt(l.line) && isPositiveInt(l.column))
    .map((l) => ({ line: l.line, column: l.column }));
}

/** Text of the webview UI, localized by the extension (the webview has no `vscode.l10n`). `{0}` marks arguments. */
export interface ResultsStrings {
  /** The depth controls of very deep answers (`{0}` is a level). */
  readonly continueAtDepth: string;
  readonly backToDepth: string;
  readonly emptyTitle: string;
  readonly emptyHint: string;
  readonly anonymousOperation: string;
  readonly environment: string;
  readonly status: string;
  readonly noHttpAnswer: string;
  readonly duration: string;
  readonly size: string;
  readonly time: string;
  readonly copyJson: string;
  readonly saveJson: string;
  readonly openJson: string;
  readonly errorsHeading: string;
  readonly errorPath: string;
  readonly errorLocation: string;
  readonly errorLocationHint: string;
  readonly errorNoLocation: string;
  readonly dataHeading: string;
  readonly noData: string;
  readonly bodyHeading: string;
  readonly showMore: string;
  readonly showAll: string;
  readonly moreCharacters: string;
  readonly itemsCount: string;
  readonly oneItem: string;
  readonly keysCount: string;
  readonly oneKey: string;
  readonly firstBytes: string;
  readonly notKeptAcrossReload: string;
  readonly filterLabel: string;
  readonly filterPlaceholder: string;
  readonly filterMatches: string;
  readonly filterNoMatch: string;
  readonly filterMoreMatches: string;
  readonly filterCut: string;
  readonly tableList: string;
  readonly showTable: string;
  readonly showTree: string;
  readonly copyCsv: string;
  readonly saveCsv: string;
  readonly copyMarkdown: string;
  readonly tableRows: string;
  readonly runAgain: string;
  readonly pinResult: string;
  readonly responseHeading: string;
  readonly attempts: string;
  readonly timingDns: string;
  readonly timingConnect: string;
  readonly timingTls: string;
  readonly timingTunnel: string;
  readonly timingFirstByte: string;
  readonly timingDownload: string;
  readonly timingConnection: string;
  readonly connectionNew: string;
  readonly connectionReused: string;
  readonly connectionProxy: string;
  readonly connectionProxyTunnel: string;
  readonly connectionUnknown: string;
  /** The status line read out when a run's result arrives: operation, status, duration (or failure title). */
  readonly runAnnounce: string;
}
