import * as vscode from 'vscode';
import type { FilterClient } from '../core/results/filterClient';
import type { Logger } from '../core/logger';
import type { AuthService } from '../services/auth';
import type { GraphqlService } from '../services/graphql';
import type { CodeFileSettings } from '../services/config';
import type { ResultsPresenter } from '../results';
import type { Schemas } from '../services/schemas';
import { registerCommands, registerCommandsOnDemand } from '../platform/commands';
import { RUN_COMMAND_IDS_ON_DEMAND, runCommands, type RunCommand, type RunCommandServices } from './commands';
import { HistoryStore, type HistoryLimits } from './historyStore';
import { HistoryView, type HistoryRow } from './historyView';
import { RunDiff } from './runDiff';
import { RunCodeLensProvider } from './runCodeLens';
import { RunController, type RunControllerDeps } from './runController';
import type { VariablesSchema } from './runVariables';
import { ServerDiagnostics } from './serverDiagnostics';
import { SidecarSupport } from './sidecarSupport';
import { HostTemplates, type FragmentLookup } from './hostTemplates';
import type { EmbeddedFiles } from '../core/embedded/templateSources';
import { CODE_SELECTOR } from '../platform/codeFiles';
import { TemplateContext } from './templateContext';
import { RunPermission, type ServerPermission } from './runPermission';
import { setContextKey } from '../platform/contextKeys';
import { RunProgress } from './runProgress';
import { serverIdentity, serverKey } from '../core/auth';

export type { HistoryRow } from './historyView';
export { RUN_COMMAND_IDS_ON_DEMAND } from './commands';

/** True in the development build only (scripts/build.mjs): the integration tests' hooks are not shipped. */
declare const __TEST_API__: boolean;

/** What the integration tests read of the run feature (never a command). */
export interface RunTestApi {
  /** The History view's rows as a person sees them (after the history was first read). */
  historyRows(): Promise<HistoryRow[]>;
  /** The folder the history is kept in (a second store on it sees what a reload would). */
  readonly historyDir: string;
  /** Reads the history folder again, as the window does when it gets the focus (runs another store wrote). */
  reloadHistory(): Promise<void>;
  /** The runs in flight and the status bar item's text (empty when hidden). */
  runProgress(): { inFlight: number; text: string };
}

/** What the run feature is built from (the composition root's services and the other features' parts). */
export interface RunFeatureServices {
  readonly context: vscode.ExtensionContext;
  readonly logger: Logger;
  readonly auth: Pick<AuthService, 'activeEnvironment' | 'environmentFor' | 'environments' | 'sessionsOf' | 'onDidChangeActive'>;
  /** Asks the person before a workspace's server is used (the auth feature's sign-in flow, injected by the root). */
  readonly ensureAllowed: ServerPermission;
  readonly graphql: GraphqlService;
  readonly schemas: Pick<Schemas, 'environmentSchema'>;
  readonly presenter: ResultsPresenter;
  /** The workspace's fragments (the language feature's index): spreads a run's document does not define. */
  readonly fragments?: FragmentLookup;
  /** The history's limits on disk (`tenantGraphql.history.*`), read at each write. */
  readonly historyLimits: () => HistoryLimits;
  /** The window's one cache of code files' GraphQL templates (shared with the language feature). */
  readonly embeddedFiles: EmbeddedFiles;
  /** `tenantGraphql.embedded.tags` and `tenantGraphql.codeLens.*`, through the configuration service. */
  readonly codeFiles: CodeFileSettings;
  /** The window's filter worker (the composition root's; shared with the results panel's filter): pretty-prints answers for Compare. */
  readonly filterWorker: FilterClient;
  /** The export and compare commands (RUN_COMMAND_IDS_ON_DEMAND), from the on-demand bundle: called on the first of them. */
  readonly loadCommands: () => readonly RunCommand[];
}

/**
 * The run feature: Run Operation (command, CodeLens, keybinding) in .graphql files and in GraphQL
 * templates of code files, variables files (prompts,
 * completion, checks), server diagnostics, run history. Results go to the results feature's
 * presenter; requests go through the authenticated GraphQL client.
 */
export class RunFeature implements vscode.Disposable {
  private readonly disposables: vscode.Disposable;
  private readonly history: HistoryStore;
  private readonly historyView: HistoryView;
  private readonly historyDir: string;
  private readonly progress: RunProgress;
  /** Whether a run may go ahead (the server allowed, a mutation refused or confirmed): what the Testing view asks too. */
  readonly permit: NonNullable<RunControllerDeps['permit']>;
  private readonly controller: RunController;

  /** What the integration tests reach: set in the development build only (`__TEST_API__`, scripts/build.mjs). */
  declare readonly testApi: RunTestApi | undefined;

