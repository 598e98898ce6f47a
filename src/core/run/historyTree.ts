/** The History view's model: runs grouped by operation, the search, the one-line description. Pure. */
import { ago } from './history';
import type { StoredRun } from './runStore';

/** The runs of one operation, newest first. */
export interface RunGroup {
  /** The operation's name; undefined for anonymous operations. */
  readonly operation: string | undefined;
  readonly runs: readonly StoredRun[];
}

/** Groups runs (given newest first) by operation name; groups ordered by their newest run. */
export function groupRuns(runs: readonly StoredRun[]): RunGroup[] {
  const groups = new Map<string, StoredRun[]>();
  for (const run of runs) {
    const key = run.operationName === undefined ? '' : `:${run.operationName}`;
    const list = groups.get(key);
    if (list) {
      list.push(run);
    } else {
      groups.set(key, [run]);
    }
  }
  return [...groups.values()].map((list) => ({ operation: list[0].operationName, runs: list }));
}

/**
 * Whether a run matches a search: every word of `text` (case-insensitive) is in its operation
 * name, its name, its variables (as JSON), its status, its outcome or its environment.
 */
export function matchesSearch(run: StoredRun, text: string): boolean {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) {
    return true;
  }
  const hay = [
    run.operationName ?? '(anonymous)',
    run.name ?? '',
    JSON.stringify(run.variables),
    String(run.status),
    run.outcome ?? '',
    run.environment,
    run.pinned ? 'pinned' : '',
  ]
    .join('\n')
    .toLowerCase();
  return words.every((w) => hay.includes(w));
}

/** Status · time ago: what a History row starts with (the run's name, when it has one, comes before). */
export function runHeadline(run: StoredRun, now: number): string {
  return `${run.status > 0 ? String(run.status) : 'no answer'} · ${ago(now - run.at)}`;
}

/** Outcome · duration · size · environment: the rest of a run's one line. */
export function runDetails(run: StoredRun, formatBytes: (n: number) => string): string {
  const parts: string[] = [];
  if (run.outcome) {
    parts.push(run.outcome);
  }
  parts.push(`${Math.round(run.durationMs)} ms`);
  if (run.bytes !== undefined) {
    parts.push(formatBytes(run.bytes));
  }
  parts.push(run.environment || '?');
  return parts.join(' · ');
}

/** Status · time ago · outcome · duration · size · environment: a run in one line, the status and age first (a narrow view cuts the end). */
export function runDescription(run: StoredRun, now: number, formatBytes: (n: number) => string): string {
  return `${runHeadline(run, now)} · ${runDetails(run, formatBytes)}`;
}
