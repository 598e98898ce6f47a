import type { ResultsPanel } from '../resultsPanel';

/** A command of the results feature: an id and a handler given the one results panel. */
export interface ResultsCommand {
  readonly id: string;
  run(panel: ResultsPanel, ...args: unknown[]): unknown;
}
