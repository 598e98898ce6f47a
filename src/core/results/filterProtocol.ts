/** Messages between the extension host and the filter worker (filterWorker.ts). */
import type { TableExportFormat, TableSort } from '../../shared/resultsMessages';
import type { FilterAnswer } from './jsonFilter';

/**
 * Filter the answer of `runId` (its JSON text, or its UTF-8 bytes as the Service sent them, sent
 * along the first time, or when the worker no longer has it).
 */
export interface FilterRequest {
  readonly id: number;
  readonly kind?: 'filter';
  readonly runId: string;
  readonly expression: string;
  readonly text?: string | Uint8Array;
}

/** The answer, or `missing` when the worker does not have that run's answer (send it with `text`). */
export type FilterReply = { readonly id: number; readonly answer: FilterAnswer } | { readonly id: number; readonly missing: true };

/**
 * Pretty-print an answer, off the host's thread: for a diff (keys sorted; see runCompare.comparableText),
 * or as it is with two spaces (`sortKeys: false`: Copy JSON, Save to File, Open as JSON of a stored run).
 */
export interface PrettyRequest {
  readonly id: number;
  readonly kind: 'pretty';
  /** The answer's JSON text, or its UTF-8 bytes (a stored file as read: decoded in the worker). */
  readonly text: string | Uint8Array;
  readonly sortKeys?: boolean;
}

/** The pretty text, or why the answer could not be read. */
export type PrettyReply = { readonly id: number; readonly pretty: string } | { readonly id: number; readonly error: string };

/**
 * Read a stored answer's JSON text (a run reopened from the history): parsed in the worker, kept
 * for the filter under `runId`, and checked to be a JSON object.
 */
export interface ReadRequest {
  readonly id: number;
  readonly kind: 'read';
  readonly runId: string;
  /** The stored file's UTF-8 bytes as read (decoded here, never on the host's thread), or its JSON text. */
  readonly text: string | Uint8Array;
}

/** An answer's errors as a live run's are (graphqlResponse.normaliseErrors: each `message` a string). */
export type ReadErrors = readonly {
  readonly message: string;
  readonly locations?: readonly { readonly line: number; readonly column: number }[];
  readonly path?: readonly (string | number)[];
  readonly extensions?: Record<string, unknown>;
}[];

/**
 * The answer's errors, normalised (`errors` left out when the answer has none), or why the text is
 * not an answer. The panel shows them and checks a `reveal` against their places.
 */
export type ReadReply = { readonly id: number; readonly read: true; readonly errors?: ReadErrors } | { readonly id: number; readonly error: string };

/** A list of a stored answer as CSV or a Markdown table (shared/table.ts), in the worker. */
export interface TableRequest {
  readonly id: number;
  readonly kind: 'table';
  /** The answer's JSON text, or its UTF-8 bytes (decoded in the worker). */
  readonly text: string | Uint8Array;
  readonly path: readonly (string | number)[];
  readonly format: TableExportFormat;
  readonly sort?: TableSort;
}

/** The table's text and row count; `text` undefined when there is no list at the path. */
export type TableReply = { readonly id: number; readonly table?: { readonly text: string; readonly rows: number } } | { readonly id: number; readonly error: string };

export type WorkerRequest = FilterRequest | PrettyRequest | ReadRequest | TableRequest;
export type WorkerReply = FilterReply | PrettyReply | ReadReply | TableReply;
