import type { Command } from '../../platform/commands';
import type { ResultsPanel } from '../resultsPanel';

/** What the results feature's command handlers may use. */
export interface ResultsCommandServices {
  readonly panel: ResultsPanel;
}

/** One command of the results feature. */
export type ResultsCommand = Command<ResultsCommandServices>;
