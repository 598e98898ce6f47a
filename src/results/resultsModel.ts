import type { RunResultView } from '../shared/resultsMessages';

export type { RunResultView };

/** Shows run results; implemented by the results webview panel. */
export interface ResultsPresenter {
  /**
   * Shows (or replaces) the result in the one results panel, creating or revealing it. `body` is the
   * answer as the Service sent it, when the caller has it (the filter reads it off the host's thread).
   */
  show(view: RunResultView, body?: Uint8Array): void;
  /** A run is in flight (its label) or none is (undefined): the open panel says so in its title until the result comes. */
  running?(label: string | undefined): void;
}
