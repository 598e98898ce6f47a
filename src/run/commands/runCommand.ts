import type * as vscode from 'vscode';
import type { Environment } from '../../core/auth';
import type { Logger } from '../../core/logger';
import type { Command } from '../../platform/commands';
import type { ResultsPresenter } from '../../results';
import type { HistoryStore } from '../historyStore';
import type { HistoryView } from '../historyView';
import type { RunDiff } from '../runDiff';
import type { RunController } from '../runController';
import type { ServerPermission } from '../runPermission';

/** What the run feature's command handlers may use. */
export interface RunCommandServices {
  /** The extension's log (a failed Save as .http is logged there). */
  readonly logger: Logger;
  readonly controller: RunController;
  readonly history: HistoryStore;
  readonly historyView: HistoryView;
  /** Runs' answers as documents, and the diff editor on two of them. */
  readonly diff: RunDiff;
  readonly presenter: ResultsPresenter;
  /**
   * Environments other than a document's that have a session (Run on Another Environment), by name:
   * among the document's folder's environments (the active editor's folder's without a document).
   */
  readonly signedInElsewhere: (uri?: vscode.Uri) => Promise<string[]>;
  /** A token of that environment's server (the active one's without it), only for an export the person confirmed. */
  readonly accessToken: (environment?: Environment) => Promise<string>;
  /** Whether the person allowed a workspace-defined environment (asked as the sign-in asks); the auth feature's check. */
  readonly ensureAllowed: ServerPermission;
}

/** One command of the run feature. */
export type RunCommand = Command<RunCommandServices>;
