import * as vscode from 'vscode';
import type { Logger } from '../core/logger';
import type { RemoteSchemaDiff } from '../core/schema/schemaDiff';
import { registerCommands } from '../platform/commands';
import { schemaCommands } from './commands';
import { SchemaExplorer } from './explorer';
import { SchemaChanges } from './schemaChanges';
import { activeGraphqlUri, SDL_SCHEME, type Schemas } from '../services/schemas';
import { SdlViewProvider } from './sdlView';
import { SchemaStatusBar } from './statusBar';
import { inert } from '../core/text/inert';
import { setContextKey } from '../platform/contextKeys';

/** Id of the schema explorer view (package.json `contributes.views`). */
export const SCHEMA_EXPLORER_VIEW = 'tenantGraphql.schemaExplorer';

/**
 * The schema feature: the schema explorer, the read-only SDL views, the schema status bar item,
 * the schema commands, and the notices about schema problems and failed background refreshes.
 * It shows what the schemas service holds; it never loads a schema itself.
 */
export class SchemaFeature implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  /** Schema-change notices and the "Schema changes" view. */
  readonly changes: SchemaChanges;
  /** The schema's language status item (its text is read by tests). */
  readonly status: SchemaStatusBar;
  /** Notices already shown (a problem is told once per session). */
  private readonly told = new Set<string>();

  /** @param remote the language worker, where schema versions are compared when it can */
  constructor(
    private readonly schemas: Schemas,
    logger: Logger,
    remote?: RemoteSchemaDiff,
  ) {
    const explorer = new SchemaExplorer(() => {
      const uri = activeGraphqlUri();
      return uri ? schemas.schemaFor(uri) : schemas.current();
    });
    const explorerView = vscode.window.createTreeView(SCHEMA_EXPLORER_VIEW, { treeDataProvider: explorer, showCollapseAll: true });
    this.changes = new SchemaChanges(schemas, logger, remote);
    this.status = new SchemaStatusBar(schemas, activeGraphqlUri);
    const sdl = new SdlViewProvider((key) => {
      const snapshot = schemas.snapshotByKey(key);
      return snapshot ? schemas.sdlViewOf(snapshot.schema) : undefined;
    });
    this.disposables.push(
      explorer,
      explorerView,
      this.changes,
      sdl,
      vscode.workspace.registerTextDocumentContentProvider(SDL_SCHEME, sdl),
      this.status,
      registerCommands(schemaCommands, { logger, schemas, explorer, explorerView, changes: this.changes }, logger, 'schema'),
      schemas.onDidChange(() => {
        // Open Schema, Save Schema As…, Show Schema Changes and the explorer filter are in the palette once a schema is loaded.
        setContextKey('tenantGraphql.schemaLoaded', schemas.all().length > 0);
        explorer.refresh(true);
        for (const s of schemas.all()) {
          sdl.refresh(s);
        }
      }),
      vscode.window.onDidChangeActiveTextEditor(() => explorer.refresh()),
      schemas.onDidReportFolderProblem(({ message, configFile }) =>
        this.tellOnce(`folder:${message}`, () => {
          const open = vscode.l10n.t('Open Config');
          void vscode.window
            .showWarningMessage(inert(message, { sink: 'notification' }), ...(configFile ? [open] : []))
            .then((c) => (c ? vscode.window.showTextDocument(vscode.Uri.file(configFile)) : undefined));
        }),
      ),
      schemas.environment.onDidChangeSchema((snapshot) => {
        if (snapshot && snapshot.warnings.length > 0) {
          this.tellOnce(`warnings:${snapshot.key}:${snapshot.sha256 ?? ''}`, () => {
            void vscode.window.showWarningMessage(
              inert(
                vscode.l10n.t(
                  'The schema of {0} has {1} problem(s) (for example: {2}). It is used anyway; see the log for all of them.',
                  snapshot.label,
                  snapshot.warnings.length,
                  snapshot.warnings[0],
                ),
                { sink: 'notification' },
              ),
            );
          });
        }
      }),
      schemas.environment.onDidChangeState((state) => {
        // A person who clicked Refresh gets that command's message; background refreshes say it once per failure.
        if (state.kind === 'failed' && schemas.environment.shouldAnnounceFailure(state.reason)) {
          this.announceFailure(state.reason);
        }
      }),
    );
  }

  private announceFailure(reason: string): void {
    const env = this.schemas.environment.environmentName ?? '';
    const kept = this.schemas.current()
      ? vscode.l10n.t('The last good schema stays in use.')
      : vscode.l10n.t('Completion and validation need the schema: refresh it when the Service is reachable.');
    const retry = vscode.l10n.t('Try Again');
    void vscode.window
      .showWarningMessage(inert(vscode.l10n.t('Could not refresh the schema of {0}: {1} {2}', env, reason, kept), { sink: 'notification' }), retry)
      .then((c) => (c ? vscode.commands.executeCommand('tenantGraphql.refreshSchema') : undefined));
  }

  private tellOnce(key: string, show: () => void): void {
    if (!this.told.has(key)) {
      this.told.add(key);
      show();
    }
  }

  dispose(): void {
    vscode.Disposable.from(...this.disposables.reverse()).dispose();
  }
}
