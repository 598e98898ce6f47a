import type { FeatureContext } from '../featureContext';
import type { ResultsPresenter } from './resultsModel';

export type { ResultsPresenter, RunResultView } from './resultsModel';

/**
 * Creates the results presenter (the results webview panel). Placeholder until the panel lands:
 * logs a one-line summary.
 */
export function createResultsPresenter(features: FeatureContext): ResultsPresenter & { dispose(): void } {
  return {
    show: (view) => features.logger.info(`[results] ${view.operationName ?? '(anonymous)'} -> ${view.status ?? 'no answer'}`),
    dispose: () => undefined,
  };
}
