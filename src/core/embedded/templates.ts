/**
 * Finds GraphQL inside TypeScript and JavaScript: `gql` / `graphql` tagged templates (generic
 * `gql<T>` and member tags such as `graphql.experimental` included), `graphql(`…`)` calls,
 * templates after a `/* GraphQL *\/` comment and templates that start with `#graphql`.
 *
 * A hand-written scanner rather than the TypeScript scanner: bundling `typescript` would add
 * megabytes to a VSIX that must stay small, and loading it costs far more than scanning. The
 * scanner knows what can hide a backtick (strings, comments, regular expressions, nested
 * templates inside `${}`) and tells regular expressions from divisions by the previous token,
 * as TypeScript's own scanner does before its parser rescans. It looks only at the characters
 * that can start one of those (see Scanner); test/unit/core/embedded/referenceScanner.ts is the
 * token-by-token scanner it replaced, which it is tested against.
 */

import * as chars from './chars';

// Local bindings: a module namespace read on every character costs more than the test itself
// under some loaders (tsx's CommonJS interop turns each access into a getter call).
const { isIdentifierPart, isLineBreak, isWhitespace, skipGenericArguments } = chars;
const isWordChar = isIdentifierPart;
/** Longest type argument list read back from a generic tag's `>`. */
const MAX_TYPE_ARGUMENTS_BACK = 2000;

/** One `${…}` of a template; offsets relative to the template's `text`, `end` just past the `}`. */
export interface TemplateInterpolation {
  readonly start: number;
  readonly end: number;
  /** `${Name}` when the expression is one identifier (or a.b member) */
  readonly identifier?: string;
}

/** One GraphQL template literal found in a host file. */
export interface EmbeddedTemplate {
  /** host-text offset of the first GraphQL character (just after the opening backtick) */
  readonly start: number;
  /** host-text offset just past the last GraphQL character (the closing backtick's offset) */
  readonly end: number;
  /** host text [start, end) with every `${…}` replaced by spaces of the same length (line breaks kept), so hostOffset = start + offset */
  readonly text: string;
  /** 'gql' | 'graphql' | configured tag | 'graphql.experimental' ... | '/* GraphQL *\/' | '#graphql' */
  readonly tag: string;
  /** relative to `text` */
  readonly interpolations: readonly TemplateInterpolation[];
  /** False when the file ends before the closing backtick (the user is still typing). */
  readonly closed: boolean;
}

export interface ScanOptions {
  readonly tags?: readonly string[];
}

/** Tag names recognised when `tenantGraphql.embedded.tags` is not set. */
export const DEFAULT_TAGS: readonly string[] = Object.freeze(['gql', 'graphql']);

/** Whether a value is a usable tag list (`tenantGraphql.embedded.tags`): a non-empty list of identifiers or dotted member names. */
export function isTagList(value: unknown): value is string[] {
  return Array.isArray(value) && value.length > 0 && value.every((t) => typeof t === 'string' && /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(t));
}

/** The tag reported for a template after a `/* GraphQL *\/` comment. */
export const COMMENT_TAG = '/* GraphQL */';
/** The tag reported for a template whose text starts with `#graphql`. */
export const HASH_TAG = '#graphql';

