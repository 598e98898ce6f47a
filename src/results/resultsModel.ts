import type { RunResultView } from '../shared/resultsMessages';

export type { RunResultView };

/** Shows run results; implemented by the results webview panel. */
export interface ResultsPresenter {
  /** Shows (or replaces) the result in the one results panel, creating or revealing it. */
  show(view: RunResultView): void;
}
