import * as path from 'node:path';
import * as vscode from 'vscode';
import { errorMessage } from '../../core/errors';
import { taggedLogger, type Logger } from '../../core/logger';
import { findGraphqlConfig, schemaSourcesOf } from '../../core/schema/graphqlConfig';
import { loadSchemaFiles, type LoadedSchema } from '../../core/schema/loadSchema';
import type { SchemaSnapshot } from '../../core/schema/schemaSnapshot';

/** A workspace folder whose graphql-config names its own schema. */
export interface FolderSchemaEntry {
  readonly folder: vscode.WorkspaceFolder;
  readonly configFile: string;
  /** The folder's schema; the last good one when a reload failed. */
  readonly snapshot: SchemaSnapshot;
  /** Why the folder's schema could not be (re)loaded, when it could not. */
  readonly problem?: string;
}

/** A problem of a folder's graphql-config schema that the user should hear about. */
export interface FolderSchemaProblem {
  readonly message: string;
  readonly folder: vscode.WorkspaceFolder;
  /** The config file ('' when it could not be found). */
  readonly configFile: string;
}

const CONFIG_GLOB = '**/{.graphqlrc,.graphqlrc.json,.graphqlrc.yml,.graphqlrc.yaml,graphql.config.json,graphql.config.yml,graphql.config.yaml}';

/**
 * Schemas of workspace folders that have a graphql-config (`.graphqlrc*`, `graphql.config.*`)
 * with a `schema` file: documents in such a folder use that schema instead of the environment's,
 * as the GraphQL ecosystem expects. URL schemas are not fetched (reported instead): the live
 * schema comes from the signed-in environment.
 */
export class FolderSchemas implements vscode.Disposable {
  private readonly logger: Logger;
  private readonly entries = new Map<string, FolderSchemaEntry>();
  private readonly watchers = new Map<string, vscode.Disposable>();
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly loading = new Map<string, number>();
  private readonly problems = new vscode.EventEmitter<FolderSchemaProblem>();
  /** Fires when a folder's schema (or its problem) changed. */
  readonly onDidChange = this.changed.event;
  /** Fires with a problem to tell the user (the schema feature shows it). */
  readonly onDidReportProblem = this.problems.event;

  constructor(logger: Logger) {
    this.logger = taggedLogger(logger, 'schema');
    const watcher = vscode.workspace.createFileSystemWatcher(CONFIG_GLOB);
    const reloadFolderOf = (uri: vscode.Uri) => {
      const folder = vscode.workspace.getWorkspaceFolder(uri);
      if (folder && path.dirname(uri.fsPath) === folder.uri.fsPath) {
        void this.load(folder);
      }
    };
    this.disposables.push(
      this.changed,
      this.problems,
      watcher,
      watcher.onDidCreate(reloadFolderOf),
      watcher.onDidChange(reloadFolderOf),
      watcher.onDidDelete(reloadFolderOf),
      vscode.workspace.onDidChangeWorkspaceFolders((e) => {
        for (const f of e.removed) {
          this.drop(f.uri.toString());
        }
        for (const f of e.added) {
          void this.load(f);
        }
      }),
    );
  }

  /** Reads the graphql-config of every workspace folder. */
  async start(): Promise<void> {
    await Promise.all((vscode.workspace.workspaceFolders ?? []).map((f) => this.load(f)));
  }

  /** The graphql-config schema entry of the folder holding `uri`, if that folder has one. */
  forUri(uri: vscode.Uri): FolderSchemaEntry | undefined {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    return folder ? this.entries.get(folder.uri.toString()) : undefined;
  }

  /** Every folder entry. */
  all(): FolderSchemaEntry[] {
    return [...this.entries.values()];
  }

  /** Finds the snapshot with this key (`folder:<uri>`). */
  byKey(key: string): SchemaSnapshot | undefined {
    return this.all().find((e) => e.snapshot.key === key)?.snapshot;
  }

