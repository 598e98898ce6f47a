/** Messages between the extension host and the filter worker (filterWorker.ts). */
import type { FilterAnswer } from './jsonFilter';

/** Filter the answer of `runId` (its JSON text sent along the first time, or when the worker no longer has it). */
export interface FilterRequest {
  readonly id: number;
  readonly runId: string;
  readonly expression: string;
  readonly text?: string;
}

/** The answer, or `missing` when the worker does not have that run's answer (send it with `text`). */
export type FilterReply = { readonly id: number; readonly answer: FilterAnswer } | { readonly id: number; readonly missing: true };
