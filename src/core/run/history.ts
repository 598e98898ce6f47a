import type { VariableValues } from './variables';

/** One run of an operation, as kept for "look at and re-run" (see runStore.ts for how it is stored). */
export interface RunHistoryEntry {
  id: string;
  /** When the run started, epoch milliseconds. */
  at: number;
  documentUri: string;
  /** Undefined for an anonymous operation. */
  operationName?: string;
  variables: VariableValues;
  /** True when the variables were too large to keep (then `variables` is empty). */
  variablesOmitted?: boolean;
  /** HTTP status of the final answer; 0 when there was none (network error, cancelled). */
  status: number;
  /** Short outcome for the list: how many GraphQL errors, or what failed. */
  outcome?: string;
  durationMs: number;
  /** Which Service it went to (e.g. "Sandbox" or the base URL's host). */
  environment: string;
}

/** A one-line label: the operation and its variables, each value cut short. */
export function historyLabel(entry: RunHistoryEntry, maxValueLength = 20, maxLength = 80): string {
  const name = entry.operationName ?? '(anonymous)';
  const vars = Object.entries(entry.variables).map(([k, v]) => `${k}: ${truncate(JSON.stringify(v) ?? 'undefined', maxValueLength)}`);
  if (entry.variablesOmitted) {
    vars.push('…');
  }
  return truncate(vars.length > 0 ? `${name} (${vars.join(', ')})` : name, maxLength);
}

/** A one-line description: status, outcome, duration, how long ago, where. */
export function historyDescription(entry: RunHistoryEntry, now: number): string {
  const parts = [entry.status > 0 ? String(entry.status) : 'no answer'];
  if (entry.outcome) {
    parts.push(entry.outcome);
  }
  parts.push(`${Math.round(entry.durationMs)} ms`, ago(now - entry.at), entry.environment);
  return parts.join(' · ');
}

/** How long ago, in words ('just now', '5 min ago', '3 h ago', '2 days ago'). */
export function ago(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) {
    return 'just now';
  }
  const m = Math.round(s / 60);
  if (m < 60) {
    return `${m} min ago`;
  }
  const h = Math.round(m / 60);
  if (h < 48) {
    return `${h} h ago`;
  }
  return `${Math.round(h / 24)} days ago`;
}

function truncate(s: string, max: number): string {
  return s.length > max ? s.slice(0, Math.max(0, max - 1)) + '…' : s;
}
