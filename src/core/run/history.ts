import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock';
import type { VariableValues } from './variables';

/** One run of an operation, as kept for "look at and re-run". Plain JSON, for workspaceState. */
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

/** Options of a RunHistory. */
export interface RunHistoryOptions {
  /** How many runs to keep; the oldest go first. Default 50. */
  limit?: number;
  clock?: Clock;
  newId?: () => string;
}

const MAX_VARIABLES_JSON = 64 * 1024;

/**
 * The last runs of the workspace, newest first, bounded. Serialise with `toJSON()` into
 * workspaceState and restore with `RunHistory.fromJSON`, which drops anything malformed.
 */
export class RunHistory {
  private entries: RunHistoryEntry[] = [];
  private readonly limit: number;
  private readonly clock: Clock;
  private readonly newId: () => string;

  constructor(options: RunHistoryOptions = {}) {
    this.limit = Math.max(1, options.limit ?? 50);
    this.clock = options.clock ?? { now: () => Date.now() };
    this.newId = options.newId ?? randomUUID;
  }

  /** Restores a history saved with `toJSON()`; malformed entries are skipped, never thrown. */
  static fromJSON(value: unknown, options: RunHistoryOptions = {}): RunHistory {
    const history = new RunHistory(options);
    if (Array.isArray(value)) {
      history.entries = value
        .filter(isEntry)
        .map((e) => ({ ...e }))
        .slice(0, history.limit);
    }
    return history;
  }

  /** Records a run (newest first) and returns the stored entry. Variables are copied. */
  add(run: Omit<RunHistoryEntry, 'id' | 'at' | 'variablesOmitted'> & { at?: number }): RunHistoryEntry {
    const json = JSON.stringify(run.variables ?? {});
    const tooLarge = json.length > MAX_VARIABLES_JSON;
    const entry: RunHistoryEntry = {
      ...run,
      id: this.newId(),
      at: run.at ?? this.clock.now(),
      variables: tooLarge ? {} : (JSON.parse(json) as VariableValues),
    };
    if (tooLarge) {
      entry.variablesOmitted = true;
    }
    this.entries.unshift(entry);
    this.entries.length = Math.min(this.entries.length, this.limit);
    return entry;
  }

  /** Newest first. */
  list(): readonly RunHistoryEntry[] {
    return this.entries;
  }

  get(id: string): RunHistoryEntry | undefined {
    return this.entries.find((e) => e.id === id);
  }

  /** Forgets every run. */
  clear(): void {
    this.entries = [];
  }

  toJSON(): RunHistoryEntry[] {
    return this.entries.map((e) => ({ ...e }));
  }
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

function ago(ms: number): string {
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

function isEntry(v: unknown): v is RunHistoryEntry {
  if (v === null || typeof v !== 'object') {
    return false;
  }
  const e = v as Record<string, unknown>;
  return (
    typeof e.id === 'string' &&
    typeof e.at === 'number' &&
    typeof e.documentUri === 'string' &&
    (e.operationName === undefined || typeof e.operationName === 'string') &&
    e.variables !== null &&
    typeof e.variables === 'object' &&
    !Array.isArray(e.variables) &&
    typeof e.status === 'number' &&
    typeof e.durationMs === 'number' &&
    typeof e.environment === 'string'
  );
}
