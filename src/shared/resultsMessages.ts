/**
 * Messages between the extension and the results webview, both ways, and their validation.
 * Pure TypeScript: imported by the extension (src/results) and by the webview bundle (src/webview).
 * Every message that crosses the boundary is checked with the parse functions before use. Here:
 * the extension's messages to the page; the view and its checks (resultView.ts), the page's
 * messages (webviewMessages.ts) and the page's texts (resultsStrings.ts) are re-exported.
 */
import { DEEP_JSON_LEVELS, nestingDepth, stringifyJson } from './deepJson';
import { isId, isRecord, isRunResultView, type RunResultView } from './resultView';
import { isPath, MAX_FILTER_EXPRESSION } from './webviewMessages';

export * from './resultView';
export * from './resultsStrings';
export * from './webviewMessages';

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
 * The `show` message for a run reopened from the history: its answer as the stored file's bytes
 * (UTF-8 JSON: the page decodes and parses them; the extension host never does; a string, from
 * older callers, goes as text) and its errors as the filter worker read and normalised them, the
 * way a large live answer goes (see {@link ShowMessage.bodyRaw}). `view` has no body.
 */
export function storedShowMessage(view: RunResultView, stored: Uint8Array | string, errors: NonNullable<RunResultView['body']>['errors']): ShowMessage {
  const sent = typeof stored === 'string' ? { bodyJson: stored } : { bodyBytes: plainBytes(stored) };
  return { type: 'show', view: { ...view, body: errors ? { errors } : {} }, ...sent, bodyRaw: true };
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
