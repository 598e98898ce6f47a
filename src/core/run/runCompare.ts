/** Comparing two runs: the text each side of the diff shows, and which run came before. Pure. */
import { DEEP_JSON_LEVELS, nestingDepth, stringifyJson } from '../../shared/deepJson';
import type { RunResultView } from '../../shared/resultsMessages';
import type { StoredRun } from './runStore';

/**
 * The text of a run's answer for a diff: the response body pretty-printed with its object keys
 * in sorted order (so two answers that differ only in key order compare equal), at any depth
 * (deeper than 1,000 levels on one line, sorted). A run without a body shows its status and failure instead.
 */
export function comparableText(view: Pick<RunResultView, 'body' | 'status' | 'failure'>): string {
  const value = view.body !== undefined ? view.body : { status: view.status ?? null, failure: view.failure ?? null };
  if (nestingDepth(value, DEEP_JSON_LEVELS) <= DEEP_JSON_LEVELS) {
    // Shallow enough for the native printer (5x faster than the iterative one). Keys sorted by the
    // list of all of them when they are few (what an answer's field names are): the printer itself
    // writes each object's keys in the list's order, 2-4x faster than a replacer making sorted copies.
    const keys = keyList(value);
    return `${keys ? JSON.stringify(value, keys, 2) : JSON.stringify(value, sortedKeys, 2)}\n`;
  }
  // Deeper answers print on one line: indenting 100,000 levels would take more characters than a string can hold.
  return `${stringifyJson(value, { sortKeys: true })}\n`;
}

/** The run of the same operation (and document) that came before `run`, if the history has one. */
export function previousRun(runs: readonly StoredRun[], run: StoredRun): StoredRun | undefined {
  return runs.filter((r) => r.id !== run.id && r.operationName === run.operationName && r.documentUri === run.documentUri && r.at <= run.at).sort((a, b) => b.at - a.at)[0];
}

/** A file name for a run's side of a diff: operation, environment and time, safe in a path. */
export function runFileName(run: Pick<StoredRun, 'operationName' | 'environment' | 'at' | 'name'>): string {
  const time = new Date(run.at).toISOString().replace(/[:]/g, '-').replace(/\..*$/, '');
  const raw = [run.name ?? run.operationName ?? 'anonymous', run.environment, time].filter(Boolean).join(' ');
  return `${raw.replace(/[^\p{L}\p{N} ._-]+/gu, '_').slice(0, 120)}.json`;
}

function sortedKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return value;
  }
  const obj = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(obj)
      .sort()
      .map((k) => [k, obj[k]]),
  );
}

/**
 * Above this many distinct keys the list is not used: the native printer looks each object up by
 * every key of the list (objects × keys), which a map keyed by ids would make slow.
 */
const MAX_KEY_LIST = 256;

/** An array index as JavaScript orders it first among an object's keys (ascending), whatever the insertion order. */
const ARRAY_INDEX = /^(?:0|[1-9]\d{0,9})$/;

/**
 * Every key of the objects in `value`, in the order {@link sortedKeys} gives the keys of each object
 * (array indexes first by number, as an object enumerates them, then the others sorted), or
 * undefined when there are more than {@link MAX_KEY_LIST} or one is `__proto__`. `value` is at most
 * DEEP_JSON_LEVELS deep. (Other inherited names, such as `constructor`, read as functions, which the
 * printer leaves out as it does a missing key.)
 */
function keyList(value: unknown): string[] | undefined {
  const keys = new Set<string>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') {
      continue;
    }
    if (Array.isArray(v)) {
      for (const item of v) {
        if (item !== null && typeof item === 'object') {
          stack.push(item);
        }
      }
      continue;
    }
    for (const [k, item] of Object.entries(v)) {
      keys.add(k);
      if (item !== null && typeof item === 'object') {
        stack.push(item);
      }
    }
    if (keys.size > MAX_KEY_LIST) {
      return undefined;
    }
  }
  if (keys.has('__proto__')) {
    // The printer reads each key of the list from each object: an object without its own `__proto__` would print its prototype.
    return undefined;
  }
  const all = [...keys];
  const indexes = all.filter((k) => ARRAY_INDEX.test(k) && Number(k) < 2 ** 32 - 1).sort((a, b) => Number(a) - Number(b));
  const isIndex = new Set(indexes);
  return [...indexes, ...all.filter((k) => !isIndex.has(k)).sort()];
}
