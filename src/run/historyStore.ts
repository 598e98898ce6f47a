import * as vscode from 'vscode';
import { errorMessage } from '../core/errors';
import type { Logger } from '../core/logger';
import type { RunHistoryInput } from '../core/run/runRecord';
import { RunStore, type StoredRun } from '../core/run/runStore';
import { inert } from '../core/text/inert';
import type { RunResultView } from '../shared/resultsMessages';
import type { ResultsPresenter } from '../results';

/** The limits of the history on disk (`tenantGraphql.history.*`). */
export interface HistoryLimits {
  readonly maxRuns: number;
  readonly maxMegabytes: number;
}

/** Reads a stored answer's file bytes off the host's thread (decoded there): its errors, normalised, or why it is not an answer (FilterClient.read). */
export type StoredBodyReader = (
  runId: string,
  bytes: Uint8Array,
) => Promise<{ readonly ok: true; readonly errors?: StoredResult['errors'] } | { readonly ok: false; readonly error: string }>;

/** A run's result from the history: the view without its body, and the body file's bytes as read (UTF-8 JSON, never decoded on the host's thread). */
export interface StoredResult {
  readonly view: RunResultView;
  readonly bytes?: Uint8Array;
  /** The answer's errors, read and normalised in the worker (left out when it has none): the panel shows them. */
  readonly errors?: NonNullable<RunResultView['body']>['errors'];
}

/** Shows a run's result from the history: its body goes on as the file's bytes (this thread never decodes or parses it). */
export function showStoredResult(presenter: ResultsPresenter, result: StoredResult): void {
  if (result.bytes === undefined) {
    presenter.show(result.view);
  } else {
    presenter.showUnparsed({ view: result.view, bytes: result.bytes, ...(result.errors ? { errors: result.errors } : {}) });
  }
}

/** The workspaceState key of the history before it moved to disk (cleared: it had no results). */
const LEGACY_STATE_KEY = 'tenantGraphql.runHistory';

/**
 * The workspace's run history: the core {@link RunStore} in the extension's workspace storage
 * (pinned runs and the last N with their results, size-capped), loaded in the background so that
 * activation never waits on it. Other windows of the workspace write to the same folder: it is read
 * again when this window gets the focus. Problems with a file are logged and told once.
 */
export class HistoryStore implements vscode.Disposable {
  private readonly store: RunStore;
  private readonly emitter = new vscode.EventEmitter<void>();
  private readonly disposables: vscode.Disposable;
  private told = false;
  private readonly logger: Logger;
  /** Fires after the list changed (a run added, pinned, renamed, deleted; the folder read again). */
  readonly onDidChange = this.emitter.event;
  /** Settles when the folder was first read (never rejects). */
  readonly ready: Promise<void>;

  /** Reads a stored answer off this thread (the filter worker): its errors' places, or why it is not an answer. */
  private readonly read: StoredBodyReader | undefined;

  constructor(options: {
    readonly dir: string;
    readonly limits: () => HistoryLimits;
    readonly logger: Logger;
    readonly legacyState?: vscode.Memento;
    /** Reads a reopened run's answer off the host's thread (the filter worker); without it the bytes are handed on unchecked. */
    readonly read?: StoredBodyReader;
  }) {
    const { dir, limits, logger } = options;
    this.logger = logger;
    this.read = options.read;
    this.store = new RunStore({
      dir,
      maxRuns: () => limits().maxRuns,
      maxBytes: () => limits().maxMegabytes * 1024 * 1024,
      report: (problem) => this.report(problem),
    });
    this.ready = this.reload();
    if (options.legacyState?.get<unknown>(LEGACY_STATE_KEY) !== undefined) {
      void options.legacyState.update(LEGACY_STATE_KEY, undefined);
    }
    this.disposables = vscode.Disposable.from(
      this.emitter,
      vscode.window.onDidChangeWindowState((state) => {
        if (state.focused) {
          void this.reload();
        }
      }),
    );
  }