const GRAPHQL_WORD = /graphql/i;
const LINE_BREAK = /[\n\r\u2028\u2029]/g;
/** Longer block comments are not `/* GraphQL *\/` markers (spare the regex on every JSDoc). */
const MAX_MARKER_LENGTH = 64;
const COMMENT_MARKER = /^\s*graphql\s*$/i;
const HASH_MARKER = /^\s*#graphql\b/;
const MEMBER_EXPRESSION = /^[A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*$/;
/** Words after which `/` starts a regular expression rather than a division. */
const REGEX_AFTER = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await']);

/**
 * The cheap pre-check: false means the text cannot hold a GraphQL template (no backtick, or
 * neither a tag name nor the word GraphQL), so a file with none costs one or two `indexOf`s.
 */
export function hasTemplateMarker(hostText: string, tags: readonly string[] = DEFAULT_TAGS): boolean {
  if (hostText.indexOf('`') < 0) {
    return false;
  }
  for (const tag of tags) {
    const word = tag.split('.')[0];
    if (word && hostText.includes(word)) {
      return true;
    }
  }
  return GRAPHQL_WORD.test(hostText);
}

/** Every GraphQL template of `hostText`, in order of their start offsets. Never throws on any input. */
export function findTemplates(hostText: string, options: ScanOptions = {}): EmbeddedTemplate[] {
  const tags = options.tags && options.tags.length > 0 ? options.tags : DEFAULT_TAGS;
  if (!hasTemplateMarker(hostText, tags)) {
    return [];
  }
  const found = new Scanner(hostText, new Set(tags)).run();
  return found.length > 1 ? found.sort((a, b) => a.start - b.start) : found;
}

/** True when `offset` (relative to the template text) lies inside one of its `${…}`. */
export function inInterpolation(template: EmbeddedTemplate, offset: number): boolean {
  return template.interpolations.some((i) => offset > i.start && offset < i.end);
}

interface OpenInterpolation {
  readonly start: number;
  end: number;
}
interface TemplateFrame {
  readonly kind: 'template';
  /** offset of the opening backtick */
  readonly backtick: number;
  /** set when the template is GraphQL */
  readonly tag: string | undefined;
  readonly interpolations: OpenInterpolation[];
}
interface CodeFrame {
  readonly kind: 'code';
  /** `{` nesting inside the `${`; the `}` at depth 0 closes it */
  depth: number;
}
type Frame = TemplateFrame | CodeFrame;

/** Code outside any `${…}`: the characters that can start a string, comment, regex or template. */
const CODE_OUTSIDE = /[`'"/]/g;
/** Code inside a `${…}`: the same, and the braces that tell its end. */
const CODE_INSIDE = /[`'"/{}]/g;
/** A template's body: its end, an escape, an interpolation. */
const TEMPLATE_BODY = /[`\\]|\$\{/g;

/**
 * The scanner. It jumps from one character that matters to the next (a quote, a slash, a
 * backtick, and braces inside `${…}`) with a regular expression, and decides the two questions
 * that need the tokens before (is this backtick a tagged template? is this slash a regular
 * expression?) by reading back from there over white space and the comments it passed, to the
 * end of the last string, regex or template it went through. It finds what a token-by-token
 * scanner finds (tested against one on random code) at a fraction of the cost, since most of a
 * code file is identifiers, punctuation and white space that need no look at all.
 */
class Scanner {
  private pos = 0;
  private readonly stack: Frame[] = [];
  private readonly found: EmbeddedTemplate[] = [];
  /** End of the last string, regex, template, `${`, brace or operator slash passed (reading back stops there). */
  private lastEnd = 0;
  /** Whether a `/` right after that token starts a regular expression. */
  private lastRegexOk = true;
  /** The end of every such token, in order (a generic's `<…>` may hold strings: reading back from before it). */
  private readonly ends: number[] = [];
  /** Comments passed, by their end offset (exclusive): their start. */
  private readonly commentStart = new Map<number, number>();
  /** End offsets of the `/* GraphQL *\/` comments passed. */
  private readonly markers = new Set<number>();
  private readonly tagList: readonly string[];
  private readonly dottedTags: boolean;

  constructor(
    private readonly text: string,
    private readonly tags: ReadonlySet<string>,
  ) {
    this.tagList = [...tags];
    this.dottedTags = this.tagList.some((t) => t.includes('.'));
  }

  run(): EmbeddedTemplate[] {
    const text = this.text;
    const n = text.length;
    while (this.pos < n) {
      const top = this.stack[this.stack.length - 1];
      if (top && top.kind === 'template') {
        TEMPLATE_BODY.lastIndex = this.pos;
        const m = TEMPLATE_BODY.exec(text);
        if (!m) {
          this.pos = n;
          break;
        }
        const i = m.index;
        const c = text.charCodeAt(i);
        if (c === 92 /* \ */) {
          this.pos = i + 2;
        } else if (c === 96 /* ` */) {
          this.stack.pop();
          this.emit(top, i, true);
          this.passed(i + 1, false);
        } else {
          top.interpolations.push({ start: i, end: -1 });
          this.stack.push({ kind: 'code', depth: 0 });
          this.passed(i + 2, true);
        }
        continue;
      }
      const pattern = top ? CODE_INSIDE : CODE_OUTSIDE;
      pattern.lastIndex = this.pos;
      const m = pattern.exec(text);
      if (!m) {
        this.pos = n;
        break;
      }
      const i = m.index;
      const c = text.charCodeAt(i);
      if (c === 47 /* / */) {
        this.slash(i);
      } else if (c === 39 /* ' */ || c === 34 /* " */) {
        this.passed(this.stringEnd(i, c), false);
      } else if (c === 96 /* ` */) {
        this.stack.push({ kind: 'template', backtick: i, tag: this.tagBefore(i), interpolations: [] });
        this.pos = i + 1;
      } else if (c === 123 /* { */) {
        (top as CodeFrame).depth++;
        this.passed(i + 1, true);
      } else {
        const frame = top as CodeFrame;
        if (frame.depth === 0) {
          this.stack.pop();
          const owner = this.stack[this.stack.length - 1] as TemplateFrame;
          owner.interpolations[owner.interpolations.length - 1].end = i + 1;
          this.pos = i + 1;
        } else {
          frame.depth--;
          this.passed(i + 1, true);
        }
      }
    }
    // End of file inside templates: close what is open, innermost first.
    for (let i = this.stack.length - 1; i >= 0; i--) {
      const frame = this.stack[i];
      if (frame.kind === 'template') {
        this.emit(frame, n, false);
      }
      // An open `${` keeps end -1: emit runs it to the end of the file, its expression whole.
    }
    return this.found;
  }

  /** A token ends at `end`; a `/` right after it starts a regex when `regexOk`. */
  private passed(end: number, regexOk: boolean): void {
    this.pos = end;
    this.lastEnd = end;
    this.lastRegexOk = regexOk;
    this.ends.push(end);
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

  /** A `/` in code: a comment, a regular expression or a division. */
  private slash(i: number): void {
    const text = this.text;
    const next = text.charCodeAt(i + 1);
    if (next === 47 /* / */) {
      LINE_BREAK.lastIndex = i + 2;
      const found = LINE_BREAK.exec(text);
      const end = found ? found.index : text.length;
      this.commentStart.set(end, i);
      this.pos = end;
      return;
    }
    if (next === 42 /* * */) {
      const close = text.indexOf('*/', i + 2);
      const end = close < 0 ? text.length : close + 2;
      const inner = close < 0 ? text.length : close;
      if (inner - i < MAX_MARKER_LENGTH && COMMENT_MARKER.test(text.slice(i + 2, inner))) {
        this.markers.add(end);
      }
      this.commentStart.set(end, i);
      this.pos = end;
      return;
    }
    const regexEnd = this.regexOkBefore(i) ? this.regexEnd(i) : -1;
    if (regexEnd > 0) {
      this.passed(regexEnd, false);
    } else {
      this.passed(i + 1, true);
    }
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
  private regexOkBefore(i: number): boolean {
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
  private tagBefore(i: number): string | undefined {
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

  /** End of a `/…/flags` regular expression at `i`, or -1 when none closes on this line (then it was a division). */
  private regexEnd(i: number): number {
    const text = this.text;
    let inClass = false;
    for (let j = i + 1; j < text.length; j++) {
      const c = text.charCodeAt(j);
      if (c === 92) {
        j++;
      } else if (isLineBreak(c)) {
        return -1;
      } else if (c === 91 /* [ */) {
        inClass = true;
      } else if (c === 93 /* ] */) {
        inClass = false;
      } else if (c === 47 && !inClass) {
        let k = j + 1;
        while (k < text.length && isIdentifierPart(text.charCodeAt(k))) {
          k++;
        }
        return k;
      }
    }
    return -1;
  }

  /** End of a quoted string; an unterminated one ends at its line break. */
  private stringEnd(i: number, quote: number): number {
    const text = this.text;
    let j = i + 1;
    while (j < text.length) {
      const c = text.charCodeAt(j);
      if (c === quote) {
        return j + 1;
      }
      if (c === 92) {
        j += text.charCodeAt(j + 1) === 13 && text.charCodeAt(j + 2) === 10 ? 3 : 2;
      } else if (isLineBreak(c)) {
        return j;
      } else {
        j++;
      }
    }
    return text.length;
  }

  private emit(frame: TemplateFrame, end: number, closed: boolean): void {
    const start = frame.backtick + 1;
    const raw = this.text.slice(start, end);
    const tag = frame.tag ?? (HASH_MARKER.test(raw) ? HASH_TAG : undefined);
    if (tag === undefined) {
      return;
    }
    const interpolations: TemplateInterpolation[] = [];
    let text = '';
    let last = start;
    for (const open of frame.interpolations) {
      const iEnd = open.end < 0 ? end : Math.min(open.end, end);
      text += this.text.slice(last, open.start) + blank(this.text.slice(open.start, iEnd));
      last = iEnd;
      const expression = this.text.slice(open.start + 2, open.end > 0 ? open.end - 1 : iEnd).trim();
      const identifier = MEMBER_EXPRESSION.test(expression) ? expression.replace(/\s+/g, '') : undefined;
      interpolations.push(identifier ? { start: open.start - start, end: iEnd - start, identifier } : { start: open.start - start, end: iEnd - start });
    }
    text += this.text.slice(last, end);
    this.found.push({ start, end, text, tag, interpolations, closed });
  }
}

/** `s` with every character but line breaks turned into a space. */
function blank(s: string): string {
  return s.replace(/[^\r\n]/g, ' ');
}
