import * as vscode from 'vscode';
import { errorMessage, RestrictedModeError, ServerNotApprovedError } from './core/errors';
import { serverIdentity, serverKey, type Environment } from './core/auth';
import { redactingLogger, safeLogLine, type Logger } from './core/logger';
import { SecretRegistry } from './core/secretRegistry';
import { inert } from './core/text/inert';
import { EmbeddedFiles } from './core/embedded/templateSources';
import { ConfigurationService, reportSettingsProblems } from './services/config';
import { AuthFeature, type SignInTestApi } from './auth';
import { AuthService } from './services/auth';
import { GraphqlService, NotSignedInError } from './services/graphql';
import { SchemaFeature } from './schema';
import { BuilderFeature } from './builder';
import { Schemas } from './services/schemas';
import { LanguageFeature, type LanguageTestApi } from './language';
import { RUN_COMMAND_IDS_ON_DEMAND, RunFeature, type RunTestApi } from './run';
import { ResultsFeature, type ResultsTestApi } from './results';
import { registerSandboxFeature, SANDBOX_COMMAND_IDS } from './sandboxHost';
import { TYPES_COMMAND_IDS, TypesFeature, type TypesTestApi } from './codegen';
import { Network } from './platform/network';
import { createFilterClient } from './platform/filterWorker';
import { createLanguageWorkers } from './platform/languageWorker';
import { lazy } from './core/lazy';
import { TestingFeature } from './testing';
import { schemaVersionOf } from './core/testing/snapshot';
import { AgentToolsFeature, type AgentToolsTestApi } from './agentTools';
import type { FilterClient } from './core/results/filterClient';
import type { TestingTestApi } from './testing/testApi';

/** True in the development build only (scripts/build.mjs): the integration tests' hooks are not shipped. */
declare const __TEST_API__: boolean;
/** Set by the build: the on-demand bundle beside this one (./onDemand.ts). */
declare const __ON_DEMAND_MODULE__: string;

/** The code loaded on first use (./onDemand.ts), required on the first command that needs it, so activation loads less. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const onDemand = lazy(() => require(__ON_DEMAND_MODULE__) as typeof import('./onDemand'));

/** What `activate` returns while the extension host runs tests, in the development build (undefined otherwise). */
export interface TenantGraphqlTestApi {
  readonly results: ResultsTestApi;
  readonly language: LanguageTestApi;
  readonly types: TypesTestApi;
  readonly run: RunTestApi;
  readonly agentTools: AgentToolsTestApi;
  /** The Testing view's controller: its items and the verdicts its runs reported (the test-results API is proposed). */
  readonly testing: TestingTestApi;
  /** The question before a workspace's environment is used: answered by the test instead of a modal dialog. */
  readonly signIn: SignInTestApi;
  /** The text of the last schema-change notification, if one was shown. */
  readonly lastSchemaChangeNotice: () => string | undefined;
  /** Where the last schema change was compared (the language worker, or the host's thread). */
  readonly lastSchemaChangeWhere: () => 'worker' | 'host' | undefined;
  /** The schema's language status item as shown: `$(icon) Name schema · source · age`. */
  readonly schemaStatus: () => string;
  /** The account status bar item as shown: `$(icon) Environment: account`. */
  readonly accountStatus: () => string;
  /** The commands registered at activation with their code on demand, and the commands the on-demand bundle holds (loading it). */
  readonly onDemandCommands: () => { readonly registered: readonly string[]; readonly loaded: readonly string[] };
}

/**
 * Composition root: builds the four services (configuration, auth, schemas, the authenticated
 * GraphQL client) and hands them to the features (auth, schema, builder, language, run, results, types; and
 * the built-in Sandbox) by constructor injection. Every object that owns listeners is disposable and
 * pushed onto the context.
 */
