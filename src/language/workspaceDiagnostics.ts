import * as vscode from 'vscode';
import { CancelledError, errorMessage } from '../core/errors';
import { taggedLogger, type Logger } from '../core/logger';
import type { LanguageDiagnostic } from '../core/language/types';
import { validateWorkspaceDocuments, type EmbeddedDocument, type RemoteValidator, type WorkspaceValidationSummary } from '../core/language/workspaceValidation';
import { KeyedDebouncer } from '../platform/debouncer';
import { toDiagnostic } from './convert';
import { MAX_DOCUMENT_CHARS, type LanguageHost } from './languageHost';
import { isWorkspaceCodeFile, WORKSPACE_CODE_FILES, WORKSPACE_GRAPHQL_FILES } from './workspaceIndex';

/** Most files one run validates. */
const MAX_VALIDATED_FILES = 20_000;
/** Wait for a burst of schema events (a refresh fires several) before a run starts. */
const RUN_DELAY_MS = 250;
/** Wait after a closed file changed on disk (or was closed) before it is validated again. */
const FILE_DELAY_MS = 300;
/** Quiet time after the index last changed before the language worker's copy is brought in step. */
const IDLE_SYNC_MS = 3000;
/** Workspaces smaller than this send their index at the first schema change (it costs little there). */
const IDLE_SYNC_MIN_DOCUMENTS = 50;

/**
 * Problems of the workspace's GraphQL files and of the GraphQL templates of its code files that
 * are not open, in a collection of their own:
 * after a new schema version (and on "Validate Workspace") every file is validated again in time
 * slices, so operations a schema change broke show in Problems with their files closed. An open
 * file's problems belong to the as-you-type diagnostics: opening a file drops its entry here (no
 * duplicates), closing it validates it from disk again here. Once on, it keeps up with later
 * schema changes, and with closed files changed, created or deleted on disk.
 */
