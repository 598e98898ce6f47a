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
import type { FragmentLookup } from './hostTemplates';
import { CODE_SELECTOR } from '../platform/codeFiles';
import { TemplateContext } from './templateContext';
import { RunPermission } from './runPermission';

export type { RunOutcome } from './runController';

/**
 * The run feature: Run Operation (command, CodeLens, keybinding) in .graphql files and in GraphQL
 * templates of code files, variables files (prompts,
 * completion, checks), server diagnostics, run history. Results go to the results feature's
 * presenter; requests go through the authenticated GraphQL client.
 */
export class RunFeature implements vscode.Disposable {
  private readonly disposables: vscode.Disposable;

  constructor(services: {
    readonly context: vscode.ExtensionContext;
    readonly logger: Logger;
    readonly auth: Pick<AuthService, 'activeEnvironment' | 'ensureAllowed'>;
    readonly graphql: GraphqlService;
    readonly schemas: Pick<Schemas, 'environmentSchema'>;
    readonly presenter: ResultsPresenter;
    /** The workspace's fragments (the language feature's index): spreads a run's document does not define. */
    readonly fragments?: FragmentLookup;
  }) {
    const { context, logger, auth, graphql, schemas, presenter, fragments } = services;
    const diagnostics = new ServerDiagnostics();
    const history = new HistoryStore(context.workspaceState);
    const schema = (signal?: AbortSignal) => schemas.environmentSchema(signal);
    const permission = new RunPermission(auth, context.globalState);
    const controller = new RunController({
      logger,
      graphql,
      activeEnvironment: () => auth.activeEnvironment()?.name,
      environment: () => auth.activeEnvironment(),
      presenter,
      diagnostics,
      history,
      schema,
      fragments,
      permit: (type, label) => permission.check(type, label),
    });
    this.disposables = vscode.Disposable.from(
      diagnostics,
      new SidecarSupport(schema, logger),
      vscode.languages.registerCodeLensProvider([{ language: 'graphql' }, ...CODE_SELECTOR], new RunCodeLensProvider()),
      new TemplateContext(),
      registerCommands(runCommands, { controller, history, presenter, accessToken: () => graphql.currentAccessToken() }, logger, 'run'),
    );
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
