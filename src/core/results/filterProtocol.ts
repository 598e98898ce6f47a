/** Messages between the extension host and the filter worker (filterWorker.ts). */
import type { FilterAnswer } from './jsonFilter';

/** Filter the answer of `runId` (its JSON text sent along the first time, or when the worker no longer has it). */
export interface FilterRequest {
  readonly id: number;
  readonly kind?: 'filter';
  readonly runId: string;
  readonly expression: string;
  readonly text?: string;
}

/** The answer, or `missing` when the worker does not have that run's answer (send it with `text`). */
export type FilterReply = { readonly id: number; readonly answer: FilterAnswer } | { readonly id: number; readonly missing: true };

/** Pretty-print an answer for a diff (keys sorted; see runCompare.comparableText), off the host's thread. */
export interface PrettyRequest {
  readonly id: number;
  readonly kind: 'pretty';
  readonly text: string;
}

/** The pretty text, or why the answer could not be read. */
export type PrettyReply = { readonly id: number; readonly pretty: string } | { readonly id: number; readonly error: string };
