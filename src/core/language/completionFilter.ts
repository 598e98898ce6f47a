/**
 * graphql-language-service's filter and ranking of completion candidates by the word at the cursor
 * (its `hintList`: `filterAndSortList`, `getProximity`, `lexicalDistance`), with the same result
 * and without its per-candidate matrix of arrays: the distance is computed on three typed rows, and
 * candidates that provably cannot be kept are set aside before it (completionLists.ts uses it;
 * completionLists.test.ts compares it with the library's on random lists and words).
 */
import type { ContextToken } from 'graphql-language-service';
import type { CompletionItem } from './types';

/** One candidate: what the library filters and ranks by, and the item it becomes. */
export interface Entry {
  readonly label: string;
  /** `normalizeText(label)`. */
  readonly normalized: string;
  readonly isDeprecated: boolean;
  readonly item: CompletionItem;
}

/** The library's `normalizeText`. */
export function normalizeText(text: string): string {
  return text.toLowerCase().replaceAll(/\W/g, '');
}

/**
 * The library's `hintList`: filtered by the token's text and ranked, the same way (its
 * `filterAndSortList`, with `getProximity` and `lexicalDistance` computed on typed arrays).
 */
export function hintList(token: ContextToken, entries: readonly Entry[]): CompletionItem[] {
  const text = normalizeText(token.string);
  if (!text || text.trim() === '' || text.trim() === ':' || text.trim() === '{') {
    return nonEmpty(entries, (e) => !e.isDeprecated).map((e) => e.item);
  }
  let longest = 0;
  for (const e of entries) {
    longest = Math.max(longest, e.normalized.length);
  }
  const distance = new LexicalDistance(text, longest);
  // The library keeps the candidates within a proximity of 2, or all when none is: those that
  // cannot be within 2 are set aside without their distance, which is computed only if needed.
  let close = entries.flatMap((entry) => (distance.mayBeClose(entry.normalized) ? [{ proximity: distance.proximity(entry.normalized), entry }] : []));
  close = close.filter((p) => p.proximity <= 2);
  const byProximity = close.length > 0 ? close : entries.map((entry) => ({ proximity: distance.proximity(entry.normalized), entry }));
  return nonEmpty(byProximity, (p) => !p.entry.isDeprecated)
    .sort((a, b) => (a.entry.isDeprecated ? 1 : 0) - (b.entry.isDeprecated ? 1 : 0) || a.proximity - b.proximity || a.entry.label.length - b.entry.label.length)
    .map((p) => p.entry.item);
}

/** The library's `filterNonEmpty`: the elements that pass, or all of them when none does. */
function nonEmpty<T>(array: readonly T[], predicate: (value: T) => boolean): T[] {
  const filtered = array.filter(predicate);
  return filtered.length === 0 ? [...array] : filtered;
}

/**
 * The library's `getProximity` of suggestions to one text, and its `lexicalDistance` (the optimal
 * string alignment distance, its matrix kept as three typed rows).
 */
class LexicalDistance {
  private rows: [Int32Array, Int32Array, Int32Array];
  /**
   * How often each character occurs in the text: all are below 128, as both texts compared are
   * `normalizeText`'s, which keeps only `[a-z0-9_]` (JavaScript's `\W` without the `u` flag).
   * Were another to come, folding it onto those 128 could only count more matches, which keeps
   * `mayBeClose` sound.
   */
  private readonly counts = new Int32Array(128);
  private readonly work = new Int32Array(128);

  constructor(
    private readonly text: string,
    longest: number,
  ) {
    const size = Math.max(longest, text.length) + 1;
    this.rows = [new Int32Array(size), new Int32Array(size), new Int32Array(size)];
    for (let i = 0; i < text.length; i++) {
      this.counts[text.charCodeAt(i) & 127]++;
    }
  }

  /**
   * False only when the proximity of `suggestion` is more than 2. Any edit script turning the text
   * into the suggestion has at least one step per character of the suggestion left unmatched by
   * the text's characters (as multisets), so the distance is at least that count: `n - m + k`
   * where `k` characters of the text (length m) have no partner in the suggestion (length n).
   * With n > m the proximity is that distance minus n - m - 1 (plus 0 or 0.5), so at least
   * 1 + k: more than 2 when k >= 2; with n <= m it is the distance itself, at least max(k, n - m + k).
   */
  mayBeClose(suggestion: string): boolean {
    const work = this.work;
    work.set(this.counts);
    let matched = 0;
    for (let j = 0; j < suggestion.length; j++) {
      const c = suggestion.charCodeAt(j) & 127;
      if (work[c] > 0) {
        work[c]--;
        matched++;
      }
    }
    const m = this.text.length;
    const n = suggestion.length;
    const unmatchedOfText = m - matched;
    const unmatchedOfSuggestion = n - matched;
    return n > m ? unmatchedOfText < 2 : Math.max(unmatchedOfText, unmatchedOfSuggestion) <= 2;
  }

  /** The library's `getProximity(suggestion, text)`. */
  proximity(suggestion: string): number {
    const text = this.text;
    let proximity = this.distance(text, suggestion);
    if (suggestion.length > text.length) {
      proximity -= suggestion.length - text.length - 1;
      proximity += suggestion.startsWith(text) ? 0 : 0.5;
    }
    return proximity;
  }

  /** d[a.length][b.length] of the library's matrix; rows are indexed by `a`'s characters. */
  private distance(a: string, b: string): number {
    const aLength = a.length;
    const bLength = b.length;
    let [older, previous, current] = this.rows;
    for (let j = 0; j <= bLength; j++) {
      previous[j] = j;
    }
    for (let i = 1; i <= aLength; i++) {
      current[0] = i;
      const ai = a.charCodeAt(i - 1);
      const aBefore = i > 1 ? a.charCodeAt(i - 2) : -1;
      for (let j = 1; j <= bLength; j++) {
        const bj = b.charCodeAt(j - 1);
        const cost = ai === bj ? 0 : 1;
        let d = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
        if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && aBefore === bj) {
          d = Math.min(d, older[j - 2] + cost);
        }
        current[j] = d;
      }
      [older, previous, current] = [previous, current, older];
    }
    return previous[bLength];
  }
}