export async function activate(context: vscode.ExtensionContext): Promise<TenantGraphqlTestApi | undefined> {
  const channel = vscode.window.createOutputChannel('Tenant GraphQL', { log: true });
  context.subscriptions.push(channel);
  // Every secret the auth core holds (state, verifier, code, tokens, client secrets) is registered while it lives; the logger replaces it in any encoding.
  const secrets = new SecretRegistry();
  try {
    const logger = redactingLogger(channel, secrets);
    const config = new ConfigurationService(context.workspaceState);
    // VS Code's proxy and certificate settings, for every request the extension makes itself.
    const network = new Network(logger);
    const auth = new AuthService(context, config, logger, secrets, network.fetch, (origin) => network.proxyFor(origin));
    const graphql = new GraphqlService(auth, logger, () => config.settings.requestTimeoutSeconds * 1000, network);
    const schemas = buildSchemas(context, logger, config, auth, graphql);
    const authFeature = new AuthFeature({ context, logger, channel, config, auth, fetch: network.fetch });
    // One filter worker for the window: the results panel's filter and Compare's pretty-printing.
    const filterWorker = createFilterClient(context.extensionPath);
    const results = new ResultsFeature({ context, logger, filterWorker });
    // The code files' GraphQL templates, scanned once for the language and run features.
    const embeddedFiles = new EmbeddedFiles();
    // The language worker: the workspace's re-validation, the references index build and the schema versions' diff, off this thread.
    const languageWorkers = createLanguageWorkers(context.extensionPath, (schema) => {
      const snapshot = schemas.all().find((s) => s.schema === schema);
      return snapshot && schemas.sourceOf(snapshot);
    });
    const language = new LanguageFeature(schemas, logger, embeddedFiles, config, languageWorkers, { formatCode: () => onDemand().formatCode });
    const schemaFeature = new SchemaFeature(schemas, logger, languageWorkers);
    const types = new TypesFeature({ context, config, schemas, language, logger, load: () => onDemand().types });
    const run = new RunFeature({
      context,
      logger,
      auth,
      ensureAllowed: (env, action) => authFeature.signIn.ensureAllowed(env, action),
      graphql,
      schemas,
      presenter: results.presenter,
      fragments: language.fragments,
      embeddedFiles,
      codeFiles: config,
      filterWorker,
      historyLimits: () => ({ maxRuns: config.settings.historyMaxRuns, maxMegabytes: config.settings.historyMaxMegabytes }),
      loadCommands: () => onDemand().runCommandsOnDemand,
    });
    const agentTools = buildAgentTools({ logger, config, auth, schemas, language, run, filterWorker });
    const testing = buildTesting({ logger, auth, graphql, run, schemas, config });
    context.subscriptions.push(
      agentTools,
      network,
      config,
      reportSettingsProblems(config),
      auth,
      graphql,
      schemas,
      authFeature,
      registerSandboxFeature({ context, logger, config, auth, load: () => onDemand().startSandboxFeature }),
      schemaFeature,
      new BuilderFeature({ schemas, templateTags: () => config.templateTags(), logger }),
      language,
      results,
      run,
      filterWorker,
      languageWorkers,
      types,
      testing,
    );
    await auth.initialize();
    config.settings.problems.forEach((problem) => logger.warn(`[config] ${problem}`));
    startLanguage(logger, schemas, language, types);
    logger.info(`[ext] Tenant GraphQL ${String(context.extension.packageJSON.version)} activated`);
    // The test API exists in the development build only (scripts/build.mjs removes it from the shipped one).
    if (__TEST_API__ && context.extensionMode === vscode.ExtensionMode.Test) {
      return testApi({ results, language, types, run, authFeature, schemaFeature, agentTools, testing });
    }
    return undefined;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    channel.error(safeLogLine(`[ext] activation failed: ${message}`, secrets));
    void vscode.window.showErrorMessage(
      inert(vscode.l10n.t('Tenant GraphQL could not start: {0}. See the "Tenant GraphQL" output for details.', inert(secrets.redact(message), { sink: 'notification' })), {
        sink: 'notification',
      }),
    );
    throw err;
  }
}

/**
 * The schemas service over the auth service and the GraphQL client: it knows an environment by its
 * name and server key (its schema is cached per server).
 */
function buildSchemas(context: vscode.ExtensionContext, logger: Logger, config: ConfigurationService, auth: AuthService, graphql: GraphqlService): Schemas {
  // The schema service knows an environment by its name and server key (its schema is cached per server).
  const schemaEnvironment = (env: Environment | undefined) => env && { name: env.name, key: serverKey(serverIdentity(env)) };
  // Two folders may name the same server (its schema is shared): requests go through an environment that may be used.
  const inUse = (schemaEnv: { key: string }) => {
    const same = config.environmentsInUse().filter((e) => serverKey(serverIdentity(e)) === schemaEnv.key);
    return same.find((e) => auth.isAllowed(e)) ?? same[0];
  };
  return new Schemas({
    storageDir: context.globalStorageUri.fsPath,
    logger,
    activeEnvironment: () => schemaEnvironment(auth.activeEnvironment()),
    environmentsInUse: () => config.environmentsInUse().map((e) => schemaEnvironment(e)!),
    environmentFor: (uri) => schemaEnvironment(config.environmentFor(uri)),
    activeFolder: () => config.activeFolderKey,
    sessionIdOf: async (schemaEnv) => {
      const env = inUse(schemaEnv);
      return env && auth.isAllowed(env) ? (await auth.sessionsOf(env))[0]?.id : undefined;
    },
    onDidChangeActive: auth.onDidChangeActive,
    execute: (request) => {
      const environment = inUse(request.environment);
      return environment ? graphql.execute({ ...request, environment }) : Promise.reject(new NotSignedInError(request.environment.name));
    },
    // Not signed in, Restricted Mode, a workspace's server not allowed: states, not failures (nothing was sent).
    isNotSignedIn: (err) => err instanceof NotSignedInError || err instanceof RestrictedModeError || err instanceof ServerNotApprovedError,
    ttlMs: () => config.settings.schemaTtlMinutes * 60_000,
    requestTimeoutMs: () => config.settings.requestTimeoutSeconds * 1000,
  });
}