  /** Newest first. */
  list(): readonly StoredRun[] {
    return this.store.list();
  }

  get(id: string): StoredRun | undefined {
    return this.store.get(id);
  }

  /** Records a finished run; a failure to write is logged, never thrown at the run. */
  async add(run: RunHistoryInput, view: RunResultView, bodyBytes?: Uint8Array): Promise<StoredRun | undefined> {
    await this.ready;
    try {
      return await this.store.add({ ...run, view, bodyBytes });
    } catch (err) {
      this.logger.warn(`[run] the run could not be kept in the history: ${errorMessage(err)}`);
      return undefined;
    } finally {
      this.emitter.fire();
    }
  }

  /**
   * The result of a run as it was shown (from disk): its view without the body, and the body file's
   * bytes as read (the results page decodes and parses them; the filter worker reads them, see `read`). Undefined,
   * with the reason told to the person, when it is not kept. A body that is not an answer is set
   * aside (reported) and the run stays without it.
   */
  async result(id: string, options: { readonly quiet?: boolean } = {}): Promise<StoredResult | undefined> {
    await this.ready;
    const found = await this.store.readView(id);
    if ('head' in found) {
      if (this.store.get(id)?.body === 'tooLarge' && !options.quiet) {
        void vscode.window.showInformationMessage(
          inert(vscode.l10n.t('The result of that run was larger than the history may keep (tenantGraphql.history.maxMegabytes); only its summary is shown.'), {
            sink: 'notification',
          }),
        );
      }
      if (found.bytes === undefined) {
        return { view: found.head };
      }
      if (!this.read) {
        return { view: found.head, bytes: found.bytes };
      }
      const read = await this.read(id, found.bytes);
      if (read.ok) {
        return { view: found.head, bytes: found.bytes, ...(read.errors ? { errors: read.errors } : {}) };
      }
      await this.store.setAsideBody(id, 'its stored response is not a JSON object');
      this.emitter.fire();
    }
    if (options.quiet) {
      return undefined;
    }
    const message =
      'missing' in found && found.missing === 'missing'
        ? vscode.l10n.t('That run is no longer in the history. Run the operation again to see a result.')
        : vscode.l10n.t('The result of that run is not kept. Run the operation again to see a result.');
    void vscode.window.showInformationMessage(inert(message, { sink: 'notification' }));
    return undefined;
  }

  /** A run's stored view without its body, and the body file's bytes when kept (never decoded here; no message when missing). */
  async resultBytes(id: string): Promise<{ head: Omit<RunResultView, 'body'>; bytes?: Uint8Array } | undefined> {
    await this.ready;
    return this.store.viewBytes(id);
  }

  /** Pins or unpins a run, or names a pinned one. */
  async update(id: string, patch: { readonly pinned?: boolean; readonly name?: string }): Promise<StoredRun | undefined> {
    await this.ready;
    try {
      return await this.store.update(id, patch);
    } finally {
      this.emitter.fire();
    }
  }

  async delete(ids: readonly string[]): Promise<number> {
    await this.ready;
    try {
      return await this.store.delete(ids);
    } finally {
      this.emitter.fire();
    }
  }

  /** Forgets every run that is not pinned; resolves to how many. */
  async clear(): Promise<number> {
    await this.ready;
    try {
      return await this.store.clear();
    } finally {
      this.emitter.fire();
    }
  }

  /** Reads the folder again (what other windows wrote). */
  async reload(): Promise<void> {
    try {
      await this.store.load();
    } catch (err) {
      this.logger.warn(`[run] the run history could not be read: ${errorMessage(err)}`);
    }
    this.emitter.fire();
  }

  private report(problem: string): void {
    this.logger.warn(`[run] ${problem}`);
    if (!this.told) {
      this.told = true;
      void vscode.window.showWarningMessage(inert(vscode.l10n.t('Tenant GraphQL: {0}', problem), { sink: 'notification' }));
    }
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
