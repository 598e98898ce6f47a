import * as vscode from 'vscode';
import type { FeatureContext } from '../featureContext';
import { errorMessage } from '../core/errors';
import { INTROSPECTION_QUERY } from '../core/schema/loadSchema';
import { NotSignedInError } from '../service/serviceClient';
import { SchemaService, type SchemaSnapshot } from '../schema/schemaService';
import { FolderSchemas } from '../schema/folderSchemas';
import { SchemaStatusBar } from '../schema/statusBar';
import { SDL_SCHEME, SdlViewProvider } from '../schema/sdlView';
import { SchemaExplorer } from '../schema/explorer';
import { publishSchemaAccess } from '../schema/index';
import { LanguageHost } from './languageHost';
import { registerProviders } from './providers';
import { DiagnosticsManager } from './diagnostics';
import { WorkspaceIndexer } from './workspaceIndex';
import { registerLanguageCommands } from './commands';

/** Id of the schema explorer view (package.json `contributes.views`). */
export const SCHEMA_EXPLORER_VIEW = 'tenantGraphql.schemaExplorer';

/** Introspection can be large and slow on big tenants; longer than a normal operation's timeout. */
const INTROSPECTION_TIMEOUT_MS = 120_000;

/** Language features from the live schema: schema service, providers, explorer, SDL view. */
export function registerLanguageFeature(features: FeatureContext): vscode.Disposable {
  const { context, logger, config, auth, service } = features;
  const disposables: vscode.Disposable[] = [];
  const interactive = { refreshes: 0 };
  const told = new Set<string>();
  const tellOnce = (key: string, show: () => void) => {
    if (!told.has(key)) {
      told.add(key);
      show();
    }
  };

  const schemas = new SchemaService({
    storageDir: context.globalStorageUri.fsPath,
    logger,
    activeEnvironment: () => auth.activeEnvironment()?.name,
    activeSessionId: async () => (await auth.activeSession())?.id,
    onDidChangeActive: auth.onDidChangeActive,
    introspect: async (signal) => (await service.execute({ query: INTROSPECTION_QUERY, signal, timeoutMs: INTROSPECTION_TIMEOUT_MS })).body,
    isNotSignedIn: (err) => err instanceof NotSignedInError,
    ttlMs: () => config.settings.schemaTtlMinutes * 60_000,
  });
  const folders = new FolderSchemas(logger, (message, _folder, configFile) =>
    tellOnce(`folder:${message}`, () => {
      const open = vscode.l10n.t('Open Config');
      void vscode.window
        .showWarningMessage(message, ...(configFile ? [open] : []))
        .then((c) => (c ? vscode.window.showTextDocument(vscode.Uri.file(configFile)) : undefined));
    }),
  );
  const host = new LanguageHost(schemas, folders);
  const indexer = new WorkspaceIndexer(host.index, logger);
  const activeGraphqlUri = () => {
    const doc = vscode.window.activeTextEditor?.document;
    return doc?.languageId === 'graphql' && doc.uri.scheme !== SDL_SCHEME ? doc.uri : undefined;
  };
  const explorer = new SchemaExplorer(() => {
    const uri = activeGraphqlUri();
    return uri ? host.snapshotFor(uri) : schemas.current();
  });
  const explorerView = vscode.window.createTreeView(SCHEMA_EXPLORER_VIEW, { treeDataProvider: explorer, showCollapseAll: true });
  const sdl = new SdlViewProvider((key) => {
    const snapshot = host.snapshotByKey(key);
    return snapshot ? host.serviceOf(snapshot.schema).schemaView() : undefined;
  });
  const refreshSdlViews = () => {
    const all: SchemaSnapshot[] = [...folders.all().map((e) => e.snapshot)];
    const env = schemas.current();
    if (env) {
      all.push(env);
    }
    for (const s of all) {
      sdl.refresh(s);
    }
  };

  disposables.push(
    schemas,
    folders,
    host,
    indexer,
    explorer,
    explorerView,
    sdl,
    vscode.workspace.registerTextDocumentContentProvider(SDL_SCHEME, sdl),
    new SchemaStatusBar(
      schemas,
      () => {
        const uri = activeGraphqlUri();
        const entry = uri ? folders.forUri(uri) : undefined;
        return entry ? { snapshot: entry.snapshot, problem: entry.problem } : undefined;
      },
      folders.onDidChange,
    ),
    registerProviders(host, logger),
    new DiagnosticsManager(host, indexer.onDidChangeIndex, logger),
    registerLanguageCommands({ logger, schemas, host, explorer, explorerView, interactive }),
    publishSchemaAccess({
      current: () => schemas.current(),
      snapshotFor: (uri) => host.snapshotFor(uri),
      onDidChangeSchemas: host.onDidChangeSchemas,
    }),
    host.onDidChangeSchemas(() => {
      explorer.refresh(true);
      refreshSdlViews();
    }),
    vscode.window.onDidChangeActiveTextEditor(() => explorer.refresh()),
    schemas.onDidChangeSchema((snapshot) => {
      if (snapshot && snapshot.warnings.length > 0) {
        tellOnce(`warnings:${snapshot.key}:${snapshot.sha256 ?? ''}`, () => {
          void vscode.window.showWarningMessage(
            vscode.l10n.t(
              'The schema of {0} has {1} problem(s) (for example: {2}). It is used anyway; see the log for all of them.',
              snapshot.label,
              snapshot.warnings.length,
              snapshot.warnings[0],
            ),
          );
        });
      }
    }),
    schemas.onDidChangeState((state) => {
      // A person who clicked Refresh gets that command's message; background refreshes say it once per failure.
      if (state.kind === 'failed' && interactive.refreshes === 0 && schemas.shouldAnnounceFailure(state.reason)) {
        const env = schemas.environmentName ?? '';
        const kept = schemas.current()
          ? vscode.l10n.t('The last good schema stays in use.')
          : vscode.l10n.t('Completion and validation need the schema: refresh it when the Service is reachable.');
        const retry = vscode.l10n.t('Try Again');
        void vscode.window
          .showWarningMessage(vscode.l10n.t('Could not refresh the schema of {0}: {1} {2}', env, state.reason, kept), retry)
          .then((c) => (c ? vscode.commands.executeCommand('tenantGraphql.refreshSchema') : undefined));
      }
    }),
  );

  void (async () => {
    await folders.start();
    await schemas.start();
    await indexer.start();
  })().catch((err: unknown) => logger.error(`[language] start failed: ${errorMessage(err)}`));

  return vscode.Disposable.from(...disposables.reverse());
}
