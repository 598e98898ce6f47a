import type * as vscode from 'vscode';
import { RunHistory, type RunHistoryEntry } from '../core/run/history';
import type { RunResultView } from '../shared/resultsMessages';

const STATE_KEY = 'tenantGraphql.runHistory';
/** Results kept in memory for "Show result" (the last few runs only: bodies can be large). */
const RESULTS_KEPT = 10;

/**
 * The workspace's run history, persisted in workspaceState after every change, plus the
 * result views of the last few runs (memory only) for "Show result".
 */
export class HistoryStore {
  private readonly history: RunHistory;
  private readonly results = new Map<string, RunResultView>();

  constructor(private readonly state: vscode.Memento) {
    this.history = RunHistory.fromJSON(state.get<unknown>(STATE_KEY));
  }

  list(): readonly RunHistoryEntry[] {
    return this.history.list();
  }

  async add(run: Parameters<RunHistory['add']>[0], view?: RunResultView): Promise<RunHistoryEntry> {
    const entry = this.history.add(run);
    if (view) {
      this.results.set(entry.id, view);
      for (const id of this.results.keys()) {
        if (this.results.size <= RESULTS_KEPT) {
          break;
        }
        this.results.delete(id);
      }
    }
    await this.state.update(STATE_KEY, this.history.toJSON());
    return entry;
  }

  /** The result view of a run, while it is still kept. */
  result(id: string): RunResultView | undefined {
    return this.results.get(id);
  }

  async clear(): Promise<number> {
    const n = this.history.list().length;
    this.history.clear();
    this.results.clear();
    await this.state.update(STATE_KEY, undefined);
    return n;
  }
}
