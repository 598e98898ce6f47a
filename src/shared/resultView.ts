/**
 * What the results panel shows for one run, what the page keeps of it across reloads, and the checks
 * of both (a view from a message or a restored state is trusted only once checked). Pure TypeScript:
 * imported by the extension and by the webview bundle (through resultsMessages.ts).
 */
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
 * Where the final request's time went, phase by phase (milliseconds, rounded to 0.1; a phase not
 * measured is absent: src/core/http/requestTiming.ts measures it). DNS, connect and TLS only for a
 * connection opened for this request (`connection: 'new'`); a reused connection or a proxy's tunnel says so.
 */
export interface ResponseTiming {
  /** How the request got its connection. */
  readonly connection: 'new' | 'reused' | 'proxy' | 'unknown';
  /** Name resolution (absent for an address given as an IP, or a connection not opened for this request). */
  readonly dnsMs?: number;
  /** TCP connect. */
  readonly connectMs?: number;
  /** TLS handshake with the server (https only; through a proxy, over the tunnel). */
  readonly tlsMs?: number;
  /** Through a proxy: from connected to the proxy to its answer to CONNECT (DNS and connect are then the proxy's). */
  readonly tunnelMs?: number;
  /** From the request sent to the first byte of the answer (its headers). */
  readonly firstByteMs?: number;
  /** From the headers to the last byte of the body. */
  readonly downloadMs?: number;
}

/** The webview panel's view type (also the `onWebviewPanel:` activation event and the serializer's key). */
export const RESULTS_VIEW_TYPE = 'tenantGraphql.results';

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
/** Largest run id accepted (run ids are short). */
const MAX_ID = 200;

export function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

export function isPositiveInt(x: unknown): x is number {
  return typeof x === 'number' && Number.isInteger(x) && x >= 1 && x <= MAX_POSITION;
}

export function isId(x: unknown): x is string {
  return typeof x === 'string' && x.length > 0 && x.length <= MAX_ID;
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
