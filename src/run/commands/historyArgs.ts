import type { StoredRun } from '../../core/run/runStore';
import type { HistoryStore } from '../historyStore';

/**
 * The runs a history command is about: the clicked row (a History view node), the rows selected
 * with it, or, from tests and other commands, a run id or `{ runId }` / `{ runIds }`.
 */
export function runsOf(history: HistoryStore, arg: unknown, selected?: unknown): StoredRun[] {
  const ids: string[] = [];
  const collect = (a: unknown) => {
    if (typeof a === 'string') {
      ids.push(a);
    } else if (a !== null && typeof a === 'object') {
      const o = a as { kind?: unknown; run?: { id?: unknown }; runId?: unknown; runIds?: unknown };
      if (o.kind === 'run' && typeof o.run?.id === 'string') {
        ids.push(o.run.id);
      } else if (typeof o.runId === 'string') {
        ids.push(o.runId);
      } else if (Array.isArray(o.runIds)) {
        o.runIds.forEach(collect);
      }
    }
  };
  if (Array.isArray(selected) && selected.length > 1) {
    selected.forEach(collect);
  } else {
    collect(arg);
  }
  return [...new Set(ids)].map((id) => history.get(id)).filter((r): r is StoredRun => r !== undefined);
}
