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
  /** A failure without a usable body: what happened and what to do, plus the first bytes as text. */
  readonly failure?: { readonly title: string; readonly message: string; readonly bodyText?: string };
}

/** Shows run results; implemented by the results webview panel. */
export interface ResultsPresenter {
  /** Shows (or replaces) the result in the one results panel, creating or revealing it. */
  show(view: RunResultView): void;
}