  constructor(services: RunFeatureServices) {
    const { logger, auth, graphql, schemas, presenter } = services;
    const diagnostics = new ServerDiagnostics();
    const worker = services.filterWorker;
    const { history, dir } = createHistory(services);
    this.historyDir = dir;
    const historyView = new HistoryView(history);
    const diff = new RunDiff(history, (bytes) => worker.pretty(bytes));
    this.history = history;
    this.historyView = historyView;
    const schema = variablesSchema(schemas);
    const templates = new HostTemplates(services.embeddedFiles, () => services.codeFiles.templateTags());
    const progress = new RunProgress((label) => presenter.running?.(label));
    this.progress = progress;
    const permission = new RunPermission(services.auth, services.ensureAllowed, services.context.globalState);
    this.permit = (type, label, environment) => permission.check(type, label, environment);
    const controller = createController(services, { diagnostics, history, schema, templates, progress }, this.permit);
    this.controller = controller;
    const lenses = new RunCodeLensProvider(templates, (uri) => auth.environmentFor(uri)?.name, auth.onDidChangeActive, services.codeFiles);
    const commandServices: RunCommandServices = {
      logger,
      controller,
      history,
      historyView,
      diff,
      presenter,
      signedInElsewhere: (uri) => signedInElsewhere(auth, uri),
      accessToken: (environment) => graphql.accessTokenFor(environment),
      ensureAllowed: services.ensureAllowed,
    };
    // Show/Clear/Search Run History and Compare Runs are in the palette once a run is kept.
    const hasHistory = () => setContextKey('tenantGraphql.hasHistory', history.list().length > 0);
    void history.ready.then(hasHistory);
    this.disposables = vscode.Disposable.from(
      history.onDidChange(hasHistory),
      progress,
      history,
      historyView,
      diff,
      diagnostics,
      new SidecarSupport(schema, logger, () => services.codeFiles.templateTags()),
      lenses,
      vscode.languages.registerCodeLensProvider([{ language: 'graphql' }, ...CODE_SELECTOR], lenses),
      new TemplateContext(templates),
      registerCommands(runCommands, commandServices, logger, 'run'),
      registerCommandsOnDemand(RUN_COMMAND_IDS_ON_DEMAND, () => ({ commands: services.loadCommands(), services: commandServices }), logger, 'run'),
    );
    if (__TEST_API__) {
      this.testApi = {
        historyRows: async () => {
          await this.history.ready;
          return this.historyView.rows();
        },
        historyDir: this.historyDir,
        reloadHistory: () => this.history.reload(),
        runProgress: () => ({ inFlight: this.progress.inFlight, text: this.progress.text }),
      };
    }
  }

  /**
   * Runs an operation as Run Operation does (variables checked, sent with the person's session,
   * shown, kept in History), asking `permit` before sending instead of the person's run's
   * questions: a language-model tool's run, whose confirmation happened in the chat.
   */
  runFor(
    args: { uri: vscode.Uri; operationName?: string; variables: Record<string, unknown>; environment: string; cancellation?: vscode.CancellationToken },
    permit: RunPermitCheck,
  ) {
    return this.controller.run(args, permit);
  }

  dispose(): void {
    this.disposables.dispose();
  }
}

/** What a run asks before sending: go, or not (with the failure to tell). */
export type RunPermitCheck = NonNullable<RunControllerDeps['permit']>;

/**
 * The environments other than a document's own that have a session (Run on Another Environment
 * offers them): the document's folder's environments (the active editor's folder's without a document).
 */
async function signedInElsewhere(auth: Pick<AuthService, 'activeEnvironment' | 'environmentFor' | 'environments' | 'sessionsOf'>, uri?: vscode.Uri): Promise<string[]> {
  const current = (uri ? auth.environmentFor(uri) : auth.activeEnvironment())?.name;
  const names: string[] = [];
  for (const env of auth.environments(uri)) {
    if (env.name !== current && (await auth.sessionsOf(env)).length > 0) {
      names.push(env.name);
    }
  }
  return names;
}

/** The run history in the workspace's storage (the global one in a window without a folder): pinned and recent runs with their results. */
function createHistory(services: RunFeatureServices): { history: HistoryStore; dir: string } {
  const { context, logger } = services;
  const storage = context.storageUri ?? vscode.Uri.joinPath(context.globalStorageUri, 'no-workspace');
  const dir = vscode.Uri.joinPath(storage, 'history').fsPath;
  const worker = services.filterWorker;
  const history = new HistoryStore({
    dir,
    limits: services.historyLimits,
    logger,
    legacyState: context.workspaceState,
    // A reopened run's answer is read in the worker (5 MB: 30-90 ms of JSON.parse), never on this thread.
    read: (runId, text) => worker.read(runId, text),
  });
  return { history, dir };
}

/** The schema a run's variables are checked against: the named environment's, else the document's environment's. */
function variablesSchema(schemas: RunFeatureServices['schemas']): VariablesSchema {
  return (signal, uri, environment) => schemas.environmentSchema(signal, uri, environment && { name: environment.name, key: serverKey(serverIdentity(environment)) });
}

/** The run controller, wired to the services (permission asked before sending, environments of the document's folder). */
function createController(
  services: RunFeatureServices,
  parts: Pick<RunControllerDeps, 'diagnostics' | 'history' | 'schema' | 'templates' | 'progress'>,
  permit: NonNullable<RunControllerDeps['permit']>,
): RunController {
  const { logger, auth, graphql, presenter, fragments } = services;
  return new RunController({
    ...parts,
    logger,
    graphql,
    activeEnvironment: () => auth.activeEnvironment()?.name,
    environment: () => auth.activeEnvironment(),
    presenter,
    fragments,
    permit,
    // The document's folder's environments (in a multi-root workspace each folder may define its own), not the active editor's folder's.
    environmentNamed: (name, uri) => auth.environments(uri).find((e) => e.name === name),
    environmentFor: (uri) => auth.environmentFor(uri),
  });
}
