import { isRunResultView } from '../../shared/resultsMessages';
import type { ResultsCommand } from './resultsCommand';

/**
 * Internal commands for the integration tests (registered only when the extension host runs tests,
 * never contributed): show a result through the presenter, look at the panel, and post a message
 * as the webview would.
 */
export const testHooks: readonly ResultsCommand[] = [
  {
    id: 'tenantGraphql.internal.showResultForTest',
    run: (panel, view) => {
      if (!isRunResultView(view)) {
        throw new Error('showResultForTest needs a RunResultView');
      }
      panel.show(view);
      return panel.info();
    },
  },
  { id: 'tenantGraphql.internal.resultsPanelInfo', run: (panel) => panel.info() },
  { id: 'tenantGraphql.internal.resultsMessageForTest', run: (panel, message) => panel.receiveForTest(message) },
];
