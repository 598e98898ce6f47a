/**
 * The common prefix and suffix of two versions of a text: where one edit lies (a keystroke
 * changes one place of a large file).
 */

/**
 * Blocks compared before characters: comparing two substrings is one native comparison where a
 * loop of charCodeAt is a JavaScript step per character (0.2-0.9 ms per keystroke on a 5,000-line
 * file).
 */
const BLOCK = 1024;

/**
 * What is known of two versions of a text without comparing them: `text` is `previous` with one
 * region changed, so at least `prefix` characters at its start and `suffix` at its end are the
 * same in both (`prefix + suffix` at most the shorter length). The change event of an edit says
 * so (followedEdit in ./followedText.ts): the affixes then cost the few characters past the
 * edit, not a pass over the whole file (plus the copy of it that reading slices of a text just
 * made by concatenation would force).
 */
export interface KnownEdit {
  readonly previous: string;
  readonly text: string;
  readonly prefix: number;
  readonly suffix: number;
}

/**
 * Length of the common prefix of two texts. `from`: a length up to which they are known to be
 * equal (a KnownEdit's prefix); the answer is the same, only found sooner.
 */
export function commonPrefix(a: string, b: string, from = 0): number {
  const n = Math.min(a.length, b.length);
  let i = Math.min(from, n);
  while (i + BLOCK <= n && a.slice(i, i + BLOCK) === b.slice(i, i + BLOCK)) {
    i += BLOCK;
  }
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) {
    i++;
  }
  return i;
}

/**
 * Length of the common suffix of two texts, not reaching into their common prefix. `from`: a
 * length of suffix known to be equal (a KnownEdit's suffix); the answer is the same, only found
 * sooner.
 */
export function commonSuffix(a: string, b: string, prefix: number, from = 0): number {
  const n = Math.min(a.length, b.length) - prefix;
  let k = Math.max(0, Math.min(from, n));
  while (k + BLOCK <= n && a.slice(a.length - k - BLOCK, a.length - k) === b.slice(b.length - k - BLOCK, b.length - k)) {
    k += BLOCK;
  }
  while (k < n && a.charCodeAt(a.length - 1 - k) === b.charCodeAt(b.length - 1 - k)) {
    k++;
  }
  return k;
}

/**
 * The common prefix and suffix of `previous` and `text` (as commonPrefix and commonSuffix), from
 * the bounds of `known` when it is an edit from `previous` to `text`.
 */
export function commonAffixes(previous: string, text: string, known?: KnownEdit): { prefix: number; suffix: number } {
  const applies = known !== undefined && known.previous === previous && known.text === text;
  const prefix = commonPrefix(previous, text, applies ? known.prefix : 0);
  return { prefix, suffix: commonSuffix(previous, text, prefix, applies ? known.suffix : 0) };
}

/**
 * Two edits in a row as one (what `first` left as it was and `second` did too), or `second` alone
 * when it does not start from `first`'s text.
 */
export function composeEdits(first: KnownEdit | undefined, second: KnownEdit): KnownEdit {
  if (first === undefined || first.text !== second.previous) {
    return second;
  }
  return { previous: first.previous, text: second.text, prefix: Math.min(first.prefix, second.prefix), suffix: Math.min(first.suffix, second.suffix) };
}
