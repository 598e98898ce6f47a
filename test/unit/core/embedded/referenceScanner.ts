/**
 * THE REFERENCE: the token-by-token scanner that src/core/embedded/templateScanner.ts replaced by a
 * faster one (it jumps to the characters that matter and reads back from them). A deliberate
 * copy of the old Scanner, kept only to test the new one against on random code
 * (scannerDifferential.test.ts); it reads every token and tells regular expressions from
 * divisions by the previous token, as TypeScript's own scanner does before its parser rescans.
 */

import * as chars from '../../../../src/core/embedded/chars';
import { COMMENT_TAG, HASH_TAG, type EmbeddedTemplate, type ScanOptions, type TemplateInterpolation } from '../../../../src/core/embedded/embeddedTemplate';
import { DEFAULT_TAGS, hasTemplateMarker } from '../../../../src/core/embedded/templates';

// Local bindings: a module namespace read on every character costs more than the test itself
// under some loaders (tsx's CommonJS interop turns each access into a getter call).
const { isIdentifierPart, isIdentifierStart, isLineBreak, isWhitespace, skipGenericArguments } = chars;

const LINE_BREAK = /[\n\r\u2028\u2029]/g;
/** Longer block comments are not `/* GraphQL *\/` markers (spare the regex on every JSDoc). */
const MAX_MARKER_LENGTH = 64;
const COMMENT_MARKER = /^\s*graphql\s*$/i;
const HASH_MARKER = /^\s*#graphql\b/;
const MEMBER_EXPRESSION = /^[A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*$/;
/** Words after which `/` starts a regular expression rather than a division. */
const REGEX_AFTER = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await']);

/** Every GraphQL template of `hostText`, in order of their start offsets. Never throws on any input. */
export function referenceFindTemplates(hostText: string, options: ScanOptions = {}): EmbeddedTemplate[] {
  const tags = options.tags && options.tags.length > 0 ? options.tags : DEFAULT_TAGS;
  if (!hasTemplateMarker(hostText, tags)) {
    return [];
  }
  const found = new Scanner(hostText, new Set(tags)).run();
  return found.length > 1 ? found.sort((a, b) => a.start - b.start) : found;
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

/** The state machine; one instance per scan. */
class Scanner {
  private pos = 0;
  private readonly stack: Frame[] = [];
  private readonly found: EmbeddedTemplate[] = [];
  /** Whether a `/` here would start a regular expression. */
  private regexOk = true;
  /**
   * The identifier chain just scanned (`a.b.c`), a candidate tag, as offsets (no string is made
   * unless it is followed by a backtick, `(` or `<`): its start (-1: none), the end of its first
   * word, the start of its last word, its end; `chainOpen` after a trailing dot.
   */
  private chainStart = -1;
  private chainFirstEnd = -1;
  private chainLastStart = -1;
  private chainEnd = -1;
  private chainOpen = false;
  private readonly tagList: readonly string[];
  private readonly dottedTags: boolean;
  /** The tag of a `tag(` call whose first argument may be the template. */
  private callTag: string | undefined;
  /** A `/* GraphQL *\/` comment came right before. */
  private marker = false;

  constructor(
    private readonly text: string,
    private readonly tags: ReadonlySet<string>,
  ) {
    this.tagList = [...tags];
    this.dottedTags = this.tagList.some((t) => t.includes('.'));
  }

  run(): EmbeddedTemplate[] {
    const n = this.text.length;
    while (this.pos < n) {
      const top = this.stack[this.stack.length - 1];
      if (top && top.kind === 'template') {
        this.scanTemplateBody(top);
      } else {
        this.scanCodeToken(top);
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

  private reset(regexOk: boolean): void {
    this.regexOk = regexOk;
    this.chainStart = -1;
    this.chainOpen = false;
    this.callTag = undefined;
    this.marker = false;
  }

  /** Whether text[start, end) is exactly `tag`. */
  private isWord(tag: string, start: number, end: number): boolean {
    return end - start === tag.length && this.text.startsWith(tag, start);
  }

  /**
   * The tag the chain just scanned names (`gql`, `graphql.experimental`: the whole chain, its
   * first or its last word being a tag), or undefined. Allocates only for a match or a dotted
   * configured tag.
   */
  private chainTag(): string | undefined {
    if (this.chainStart < 0 || this.chainOpen) {
      return undefined;
    }
    const dotted = this.chainLastStart !== this.chainStart;
    for (const tag of this.tagList) {
      if (this.isWord(tag, this.chainStart, dotted ? this.chainFirstEnd : this.chainEnd) || (dotted && this.isWord(tag, this.chainLastStart, this.chainEnd))) {
        return this.chainName();
      }
    }
    if (dotted && this.dottedTags) {
      const name = this.chainName();
      return this.tags.has(name) ? name : undefined;
    }
    return undefined;
  }

  /** The chain as a name, without the white space or comments around its dots. */
  private chainName(): string {
    const raw = this.text.slice(this.chainStart, this.chainEnd);
    return this.chainLastStart === this.chainStart ? raw : raw.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n\r]*|\s+/g, '');
  }

  private scanTemplateBody(frame: TemplateFrame): void {
    const text = this.text;
    const n = text.length;
    let i = this.pos;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 92 /* \ */) {
        i += 2;
      } else if (c === 96 /* ` */) {
        this.stack.pop();
        this.emit(frame, i, true);
        this.pos = i + 1;
        this.reset(false);
        return;
      } else if (c === 36 /* $ */ && text.charCodeAt(i + 1) === 123 /* { */) {
        frame.interpolations.push({ start: i, end: -1 });
        this.stack.push({ kind: 'code', depth: 0 });
        this.pos = i + 2;
        this.reset(true);
        return;
      } else {
        i++;
      }
    }
    this.pos = n;
  }

  private scanCodeToken(frame: CodeFrame | undefined): void {
    const text = this.text;
    let i = this.pos;
    let c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 9 || c === 13 || isWhitespace(c)) {
      // A run of white space in one go (indentation is most of a code file).
      do {
        c = text.charCodeAt(++i);
      } while (c === 32 || c === 10 || c === 9 || c === 13);
      this.pos = i;
      if (i >= text.length || !isWhitespace(c)) {
        return;
      }
      this.pos = i + 1;
      return;
    }
    if (c === 47 /* / */) {
      const next = text.charCodeAt(i + 1);
      if (next === 47) {
        LINE_BREAK.lastIndex = i + 2;
        const found = LINE_BREAK.exec(text);
        this.pos = found ? found.index : text.length;
        return;
      }
      if (next === 42 /* * */) {
        const close = text.indexOf('*/', i + 2);
        const end = close < 0 ? text.length : close;
        if (end - i < MAX_MARKER_LENGTH && COMMENT_MARKER.test(text.slice(i + 2, end))) {
          this.marker = true;
        }
        this.pos = close < 0 ? text.length : close + 2;
        return;
      }
      const regexEnd = this.regexOk ? this.regexEnd(i) : -1;
      if (regexEnd > 0) {
        this.pos = regexEnd;
        this.reset(false);
      } else {
        this.pos = i + 1;
        this.reset(true);
      }
      return;
    }
    if (c === 39 /* ' */ || c === 34 /* " */) {
      this.pos = this.stringEnd(i, c);
      this.reset(false);
      return;
    }
    if (c === 96 /* ` */) {
      let tag: string | undefined;
      if (this.marker) {
        tag = COMMENT_TAG;
      } else if ((tag = this.chainTag()) !== undefined) {
        // a tagged template
      } else if (this.callTag) {
        tag = this.callTag;
      }
      this.stack.push({ kind: 'template', backtick: i, tag, interpolations: [] });
      this.pos = i + 1;
      return;
    }
    if (((c | 32) >= 97 && (c | 32) <= 122) || isIdentifierStart(c)) {
      let j = i + 1;
      for (;;) {
        const d = text.charCodeAt(j);
        // ASCII letters and digits first; NaN past the end fails every test.
        if (((d | 32) >= 97 && (d | 32) <= 122) || (d >= 48 && d <= 57) || d === 95 || (d > 127 && isIdentifierPart(d)) || d === 36 || d === 92) {
          j++;
        } else {
          break;
        }
      }
      // Only a short lowercase word can be a keyword after which `/` starts a regular expression.
      const keyword = j - i <= 10 && c >= 97 && c <= 122 && REGEX_AFTER.has(text.slice(i, j));
      const extends_ = this.chainStart >= 0 && this.chainOpen;
      const start = extends_ ? this.chainStart : i;
      const firstEnd = extends_ ? this.chainFirstEnd : j;
      this.reset(keyword);
      this.chainStart = start;
      this.chainFirstEnd = firstEnd;
      this.chainLastStart = i;
      this.chainEnd = j;
      this.pos = j;
      return;
    }
    if (c >= 48 && c <= 57) {
      this.pos = this.numberEnd(i);
      this.reset(false);
      return;
    }
    if (c === 46 /* . */) {
      const next = text.charCodeAt(i + 1);
      if (next >= 48 && next <= 57) {
        this.pos = this.numberEnd(i);
        this.reset(false);
        return;
      }
      const chained = this.chainStart >= 0 && !this.chainOpen;
      const start = this.chainStart;
      this.reset(false);
      if (chained) {
        this.chainStart = start;
        this.chainOpen = true;
      }
      this.pos = i + 1;
      return;
    }
    if (c === 60 /* < */ && this.chainTag() !== undefined) {
      const after = skipGenericArguments(text, i);
      if (after > 0) {
        this.pos = after;
        return;
      }
    }
    const callee = c === 40 /* ( */ ? this.chainTag() : undefined;
    if (callee !== undefined) {
      const tag = callee;
      this.reset(true);
      this.callTag = tag;
      this.pos = i + 1;
      return;
    }
    if ((c === 43 /* + */ || c === 45) /* - */ && text.charCodeAt(i + 1) === c) {
      // `x++ / 2`: after a postfix increment or decrement, `/` divides.
      this.pos = i + 2;
      this.reset(false);
      return;
    }
    if (c === 123 /* { */ && frame) {
      frame.depth++;
    } else if (c === 125 /* } */ && frame) {
      if (frame.depth === 0) {
        this.stack.pop();
        const owner = this.stack[this.stack.length - 1] as TemplateFrame;
        owner.interpolations[owner.interpolations.length - 1].end = i + 1;
        this.pos = i + 1;
        return;
      }
      frame.depth--;
    }
    this.pos = i + 1;
    this.reset(!(c === 41 /* ) */ || c === 93) /* ] */);
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

  private numberEnd(i: number): number {
    const text = this.text;
    let j = i + 1;
    while (j < text.length) {
      const c = text.charCodeAt(j);
      if (isIdentifierPart(c) || c === 46) {
        j++;
      } else if ((c === 43 || c === 45) && (text.charCodeAt(j - 1) | 32) === 101 /* e */ && !/^0[xX]/.test(text.slice(i, j))) {
        j++;
      } else {
        break;
      }
    }
    return j;
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
