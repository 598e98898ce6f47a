/**
 * The results page's link to the extension and its building blocks: the webview API (acquired once),
 * the texts the extension sent, posting messages (traced on the console), and text-only elements.
 */
import type { ResultsStrings, ResultsWebviewState, WebviewToExtensionMessage } from '../../shared/resultsMessages';
import { DEFAULT_DEPTH_STRINGS, type DepthStrings } from './treeView';

interface VsCodeApi {
  postMessage(message: WebviewToExtensionMessage): void;
  getState(): unknown;
  setState(state: ResultsWebviewState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

/** Marks the page's trace lines on its console (matched by scripts/integration/webviewRecord.mjs). */
const TRACE_PREFIX = '[tenant-graphql results page] ';

export const vscode = acquireVsCodeApi();
export const strings = readStrings();
export const depthStrings = readDepthStrings();

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

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
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
export function nameValueList(listClass: string, rowClass: string, pairs: readonly (readonly [string, string])[]): HTMLElement {
  const list = el('dl', listClass);
  for (const [name, value] of pairs) {
    const row = el('div', rowClass);
    row.append(el('dt', undefined, name), el('dd', undefined, value));
    list.append(row);
  }
  return list;
}

export function post(message: WebviewToExtensionMessage): void {
  trace(`post ${message.type}${'runId' in message ? ` ${message.runId}` : ''}`);
  vscode.postMessage(message);
}

/**
 * The page's life on the webview's console (its developer tools; the integration runner records
 * these lines): load, messages both ways, visibility. Only run ids and event names, no data.
 */
export function trace(event: string): void {
  console.debug(`${TRACE_PREFIX}${new Date().toISOString().slice(11, 23)} ${event}`);
}
