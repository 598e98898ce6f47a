import * as vscode from 'vscode';
import { comparableText, runFileName } from '../core/run/runCompare';
import type { StoredRun } from '../core/run/runStore';
import { inert } from '../core/text/inert';
import type { HistoryStore } from './historyStore';

/** The scheme of a run's answer as a read-only document (`tenant-graphql-run:/<run id>/<name>.json`). */
export const RUN_DOCUMENT_SCHEME = 'tenant-graphql-run';

/** What a comparison opened: the two documents' addresses (older left, newer right). */
export interface OpenedDiff {
  readonly left: string;
  readonly right: string;
}

/**
 * Runs' answers as read-only virtual documents (pretty-printed, keys in a stable order) and the
 * diff editor on two of them: VS Code's own diff, with its navigation, inline/side-by-side view and
 * search. Documents come from the run history on disk, so any kept run can be compared.
 */
export class RunDiff implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly registration: vscode.Disposable;

  constructor(
    private readonly history: HistoryStore,
    /** Pretty-prints an answer's UTF-8 JSON bytes off the extension host's thread (the filter worker decodes them). */
    private readonly pretty: (bytes: Uint8Array) => Promise<string>,
  ) {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(RUN_DOCUMENT_SCHEME, this);
  }

  /** The address of a run's answer document. */
  static uriOf(run: StoredRun): vscode.Uri {
    return vscode.Uri.from({ scheme: RUN_DOCUMENT_SCHEME, path: `/${run.id}/${runFileName(run)}` });
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const id = uri.path.split('/')[1] ?? '';
    const stored = await this.history.resultBytes(id);
    if (!stored) {
      return `${vscode.l10n.t('This run is no longer in the history.')}\n`;
    }
    // A 5 MB answer takes a quarter of a second to sort and print: in the worker, never on this thread;
    // the file's bytes go there as read (decoded in the worker: no 5 MB string made on this thread).
    return stored.bytes !== undefined ? this.pretty(stored.bytes) : comparableText(stored.head);
  }

  /** Opens the diff editor on two runs, the older on the left. */
  async open(a: StoredRun, b: StoredRun): Promise<OpenedDiff> {
    const [older, newer] = a.at <= b.at ? [a, b] : [b, a];
    const left = RunDiff.uriOf(older);
    const right = RunDiff.uriOf(newer);
    const title = inert(vscode.l10n.t('{0}: {1} ↔ {2}', older.operationName ?? vscode.l10n.t('(anonymous)'), this.shortName(older, newer), this.shortName(newer, older)), {
      sink: 'treeItem',
    });
    await vscode.commands.executeCommand('vscode.diff', left, right, title, { preview: false });
    return { left: left.toString(), right: right.toString() };
  }

  /**
   * A run as a diff's title names it, short enough for a tab: its name, else "run N" (N counting the
   * kept runs of its operation, oldest first), with its environment when the other run's differs.
   */
  private shortName(run: StoredRun, other: StoredRun): string {
    if (run.name) {
      return run.name;
    }
    const same = this.history
      .list()
      .filter((r) => r.operationName === run.operationName)
      .sort((a, b) => a.at - b.at);
    const n = same.findIndex((r) => r.id === run.id) + 1;
    const label = n > 0 ? vscode.l10n.t('run {0}', n) : new Date(run.at).toLocaleTimeString();
    return run.environment === other.environment ? label : vscode.l10n.t('{0} ({1})', label, run.environment);
  }

  dispose(): void {
    this.registration.dispose();
  }
}