  private async load(folder: vscode.WorkspaceFolder): Promise<void> {
    const id = folder.uri.toString();
    const ticket = (this.loading.get(id) ?? 0) + 1;
    this.loading.set(id, ticket);
    const current = () => this.loading.get(id) === ticket;
    if (folder.uri.scheme !== 'file') {
      return;
    }
    let found;
    try {
      found = await findGraphqlConfig(folder.uri.fsPath);
    } catch (err) {
      if (current()) {
        this.setProblem(folder, '', errorMessage(err));
      }
      return;
    }
    if (!current()) {
      return;
    }
    if (!found) {
      this.drop(id);
      return;
    }
    const { urls, files } = schemaSourcesOf(found);
    if (urls.length > 0) {
      this.setProblem(
        folder,
        found.file,
        vscode.l10n.t(
          '{0} names a schema URL ({1}). Schema URLs are not supported yet: this folder uses the signed-in environment\'s schema. Point "schema" at an SDL or introspection JSON file to use your own.',
          path.basename(found.file),
          urls[0],
        ),
        false,
      );
      return;
    }
    let loaded: LoadedSchema;
    try {
      loaded = await loadSchemaFiles(files);
    } catch (err) {
      if (current()) {
        this.setProblem(folder, found.file, vscode.l10n.t('The schema named by {0} could not be loaded: {1}', path.basename(found.file), errorMessage(err)));
        this.watch(folder, files);
      }
      return;
    }
    if (!current()) {
      return;
    }
    this.watch(folder, files);
    const snapshot: SchemaSnapshot = {
      schema: loaded.schema,
      source: 'file',
      label: folder.name,
      key: `folder:${id}`,
      file: files.join(', '),
      files,
      ...(loaded.filesSha256 ? { filesSha256: loaded.filesSha256 } : {}),
      warnings: loaded.warnings,
    };
    this.entries.set(id, { folder, configFile: found.file, snapshot });
    this.logger.info(`folder "${folder.name}": schema from ${files.join(', ')} (graphql-config ${path.basename(found.file)})`);
    if (loaded.warnings.length > 0) {
      this.logger.warn(`folder "${folder.name}": ${loaded.warnings.length} schema problem(s), tolerated: ${loaded.warnings.slice(0, 5).join(' | ')}`);
      this.problems.fire({
        message: vscode.l10n.t(
          'The schema of "{0}" has {1} problem(s) (for example: {2}). It is used anyway; see the log for all of them.',
          folder.name,
          loaded.warnings.length,
          loaded.warnings[0],
        ),
        folder,
        configFile: found.file,
      });
    }
    this.changed.fire();
  }

  private setProblem(folder: vscode.WorkspaceFolder, configFile: string, problem: string, keepSchema = true): void {
    const id = folder.uri.toString();
    const previous = this.entries.get(id);
    const snapshot = keepSchema ? previous?.snapshot : undefined;
    if (snapshot) {
      this.entries.set(id, { folder, configFile, snapshot, problem });
    } else {
      // Without a schema of its own the folder falls back to the environment's.
      this.entries.delete(id);
    }
    this.logger.warn(`folder "${folder.name}": ${problem}`);
    this.problems.fire({ message: problem, folder, configFile });
    this.changed.fire();
  }

  private watch(folder: vscode.WorkspaceFolder, files: readonly string[]): void {
    const id = folder.uri.toString();
    this.watchers.get(id)?.dispose();
    const parts: vscode.Disposable[] = [];
    for (const file of files) {
      const w = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(path.dirname(file)), path.basename(file)));
      const reload = () => void this.load(folder);
      parts.push(w, w.onDidChange(reload), w.onDidCreate(reload), w.onDidDelete(reload));
    }
    this.watchers.set(id, vscode.Disposable.from(...parts));
  }

  private drop(id: string): void {
    this.watchers.get(id)?.dispose();
    this.watchers.delete(id);
    if (this.entries.delete(id)) {
      this.changed.fire();
    }
  }

  dispose(): void {
    for (const w of this.watchers.values()) {
      w.dispose();
    }
    this.watchers.clear();
    vscode.Disposable.from(...this.disposables).dispose();
  }
}
