import * as vscode from 'vscode';
import type { Logger } from '../core/logger';
import type { AuthService } from '../auth';
import type { GraphqlService } from '../graphql';
import type { ResultsPresenter } from '../results';
import type { Schemas } from '../schema';
import { registerCommands } from '../platform/commands';
import { runCommands } from './commands';
import { HistoryStore } from './historyStore';
import { RunCodeLensProvider } from './runCodeLens';
import { RunController } from './runController';
import { ServerDiagnostics } from './serverDiagnostics';
import { SidecarSupport } from './sidecarSupport';

export type { RunOutcome } from './runController';

/**
 * The run feature: Run Operation (command, CodeLens, keybinding), variables files (prompts,
 * completion, checks), server diagnostics, run history. Results go to the results feature's
 * presenter; requests go through the authenticated GraphQL client.
 */
export class RunFeature implements vscode.Disposable {
  private readonly disposables: vscode.Disposable;

  constructor(services: {
    readonly context: vscode.ExtensionContext;
    readonly logger: Logger;
    readonly auth: Pick<AuthService, 'activeEnvironment'>;
    readonly graphql: GraphqlService;
    readonly schemas: Pick<Schemas, 'environmentSchema'>;
    readonly presenter: ResultsPresenter;
  }) {
    const { context, logger, auth, graphql, schemas, presenter } = services;
    const diagnostics = new ServerDiagnostics();
    const history = new HistoryStore(context.workspaceState);
    const schema = (signal?: AbortSignal) => schemas.environmentSchema(signal);
    const controller = new RunController({
      logger,
      graphql,
      activeEnvironment: () => auth.activeEnvironment()?.name,
      presenter,
      diagnostics,
      history,
      schema,
    });
    this.disposables = vscode.Disposable.from(
      diagnostics,
      new SidecarSupport(schema, logger),
      vscode.languages.registerCodeLensProvider({ language: 'graphql' }, new RunCodeLensProvider()),
      registerCommands(runCommands, { controller, history, presenter }, logger, 'run'),
    );
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