export class WorkspaceDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('GraphQL (workspace)');
  private readonly logger: Logger;
  private readonly files = new KeyedDebouncer();
  private readonly disposables: vscode.Disposable[] = [];
  private active = false;
  private running: AbortController | undefined;
  private runTimer: ReturnType<typeof setTimeout> | undefined;
  private syncTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly validated = new vscode.EventEmitter<void>();
  /** Fires when a run over the whole workspace finished (not when it was cancelled). */
  readonly onDidValidateAll = this.validated.event;

  /** @param indexChanged fires when the fragment index changed: the worker's copy is synced once idle, so a schema change does not wait for it */
  constructor(
    private readonly host: LanguageHost,
    logger: Logger,
    private readonly remote?: RemoteValidator,
    indexChanged?: vscode.Event<void>,
  ) {
    this.logger = taggedLogger(logger, 'language');
    const watcher = vscode.workspace.createFileSystemWatcher(WORKSPACE_GRAPHQL_FILES.glob);
    const codeWatcher = vscode.workspace.createFileSystemWatcher(WORKSPACE_CODE_FILES.glob);
    const deleted = (uri: vscode.Uri) => {
      this.files.cancel(uri.toString());
      this.collection.delete(uri);
    };
    this.disposables.push(
      this.collection,
      this.validated,
      watcher,
      codeWatcher,
      // Fires before the schemas' onDidChange, so the run below sees `active`.
      host.schemas.onDidChangeVersion(() => {
        this.active = true;
      }),
      host.onDidChangeSchemas(() => {
        if (this.active) {
          this.scheduleRun();
        }
      }),
      vscode.workspace.onDidOpenTextDocument((doc) => this.collection.delete(doc.uri)),
      vscode.workspace.onDidCloseTextDocument((doc) => this.scheduleFile(doc.uri)),
      watcher.onDidChange((uri) => this.scheduleFile(uri)),
      watcher.onDidCreate((uri) => this.scheduleFile(uri)),
      watcher.onDidDelete(deleted),
      codeWatcher.onDidChange((uri) => this.scheduleFile(uri)),
      codeWatcher.onDidCreate((uri) => this.scheduleFile(uri)),
      codeWatcher.onDidDelete(deleted),
    );
    if (indexChanged) {
      this.disposables.push(indexChanged(() => this.scheduleIdleSync()));
    }
  }

  /** Brings the language worker's fragment index in step once the index is quiet (not while a run does it). */
  private scheduleIdleSync(): void {
    const remote = this.remote;
    if (!remote) {
      return;
    }
    clearTimeout(this.syncTimer);
    this.syncTimer = setTimeout(() => {
      if (this.running || this.host.index.uris().length < IDLE_SYNC_MIN_DOCUMENTS) {
        return;
      }
      void (async () => {
        try {
          await remote.prepare(this.host.index);
        } catch (err) {
          this.logger.debug(`the language worker's index was not synced while idle: ${errorMessage(err)}`);
          return;
        }
        try {
          // Once per worker: a few documents validated against the active schema, so the first schema change finds graphql's validation warm.
          // Not when a run started meanwhile: the worker takes requests one at a time, and its batches come first.
          const current = this.running ? undefined : this.host.schemas.current();
          if (current) {
            await remote.warmUp?.(current.schema);
          }
          // The worker keeps the schema versions in use (their cache files, compressed): the next refresh is diffed there.
          await Promise.all(this.host.schemas.all().map((snapshot) => remote.keepVersion?.(snapshot.schema)));
        } catch (err) {
          this.logger.debug(`the language worker was not warmed while idle: ${errorMessage(err)}`);
        }
      })();
    }, IDLE_SYNC_MS);
  }

  /**
   * Validates every GraphQL file of the workspace now (a run in progress is cancelled), with
   * progress in the window (or a cancellable notification). Resolves to what the run found, or
   * undefined when it was cancelled (by the person, or by a newer schema).
   */
  validateAll(location: vscode.ProgressLocation = vscode.ProgressLocation.Window): Promise<WorkspaceValidationSummary | undefined> {
    clearTimeout(this.runTimer);
    this.running?.abort();
    const abort = new AbortController();
    this.running = abort;
    this.active = true;
    return Promise.resolve(
      vscode.window.withProgress(
        { location, title: vscode.l10n.t('Validating GraphQL files'), cancellable: location === vscode.ProgressLocation.Notification },
        async (progress, token) => {
          token.onCancellationRequested(() => abort.abort());
          try {
            const summary = await this.runAll(abort.signal, progress);
            if (summary && !abort.signal.aborted) {
              this.validated.fire();
            }
            return summary;
          } catch (err) {
            if (!(err instanceof CancelledError)) {
              this.logger.error(`validating the workspace failed: ${errorMessage(err)}`);
            }
            return undefined;
          } finally {
            if (this.running === abort) {
              this.running = undefined;
            }
          }
        },
      ),
    );
  }

  private async runAll(signal: AbortSignal, progress: vscode.Progress<{ message?: string; increment?: number }>): Promise<WorkspaceValidationSummary | undefined> {
    const started = Date.now();
    const found = await vscode.workspace.findFiles(WORKSPACE_GRAPHQL_FILES.glob, WORKSPACE_GRAPHQL_FILES.exclude, MAX_VALIDATED_FILES);
    const code = await vscode.workspace.findFiles(WORKSPACE_CODE_FILES.glob, WORKSPACE_CODE_FILES.exclude, WORKSPACE_CODE_FILES.max);
    if (signal.aborted) {
      return undefined;
    }
    const byId = new Map([...found, ...code.filter(isWorkspaceCodeFile)].map((uri) => [uri.toString(), uri]));
    let reported = 0;
    const summary = await validateWorkspaceDocuments([...byId.keys()], {
      index: this.host.index,
      signal,
      remote: this.remote,
      schemaFor: (id) => {
        const uri = byId.get(id);
        return uri ? this.host.snapshotFor(uri)?.schema : undefined;
      },
      read: (id) => this.read(byId.get(id) ?? vscode.Uri.parse(id)),
      documentsOf: (id, text) => this.templatesOf(byId.get(id) ?? vscode.Uri.parse(id), text),
      onDocument: (id, diagnostics) => this.apply(byId.get(id) ?? vscode.Uri.parse(id), diagnostics),
      onProgress: (done, total) => {
        const percent = Math.floor((done / total) * 100);
        if (percent > reported || done === total) {
          progress.report({ message: `${done}/${total}`, increment: percent - reported });
          reported = percent;
        }
      },
    });
    // Files that are gone since the last run take their problems with them.
    const stale: vscode.Uri[] = [];
    this.collection.forEach((uri) => {
      if (!byId.has(uri.toString())) {
        stale.push(uri);
      }
    });
    stale.forEach((uri) => this.collection.delete(uri));
    if (summary.failures.length > 0) {
      this.logger.warn(`${summary.failures.length} GraphQL file(s) could not be validated, e.g. ${summary.failures[0].uri}: ${summary.failures[0].reason}`);
    }
    if (summary.workerFailure) {
      this.logger.warn(`the language worker could not validate the workspace, validated here: ${summary.workerFailure}`);
    }
    this.logger.info(
      `validated ${summary.validated} GraphQL file(s) in ${Date.now() - started} ms (${summary.skipped} skipped, ${summary.inWorker} document(s) in the language worker): ${summary.documentsWithErrors} with errors, ${summary.errors} error(s), ${summary.warnings} warning(s); longest slice ${summary.longestSliceMs.toFixed(1)} ms`,
    );
    return summary;
  }

  private scheduleRun(): void {
    // The schema changed again: what is running validates against an old one.
    this.running?.abort();
    clearTimeout(this.runTimer);
    this.runTimer = setTimeout(() => void this.validateAll(), RUN_DELAY_MS);
  }

  /** A closed file changed (or was just closed): validate it alone from disk, if the workspace is watched. */
  private scheduleFile(uri: vscode.Uri): void {
    const graphqlFile = /\.(graphql|gql)$/i.test(uri.path) && !uri.path.includes('/node_modules/');
    if (!this.active || uri.scheme !== 'file' || !(graphqlFile || isWorkspaceCodeFile(uri))) {
      return;
    }
    this.files.schedule(uri.toString(), FILE_DELAY_MS, () => {
      if (this.isOpen(uri) || vscode.workspace.getWorkspaceFolder(uri) === undefined) {
        return;
      }
      void validateWorkspaceDocuments([uri.toString()], {
        index: this.host.index,
        schemaFor: () => this.host.snapshotFor(uri)?.schema,
        read: () => this.read(uri),
        documentsOf: (_id, text) => this.templatesOf(uri, text),
        onDocument: (_id, diagnostics) => this.apply(uri, diagnostics),
      }).catch((err: unknown) => this.logger.warn(`validating ${uri.fsPath} failed: ${errorMessage(err)}`));
    });
  }

  /** A code file's templates as documents (a GraphQL file: undefined, it is one document). */
  private templatesOf(uri: vscode.Uri, text: string): readonly EmbeddedDocument[] | undefined {
    if (!isWorkspaceCodeFile(uri)) {
      return undefined;
    }
    // What the indexer recorded when the text is the same; else a scan of its own, recording
    // nothing (the indexer reads the file too, and owns what the indexes hold).
    return this.host.embedded.peek(uri.toString(), text, { tags: this.host.templateTags }).map((s) => ({ id: s.id, text: s.text, base: s.basePosition }));
  }

  private apply(uri: vscode.Uri, diagnostics: readonly LanguageDiagnostic[] | undefined): void {
    if (!diagnostics || this.isOpen(uri)) {
      this.collection.delete(uri);
    } else {
      this.collection.set(uri, diagnostics.map(toDiagnostic));
    }
  }

  private isOpen(uri: vscode.Uri): boolean {
    const id = uri.toString();
    return vscode.workspace.textDocuments.some((d) => !d.isClosed && d.uri.toString() === id);
  }

  /** An open document's text, else the file's; undefined when gone, unreadable or too large. */
  private async read(uri: vscode.Uri): Promise<string | undefined> {
    const id = uri.toString();
    const open = vscode.workspace.textDocuments.find((d) => !d.isClosed && d.uri.toString() === id);
    if (open) {
      const text = open.getText();
      return text.length > MAX_DOCUMENT_CHARS ? undefined : text;
    }
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      if (stat.size > WORKSPACE_GRAPHQL_FILES.maxBytes) {
        return undefined;
      }
      return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    } catch {
      return undefined;
    }
  }

  /** Problems this collection holds for a file (for tests). */
  get(uri: vscode.Uri): readonly vscode.Diagnostic[] {
    return this.collection.get(uri) ?? [];
  }

  dispose(): void {
    clearTimeout(this.runTimer);
    clearTimeout(this.syncTimer);
    this.running?.abort();
    this.files.dispose();
    vscode.Disposable.from(...this.disposables.reverse()).dispose();
  }
}
