import * as vscode from 'vscode';
import { errorMessage } from '../core/errors';
import { taggedLogger, type Logger } from '../core/logger';
import type { FragmentIndex } from '../core/language/fragmentIndex';
import { templateSourceId, type EmbeddedFiles } from '../core/embedded/templateSources';
import { CODE_FILE_EXTENSIONS } from '../core/run/variablesFile';
import { KeyedDebouncer } from '../platform/debouncer';

/** Most files indexed at activation (a monorepo must not stall the extension host). */
const MAX_INDEXED_FILES = 2000;
/** Larger files are not indexed. */
const MAX_INDEXED_BYTES = 1024 * 1024;

/** Most code files (TypeScript, JavaScript, Vue, Svelte) read at activation for their GraphQL templates. */
const MAX_CODE_FILES = 5000;

const GLOB = '**/*.{graphql,gql}';
const EXCLUDE = '**/node_modules/**';
const GRAPHQL_EXTENSION = /\.(graphql|gql)$/i;
const CODE_GLOB = `**/*.{${CODE_FILE_EXTENSIONS.join(',')}}`;
/** Build output holds copies of the source's templates: their fragments would be defined twice. */
const CODE_EXCLUDE = '**/{node_modules,dist,out,build,.git}/**';
const CODE_EXTENSION = new RegExp(`\\.(${CODE_FILE_EXTENSIONS.join('|')})$`, 'i');
const BUILD_OUTPUT = /\/(dist|out|build|\.git)\//;
const CHANGE_DEBOUNCE_MS = 200;

/** The workspace's GraphQL files as the indexer sees them (workspace validation honours the same). */
export const WORKSPACE_GRAPHQL_FILES = { glob: GLOB, exclude: EXCLUDE, maxBytes: MAX_INDEXED_BYTES } as const;

/** The workspace's code files whose templates the indexer reads (workspace validation honours the same). */
export const WORKSPACE_CODE_FILES = { glob: CODE_GLOB, exclude: CODE_EXCLUDE, max: MAX_CODE_FILES } as const;

/** A workspace code file whose templates are indexed (not in node_modules or build output). */
export function isWorkspaceCodeFile(uri: vscode.Uri): boolean {
  return CODE_EXTENSION.test(uri.path) && !uri.path.includes('/node_modules/') && !BUILD_OUTPUT.test(uri.path);
}

/**
 * Keeps the fragment index in step with the workspace's `.graphql`/`.gql` files and the GraphQL
 * templates of its code files (each template indexed as a document of its own, see
 * templateSources.ts): all of them (up to a cap) at activation, then on open, change, save,
 * close, create and delete. An open document's text wins over the file on disk.
 */
export class WorkspaceIndexer implements vscode.Disposable {
  private readonly logger: Logger;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly pending = new KeyedDebouncer();
  private readonly changed = new vscode.EventEmitter<void>();
  private disposed = false;
  /** Fires after the index changed (debounced by the edits that cause it). */
  readonly onDidChangeIndex = this.changed.event;

  /** How many templates of each code file the index holds (their ids are `#graphql-template-0` up). */
  private readonly indexedTemplates = new Map<string, number>();

