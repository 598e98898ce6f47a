import * as vscode from 'vscode';
import { errorMessage } from '../core/errors';
import { taggedLogger, type Logger } from '../core/logger';
import type { FragmentIndex } from '../core/language/fragmentIndex';
import { KeyedDebouncer } from '../platform/debouncer';

/** Most files indexed at activation (a monorepo must not stall the extension host). */
const MAX_INDEXED_FILES = 2000;
/** Larger files are not indexed. */
const MAX_INDEXED_BYTES = 1024 * 1024;

const GLOB = '**/*.{graphql,gql}';
const EXCLUDE = '**/node_modules/**';
const INDEXED_EXTENSION = /\.(graphql|gql)$/i;
const CHANGE_DEBOUNCE_MS = 200;

/** The workspace's GraphQL files as the indexer sees them (workspace validation honours the same). */
export const WORKSPACE_GRAPHQL_FILES = { glob: GLOB, exclude: EXCLUDE, maxBytes: MAX_INDEXED_BYTES } as const;

/**
 * Keeps the fragment index in step with the workspace's `.graphql`/`.gql` files: all of them
 * (up to a cap) at activation, then on open, change, save, close, create and delete. An open
 * document's text wins over the file on disk.
 */
export class WorkspaceIndexer implements vscode.Disposable {
  private readonly logger: Logger;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly pending = new KeyedDebouncer();
  private readonly changed = new vscode.EventEmitter<void>();
  private disposed = false;
  /** Fires after the index changed (debounced by the edits that cause it). */
  readonly onDidChangeIndex = this.changed.event;

  constructor(
    private readonly index: FragmentIndex,
    logger: Logger,
  ) {
    this.logger = taggedLogger(logger, 'language');
    const watcher = vscode.workspace.createFileSystemWatcher(GLOB);
    this.disposables.push(
      this.changed,
      watcher,
      watcher.onDidCreate((uri) => void this.indexFile(uri)),
      watcher.onDidChange((uri) => void this.indexFile(uri)),
      watcher.onDidDelete((uri) => this.apply(this.index.remove(uri.toString()))),
      vscode.workspace.onDidOpenTextDocument((doc) => this.indexDocument(doc)),
      vscode.workspace.onDidChangeTextDocument((e) => this.scheduleDocument(e.document)),
      vscode.workspace.onDidSaveTextDocument((doc) => this.indexDocument(doc)),
      vscode.workspace.onDidCloseTextDocument((doc) => {
        if (this.indexed(doc.uri)) {
          // Unsaved edits are gone with the editor: the file on disk is the truth again.
          void this.indexFile(doc.uri);
        }
      }),
    );
  }

  /** Indexes the workspace once (call at activation; runs in slices so the host stays responsive). */
  async start(): Promise<void> {
    let uris: vscode.Uri[];
    try {
      uris = await vscode.workspace.findFiles(GLOB, EXCLUDE, MAX_INDEXED_FILES + 1);
    } catch (err) {
      this.logger.warn(`cannot list the workspace's GraphQL files: ${errorMessage(err)}`);
      return;
    }
    if (uris.length > MAX_INDEXED_FILES) {
      this.logger.warn(`the workspace has more than ${MAX_INDEXED_FILES} GraphQL files; only the first ${MAX_INDEXED_FILES} are indexed for fragments and symbols`);
      uris = uris.slice(0, MAX_INDEXED_FILES);
    }
    let changed = false;
    for (let i = 0; i < uris.length && !this.disposed; i += 25) {
      const slice = uris.slice(i, i + 25);
      const results = await Promise.all(slice.map((uri) => this.readFile(uri)));
      slice.forEach((uri, j) => {
        const text = results[j];
        if (text !== undefined && !this.isOpen(uri)) {
          changed = this.index.update(uri.toString(), text) || changed;
        }
      });
      await new Promise((r) => setImmediate(r));
    }
    for (const doc of vscode.workspace.textDocuments) {
      if (this.indexed(doc.uri)) {
        changed = this.index.update(doc.uri.toString(), doc.getText()) || changed;
      }
    }
    this.logger.info(`indexed ${this.index.uris().length} GraphQL file(s): ${this.index.all().length} fragment(s), ${this.index.operations().length} operation(s)`);
    this.apply(changed);
  }

  private indexed(uri: vscode.Uri): boolean {
    return uri.scheme === 'file' && INDEXED_EXTENSION.test(uri.path) && !uri.path.includes('/node_modules/') && vscode.workspace.getWorkspaceFolder(uri) !== undefined;
  }

  private isOpen(uri: vscode.Uri): boolean {
    const id = uri.toString();
    return vscode.workspace.textDocuments.some((d) => d.uri.toString() === id);
  }

  private scheduleDocument(doc: vscode.TextDocument): void {
    if (!this.indexed(doc.uri)) {
      return;
    }
    const id = doc.uri.toString();
    this.pending.schedule(id, CHANGE_DEBOUNCE_MS, () => this.indexDocument(doc));
  }

  private indexDocument(doc: vscode.TextDocument): void {
    if (!this.indexed(doc.uri) || doc.isClosed) {
      return;
    }
    const text = doc.getText();
    this.apply(text.length <= MAX_INDEXED_BYTES && this.index.update(doc.uri.toString(), text));
  }

  private async indexFile(uri: vscode.Uri): Promise<void> {
    if (!this.indexed(uri) || this.isOpen(uri)) {
      return;
    }
    const text = await this.readFile(uri);
    if (this.disposed || this.isOpen(uri)) {
      return;
    }
    this.apply(text === undefined ? this.index.remove(uri.toString()) : this.index.update(uri.toString(), text));
  }

  /** The file's text, or undefined when it is gone, unreadable or too large. */
  private async readFile(uri: vscode.Uri): Promise<string | undefined> {
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      if (stat.size > MAX_INDEXED_BYTES) {
        this.logger.info(`not indexing ${uri.fsPath}: larger than ${MAX_INDEXED_BYTES / 1024 / 1024} MB`);
        return undefined;
      }
      return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    } catch (err) {
      if (!(err instanceof vscode.FileSystemError && err.code === 'FileNotFound')) {
        this.logger.warn(`cannot index ${uri.fsPath}: ${errorMessage(err)}`);
      }
      return undefined;
    }
  }

  private apply(changed: boolean): void {
    if (changed && !this.disposed) {
      this.changed.fire();
    }
  }

  dispose(): void {
    this.disposed = true;
    this.pending.dispose();
    vscode.Disposable.from(...this.disposables).dispose();
  }
}
