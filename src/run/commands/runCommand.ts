import type { Command } from '../../platform/commands';
import type { ResultsPresenter } from '../../results';
import type { HistoryStore } from '../historyStore';
import type { RunController } from '../runController';

/** What the run feature's command handlers may use. */
export interface RunCommandServices {
  readonly controller: RunController;
  readonly history: HistoryStore;
  readonly presenter: ResultsPresenter;
  /** The active session's access token (only for an export the person confirmed). */
  readonly accessToken: () => Promise<string>;
}

/** One command of the run feature. */
export type RunCommand = Command<RunCommandServices>;