  constructor(
    private readonly index: FragmentIndex,
    private readonly embedded: EmbeddedFiles,
    private readonly tags: () => readonly string[],
    logger: Logger,
  ) {
    this.logger = taggedLogger(logger, 'language');
    const watcher = vscode.workspace.createFileSystemWatcher(GLOB);
    const codeWatcher = vscode.workspace.createFileSystemWatcher(CODE_GLOB);
    this.disposables.push(
      this.changed,
      watcher,
      codeWatcher,
      watcher.onDidCreate((uri) => void this.indexFile(uri)),
      watcher.onDidChange((uri) => void this.indexFile(uri)),
      watcher.onDidDelete((uri) => this.apply(this.forgetFile(uri.toString()))),
      codeWatcher.onDidCreate((uri) => void this.indexFile(uri)),
      codeWatcher.onDidChange((uri) => void this.indexFile(uri)),
      codeWatcher.onDidDelete((uri) => this.apply(this.forgetFile(uri.toString()))),
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
    const graphqlFiles = await this.list(GLOB, EXCLUDE, MAX_INDEXED_FILES, 'GraphQL files');
    const codeFiles = await this.list(CODE_GLOB, CODE_EXCLUDE, MAX_CODE_FILES, 'code files (TypeScript, JavaScript, Vue, Svelte)');
    const uris = [...graphqlFiles, ...codeFiles];
    let changed = false;
    for (let i = 0; i < uris.length && !this.disposed; i += 25) {
      const slice = uris.slice(i, i + 25);
      const results = await Promise.all(slice.map((uri) => this.readFile(uri)));
      slice.forEach((uri, j) => {
        const text = results[j];
        if (text !== undefined && !this.isOpen(uri)) {
          changed = this.record(uri.toString(), text) || changed;
        }
      });
      await new Promise((r) => setImmediate(r));
    }
    for (const doc of vscode.workspace.textDocuments) {
      if (this.indexed(doc.uri) && doc.getText().length <= MAX_INDEXED_BYTES) {
        changed = this.record(doc.uri.toString(), doc.getText()) || changed;
      }
    }
    const templates = [...this.indexedTemplates.values()].reduce((a, b) => a + b, 0);
    this.logger.info(
      `indexed ${graphqlFiles.length} GraphQL file(s) and ${templates} template(s) in ${this.indexedTemplates.size} of ${codeFiles.length} code file(s): ${this.index.all().length} fragment(s), ${this.index.operations().length} operation(s)`,
    );
    this.apply(changed);
  }

  /** Files matching a glob, at most `max` (a warning says when more were left out). */
  private async list(glob: string, exclude: string, max: number, what: string): Promise<vscode.Uri[]> {
    try {
      const uris = await vscode.workspace.findFiles(glob, exclude, max + 1);
      if (uris.length > max) {
        this.logger.warn(`the workspace has more than ${max} ${what}; only the first ${max} are indexed for fragments and symbols`);
        return uris.slice(0, max);
      }
      return uris;
    } catch (err) {
      this.logger.warn(`cannot list the workspace's ${what}: ${errorMessage(err)}`);
      return [];
    }
  }

  private indexed(uri: vscode.Uri): boolean {
    if (uri.scheme !== 'file' || uri.path.includes('/node_modules/') || vscode.workspace.getWorkspaceFolder(uri) === undefined) {
      return false;
    }
    return GRAPHQL_EXTENSION.test(uri.path) || isWorkspaceCodeFile(uri);
  }

  /**
   * Records a file's current text: a GraphQL file as one document, a code file as its templates
   * (one document each; the ids of templates that went are removed). True when the index changed.
   */
  private record(uri: string, text: string): boolean {
    if (GRAPHQL_EXTENSION.test(uri)) {
      return this.index.update(uri, text);
    }
    const { sources } = this.embedded.update(uri, text, { tags: this.tags() });
    let changed = false;
    for (const source of sources) {
      changed = this.index.update(source.id, source.text) || changed;
    }
    const before = this.indexedTemplates.get(uri) ?? 0;
    for (let n = sources.length; n < before; n++) {
      changed = this.index.remove(templateSourceId(uri, n)) || changed;
    }
    if (sources.length > 0) {
      this.indexedTemplates.set(uri, sources.length);
    } else {
      this.indexedTemplates.delete(uri);
    }
    return changed;
  }

  /** Forgets a deleted or unreadable file (a code file's templates with it). */
  private forgetFile(uri: string): boolean {
    if (GRAPHQL_EXTENSION.test(uri)) {
      return this.index.remove(uri);
    }
    const count = this.indexedTemplates.get(uri) ?? 0;
    this.indexedTemplates.delete(uri);
    this.embedded.remove(uri);
    let changed = false;
    for (let n = 0; n < count; n++) {
      changed = this.index.remove(templateSourceId(uri, n)) || changed;
    }
    return changed;
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
    this.apply(text.length <= MAX_INDEXED_BYTES && this.record(doc.uri.toString(), text));
  }

  private async indexFile(uri: vscode.Uri): Promise<void> {
    if (!this.indexed(uri) || this.isOpen(uri)) {
      return;
    }
    const text = await this.readFile(uri);
    if (this.disposed || this.isOpen(uri)) {
      return;
    }
    this.apply(text === undefined ? this.forgetFile(uri.toString()) : this.record(uri.toString(), text));
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
