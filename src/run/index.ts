import * as vscode from 'vscode';
import type { FeatureContext } from '../featureContext';
import { createResultsPresenter } from '../results';
import { clearHistory } from './clearHistory';
import { HistoryStore } from './historyStore';
import { registerRunCommands, type RunCommandDefinition } from './runCommands';
import { RunCodeLensProvider } from './runCodeLens';
import { RunController } from './runController';
import { runOperation } from './runOperation';
import { introspectionSchemaSource } from './schemaSource';
import { ServerDiagnostics } from './serverDiagnostics';
import { showHistory } from './showHistory';
import { SidecarSupport } from './sidecarSupport';

/** The run feature's commands (each must also be in package.json `contributes.commands`). */
export const runCommands: readonly RunCommandDefinition[] = [runOperation, showHistory, clearHistory];

/** Run operations: commands, CodeLens, variables, server diagnostics, results, history. */
export function registerRunFeature(features: FeatureContext): vscode.Disposable {
  const presenter = createResultsPresenter(features);
  const diagnostics = new ServerDiagnostics();
  const history = new HistoryStore(features.context.workspaceState);
  const schema = introspectionSchemaSource(features);
  const controller = new RunController(features, presenter, diagnostics, history, schema);
  return vscode.Disposable.from(
    presenter,
    diagnostics,
    new SidecarSupport(schema, features.logger),
    vscode.languages.registerCodeLensProvider({ language: 'graphql' }, new RunCodeLensProvider()),
    registerRunCommands({ logger: features.logger, controller, history, presenter }, runCommands),
  );
}
