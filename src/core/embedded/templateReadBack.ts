/**
 * Reading back from a backtick or a slash: the two questions the template scanner cannot answer
 * going forwards (is this backtick a tagged template, and which tag? is this slash a regular
 * expression?) are decided from the tokens before, as TypeScript's own scanner does before its
 * parser rescans. ReadBack keeps the trail the scanner leaves (the ends of the tokens it passed,
 * the comments it skipped, the `/* GraphQL *\/` markers) and reads back over white space and
 * comments to the end of the last token passed. The scanner (templateScanner.ts) extends it.
 */

import * as chars from './chars';
import { COMMENT_TAG } from './embeddedTemplate';

// Local bindings: a module namespace read on every character costs more than the test itself
// under some loaders (tsx's CommonJS interop turns each access into a getter call).
const { isIdentifierPart, isWhitespace, skipGenericArguments } = chars;
const isWordChar = isIdentifierPart;
/** Longest type argument list read back from a generic tag's `>`. */
const MAX_TYPE_ARGUMENTS_BACK = 2000;
/** Words after which `/` starts a regular expression rather than a division. */
const REGEX_AFTER = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await']);

/** The trail of the tokens a scan passed, and the decisions read back from it. */
export abstract class ReadBack {
  /** End of the last string, regex, template, `${`, brace or operator slash passed (reading back stops there). */
  protected lastEnd = 0;
  /** Whether a `/` right after that token starts a regular expression. */
  protected lastRegexOk = true;
  /** The end of every such token, in order (a generic's `<…>` may hold strings: reading back from before it). */
  protected readonly ends: number[] = [];
  /** Comments passed, by their end offset (exclusive): their start. */
  protected readonly commentStart = new Map<number, number>();
  /** End offsets of the `/* GraphQL *\/` comments passed. */
  protected readonly markers = new Set<number>();
  private readonly tagList: readonly string[];
  private readonly dottedTags: boolean;

  constructor(
    protected readonly text: string,
    private readonly tags: ReadonlySet<string>,
  ) {
    this.tagList = [...tags];
    this.dottedTags = this.tagList.some((t) => t.includes('.'));
  }

