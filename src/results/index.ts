import * as vscode from 'vscode';
import type { FeatureContext } from '../featureContext';
import { RESULTS_VIEW_TYPE } from '../shared/resultsMessages';
import type { ResultsPresenter } from './resultsModel';
import { ResultsPanel } from './resultsPanel';
import { registerResultsCommands } from './commands';

export type { ResultsPresenter, RunResultView } from './resultsModel';

/**
 * Creates the results presenter: the one results webview panel, its serializer (restores the panel
 * after a reload) and the Show Results command. Call it once, during activation (the serializer
 * must be registered then for VS Code to restore the panel), and dispose it with the extension.
 */
export function createResultsPresenter(features: FeatureContext): ResultsPresenter & { dispose(): void } {
  const { context, logger } = features;
  const panel = new ResultsPanel(context.extensionUri, logger);
  const registrations = vscode.Disposable.from(
    panel,
    vscode.window.registerWebviewPanelSerializer(RESULTS_VIEW_TYPE, {
      deserializeWebviewPanel: (restored, state: unknown) => {
        panel.restore(restored, state);
        return Promise.resolve();
      },
    }),
    registerResultsCommands(panel, logger, context.extensionMode === vscode.ExtensionMode.Test),
  );
  return {
    show: (view) => panel.show(view),
    dispose: () => registrations.dispose(),
  };
}
