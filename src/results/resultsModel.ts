import type { RunResultView } from '../shared/resultsMessages';

export type { RunResultView };

/**
 * A result whose body is a stored file's bytes (UTF-8 JSON), neither decoded nor parsed on the
 * extension host's thread (a run reopened from the history): they go to the page as bytes (VS Code
 * passes a Uint8Array by reference), which decodes and parses them; the filter worker reads them. `errors` are the answer's errors,
 * read and normalised in the worker as a live run's are (left out when the answer has none): the
 * page shows them from here, and the panel checks a jump to one against their places.
 */
export interface UnparsedResult {
  /** The view without its body. */
  readonly view: RunResultView;
  readonly bytes: Uint8Array;
  readonly errors?: NonNullable<RunResultView['body']>['errors'];
}

/** Shows run results; implemented by the results webview panel. */
export interface ResultsPresenter {
  /**
   * Shows (or replaces) the result in the one results panel, creating or revealing it. `body` is the
   * answer as the Service sent it, when the caller has it (the filter reads it off the host's thread).
   */
  show(view: RunResultView, body?: Uint8Array): void;
  /** As {@link show}, for a result whose body is a stored file's bytes that this thread never decodes or parses. */
  showUnparsed(result: UnparsedResult): void;
  /** A run is in flight (its label) or none is (undefined): the open panel says so in its title until the result comes. */
  running?(label: string | undefined): void;
}