  /** The end of the last token passed at or before `offset` (0: none). */
  private endAtOrBefore(offset: number): number {
    const ends = this.ends;
    let lo = 0;
    let hi = ends.length - 1;
    let found = 0;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (ends[mid] <= offset) {
        found = ends[mid];
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found;
  }

  /** The offset of the last character before `i` that is not white space or in a comment passed, down to `floor` (floor - 1: none). */
  private back(i: number, floor: number): number {
    const text = this.text;
    let j = i - 1;
    while (j >= floor) {
      const c = text.charCodeAt(j);
      if (c === 32 || c === 10 || c === 9 || c === 13 || isWhitespace(c)) {
        j--;
        continue;
      }
      const start = this.commentStart.get(j + 1);
      if (start === undefined) {
        break;
      }
      j = start - 1;
    }
    return j;
  }

  /** Whether any `/* GraphQL *\/` comment lies between `j` and `i` (only white space and comments between them). */
  private markerBetween(j: number, i: number): boolean {
    if (this.markers.size === 0) {
      return false;
    }
    for (const end of this.markers) {
      if (end > j && end <= i) {
        return true;
      }
    }
    return false;
  }

  /** Whether a `/` at `i` starts a regular expression, from the token before it. */
  protected regexOkBefore(i: number): boolean {
    const text = this.text;
    const j = this.back(i, this.lastEnd);
    if (j < this.lastEnd) {
      return this.lastRegexOk;
    }
    const c = text.charCodeAt(j);
    if (isWordChar(c)) {
      let k = j;
      while (k > this.lastEnd && isWordChar(text.charCodeAt(k - 1))) {
        k--;
      }
      if (this.inNumber(k, this.lastEnd)) {
        return false; // a number
      }
      const first = text.charCodeAt(k);
      // Only a short lowercase word can be a keyword after which `/` starts a regular expression.
      return j - k < 10 && first >= 97 && first <= 122 && REGEX_AFTER.has(text.slice(k, j + 1));
    }
    if (c === 41 /* ) */ || c === 93 /* ] */ || c === 46 /* . */) {
      return false;
    }
    if (c === 43 /* + */ || c === 45 /* - */) {
      // `x++ / 2`: the run `+++` is `++` then `+`: an even run ends with a postfix operator.
      let k = j;
      while (k > this.lastEnd && text.charCodeAt(k - 1) === c) {
        k--;
      }
      return (j - k + 1) % 2 === 1;
    }
    return true;
  }

  /** The tag of a template whose backtick is at `i`, from what comes before it (undefined: untagged). */
  protected tagBefore(i: number): string | undefined {
    const text = this.text;
    const j = this.back(i, this.lastEnd);
    if (this.markerBetween(j, i)) {
      return COMMENT_TAG;
    }
    if (j < this.lastEnd) {
      return undefined;
    }
    const c = text.charCodeAt(j);
    if (isWordChar(c)) {
      return this.chainTagEndingAt(j);
    }
    if (c === 62 /* > */) {
      return this.genericTagEndingAt(j);
    }
    if (c === 40 /* ( */) {
      const k = this.back(j, this.lastEnd);
      if (k < this.lastEnd) {
        return undefined;
      }
      const d = text.charCodeAt(k);
      return isWordChar(d) ? this.chainTagEndingAt(k) : d === 62 ? this.genericTagEndingAt(k) : undefined;
    }
    return undefined;
  }

  /** With `text[gt]` the `>` of a type argument list, the tag of the chain before its `<` (a generic tag or call). */
  private genericTagEndingAt(gt: number): string | undefined {
    const text = this.text;
    // The `<` that opens the list: `=>` is an arrow inside it, not a closer.
    let depth = 0;
    let lt = -1;
    const limit = Math.max(0, gt - MAX_TYPE_ARGUMENTS_BACK);
    for (let k = gt; k >= limit; k--) {
      const c = text.charCodeAt(k);
      if (c === 62 /* > */ && text.charCodeAt(k - 1) !== 61 /* = */) {
        depth++;
      } else if (c === 60 /* < */) {
        depth--;
        if (depth === 0) {
          lt = k;
          break;
        }
      }
    }
    // The list is one the token-by-token reading would skip: the same check, forwards.
    if (lt < 0 || skipGenericArguments(text, lt) !== gt + 1) {
      return undefined;
    }
    const floor = this.endAtOrBefore(lt);
    const k = this.back(lt, floor);
    return k >= floor && isWordChar(text.charCodeAt(k)) ? this.chainTagEndingAt(k, floor) : undefined;
  }

  /**
   * The tag the identifier chain ending at `j` names (`gql`, `graphql.experimental`: the whole
   * chain, its first or its last word being a tag), or undefined. Words are joined by dots, with
   * white space and comments allowed around them; a chain that starts with a number is none.
   */
  private chainTagEndingAt(j: number, floor = this.lastEnd): string | undefined {
    const text = this.text;
    const words: [number, number][] = [];
    let end = j;
    for (;;) {
      let k = end;
      while (k > floor && isWordChar(text.charCodeAt(k - 1))) {
        k--;
      }
      if (this.inNumber(k, floor)) {
        // Part of a number token (`1.gql`, `1e5`): no chain here; after a dot, the chain starts past it.
        if (words.length === 0) {
          return undefined;
        }
        break;
      }
      words.push([k, end + 1]);
      const dot = this.back(k, floor);
      if (dot < floor || text.charCodeAt(dot) !== 46 /* . */) {
        break;
      }
      const before = this.back(dot, floor);
      if (before < floor || !isWordChar(text.charCodeAt(before))) {
        break; // `x().gql`: the chain starts after the dot
      }
      end = before;
    }
    words.reverse();
    const dotted = words.length > 1;
    const [firstStart, firstEnd] = words[0];
    const [lastStart, lastEnd] = words[words.length - 1];
    for (const tag of this.tagList) {
      if (this.isWord(tag, firstStart, firstEnd) || (dotted && this.isWord(tag, lastStart, lastEnd))) {
        return this.chainName(words);
      }
    }
    if (dotted && this.dottedTags) {
      const name = this.chainName(words);
      return this.tags.has(name) ? name : undefined;
    }
    return undefined;
  }

  /**
   * Whether the word starting at `k` lies in a number token: a number (a digit where a word
   * starts, or a dot followed by a digit) begins in the run of word characters and dots that
   * holds it, at or before `k`; it takes the rest of that run.
   */
  private inNumber(k: number, floor: number): boolean {
    const text = this.text;
    let r = k;
    while (r > floor) {
      const c = text.charCodeAt(r - 1);
      if (c === 46 || isWordChar(c)) {
        r--;
      } else {
        break;
      }
    }
    for (let p = r; p <= k; p++) {
      const c = text.charCodeAt(p);
      if (c >= 48 && c <= 57 && (p === r || text.charCodeAt(p - 1) === 46)) {
        return true;
      }
    }
    return false;
  }

  private chainName(words: readonly [number, number][]): string {
    return words.length === 1 ? this.text.slice(words[0][0], words[0][1]) : words.map(([s, e]) => this.text.slice(s, e)).join('.');
  }

  /** Whether text[start, end) is exactly `tag`. */
  private isWord(tag: string, start: number, end: number): boolean {
    return end - start === tag.length && this.text.startsWith(tag, start);
  }
}