/** Reads the schemas, then starts the language features and the generated types on them (in the background). */
function startLanguage(logger: Logger, schemas: Schemas, language: LanguageFeature, types: TypesFeature): void {
  void (async () => {
    await schemas.start();
    await language.start();
    types.start();
  })().catch((err: unknown) => logger.error(`[language] start failed: ${errorMessage(err)}`));
}

/** The Testing view's feature over the auth service, the GraphQL client, the environments' schemas and the run feature's permission. */
function buildTesting(parts: { logger: Logger; auth: AuthService; graphql: GraphqlService; run: RunFeature; schemas: Schemas; config: ConfigurationService }): TestingFeature {
  const { logger, auth, graphql, run, schemas, config } = parts;
  return new TestingFeature({
    logger,
    auth: { environments: () => auth.environments(), activeEnvironment: () => auth.activeEnvironment(), onDidChangeActive: auth.onDidChangeActive },
    execute: ({ environment, signal, query, variables, operationName }) =>
      graphql.execute({ environment, query, variables, ...(operationName ? { operationName } : {}), ...(signal ? { signal } : {}) }),
    permit: (type, label, environment) => run.permit(type, label, environment),
    schemas: {
      versionOf: (environment) => {
        const sha256 = schemas.environment.schemaOf(serverKey(serverIdentity(environment)))?.sha256;
        return sha256 === undefined ? undefined : schemaVersionOf(sha256);
      },
      environmentFor: (uri) => config.environmentFor(uri),
      onDidChange: schemas.onDidChange,
    },
  });
}

/** The API `activate` returns while the extension host runs tests (development build only). */
function testApi(f: {
  results: ResultsFeature;
  language: LanguageFeature;
  types: TypesFeature;
  run: RunFeature;
  authFeature: AuthFeature;
  schemaFeature: SchemaFeature;
  agentTools: AgentToolsFeature;
  testing: TestingFeature;
}): TenantGraphqlTestApi {
  const { results, language, types, run, authFeature, schemaFeature, agentTools, testing } = f;
  return {
    results: results.testApi!,
    language: language.testApi!,
    types: types.testApi!,
    run: run.testApi!,
    agentTools: agentTools.testApi!,
    testing: testing.testApi!,
    signIn: authFeature.signIn.testApi!,
    lastSchemaChangeNotice: () => schemaFeature.changes.last?.notice,
    lastSchemaChangeWhere: () => schemaFeature.changes.last?.where,
    schemaStatus: () => schemaFeature.status.text,
    accountStatus: () => authFeature.statusBar.text,
    onDemandCommands: () => ({
      registered: [...SANDBOX_COMMAND_IDS, ...RUN_COMMAND_IDS_ON_DEMAND, ...TYPES_COMMAND_IDS],
      loaded: [...onDemand().sandboxCommands, ...onDemand().runCommandsOnDemand, ...onDemand().types.typesCommands].map((c) => c.id),
    }),
  };
}

/**
 * The language-model tools over the services and the language and run features' parts: the
 * environments and sessions (never a credential), each environment's schema, the editor's
 * validation and the person's run path.
 */
function buildAgentTools(parts: {
  logger: Logger;
  config: ConfigurationService;
  auth: AuthService;
  schemas: Schemas;
  language: LanguageFeature;
  run: RunFeature;
  filterWorker: FilterClient;
}): AgentToolsFeature {
  const { logger, config, auth, schemas, language, run, filterWorker } = parts;
  return new AgentToolsFeature({
    logger,
    enabled: () => config.settings.languageModelTools,
    trusted: () => auth.trusted,
    environments: () => auth.environments(),
    activeEnvironment: () => auth.activeEnvironment(),
    isAllowed: (env) => auth.isAllowed(env),
    account: async (env) => (await auth.sessionsOf(env))[0]?.account.label,
    schemaOf: (env, signal) => schemas.environmentSchema(signal, undefined, { name: env.name, key: serverKey(serverIdentity(env)) }),
    sdlViewOf: (schema) => schemas.sdlViewOf(schema),
    validate: (text, schema) => language.validateText(text, schema),
    run: (request, permit) => run.runFor(request, permit),
    filter: (runId, expression, text) => filterWorker.filter(runId, expression, text),
  });
}

/** Nothing to do: everything is disposed through `context.subscriptions`. */
export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
