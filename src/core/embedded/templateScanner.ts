/**
 * The template scanner. It jumps from one character that matters to the next (a quote, a slash, a
 * backtick, and braces inside `${…}`) with a regular expression, and decides the two questions
 * that need the tokens before (is this backtick a tagged template? is this slash a regular
 * expression?) by reading back from there (ReadBack, templateReadBack.ts) over white space and the
 * comments it passed, to the end of the last string, regex or template it went through. It finds
 * what a token-by-token scanner finds (test/unit/core/embedded/referenceScanner.ts, tested
 * against it on random code) at a fraction of the cost, since most of a code file is identifiers,
 * punctuation and white space that need no look at all.
 */

import * as chars from './chars';
import { HASH_TAG, type EmbeddedTemplate, type TemplateInterpolation } from './embeddedTemplate';
import { ReadBack } from './templateReadBack';

// Local bindings: a module namespace read on every character costs more than the test itself
// under some loaders (tsx's CommonJS interop turns each access into a getter call).
const { isIdentifierPart, isLineBreak } = chars;

const LINE_BREAK = /[\n\r\u2028\u2029]/g;
/** Longer block comments are not `/* GraphQL *\/` markers (spare the regex on every JSDoc). */
const MAX_MARKER_LENGTH = 64;
const COMMENT_MARKER = /^\s*graphql\s*$/i;
const HASH_MARKER = /^\s*#graphql\b/;
const MEMBER_EXPRESSION = /^[A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*$/;

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

/** Finds the GraphQL templates of one host text (run once: a scanner keeps the trail of one scan). */
export class TemplateScanner extends ReadBack {
  private pos = 0;
  private readonly stack: Frame[] = [];
  private readonly found: EmbeddedTemplate[] = [];

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
