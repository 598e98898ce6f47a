/**
 * The bracket scan that proposes where a document's top-level definitions ("chunks") end: a `}`
 * that closes the outermost bracket, outside strings and comments. The document model has
 * graphql-language-service's online parser confirm each proposal (see documentModel.ts).
 */

import { commonAffixes } from '../text/commonAffix';

/** Where a chunk sits in its document. */
export interface ChunkSpan {
  /** Offsets in the document text, `end` exclusive. */
  readonly start: number;
  readonly end: number;
  readonly startLine: number;
  readonly startCol: number;
  /** Number of lines the chunk covers (its padded text has as many). */
  readonly lineCount: number;
}

/** A document's chunk spans and the offset at which each line starts. */
export interface Split {
  readonly spans: ChunkSpan[];
  readonly lineStarts: number[];
}

/** Splits `text` into chunk spans and computes the offset at which each line starts. */
export function splitDefinitions(text: string): Split {
  const spans: ChunkSpan[] = [];
  const lineStarts = [0];
  scan(text, 0, 0, spans, lineStarts);
  return { spans, lineStarts };
}

/**
 * Splits a new version of a text whose previous version was split: spans before the first changed
 * character are kept, the scan restarts at the end of the last of them (where its state is clean:
 * no bracket open, outside strings and comments), and stops as soon as it ends a span where the
 * previous version ended one, in the unchanged tail, at the same column; the previous spans from
 * there on are shifted. `reused[i]` is the index in `previous.spans` of a new span with the same
 * (padded) text, so its parse can be reused without comparing texts. Equal to splitDefinitions.
 */
export function resplitDefinitions(
  text: string,
  previous: { readonly text: string; readonly spans: readonly ChunkSpan[]; readonly lineStarts: readonly number[] },
): Split & { readonly reused: (number | undefined)[] } {
  const old = previous.text;
  const { prefix, suffix } = commonAffixes(old, text);
  const oldSpans = previous.spans;
  // Kept: spans (never the last, whose end depends on what follows) that end strictly before the
  // first change (the character at a span's end decides where it ends).
  let kept = 0;
  while (kept < oldSpans.length - 1 && oldSpans[kept].end < prefix) {
    kept++;
  }
  // A span that ends mid-line (`} query B {`) was ended after looking past its end, up to the next
  // token: that too must come before the change.
  while (kept > 0 && horizon(old, oldSpans[kept - 1].end) >= prefix) {
    kept--;
  }
  const spans = oldSpans.slice(0, kept);
  const reused: (number | undefined)[] = spans.map((_, i) => i);
  const from = kept > 0 ? oldSpans[kept - 1].end : 0;
  const fromLine = kept > 0 ? oldSpans[kept].startLine : 0;
  const lineStarts = previous.lineStarts.slice(0, fromLine + 1);
  const delta = text.length - old.length;
  const tailStart = text.length - suffix;
  const resync = (end: number, line: number, col: number): boolean => {
    if (end < tailStart) {
      return false;
    }
    const at = spanStartingAt(oldSpans, end - delta);
    if (at < 0 || at === 0 || oldSpans[at].startCol !== col) {
      return false;
    }
    const lineDelta = line - oldSpans[at].startLine;
    while (reused.length < spans.length) {
      reused.push(undefined); // the spans scanned anew
    }
    for (let j = at; j < oldSpans.length; j++) {
      const o = oldSpans[j];
      spans.push({ start: o.start + delta, end: o.end + delta, startLine: o.startLine + lineDelta, startCol: o.startCol, lineCount: o.lineCount });
      reused.push(j);
    }
    const oldStarts = previous.lineStarts;
    for (let l = oldSpans[at].startLine + 1; l < oldStarts.length; l++) {
      lineStarts.push(oldStarts[l] + delta);
    }
    return true;
  };
  scan(text, from, fromLine, spans, lineStarts, resync);
  while (reused.length < spans.length) {
    reused.push(undefined);
  }
  // Trailing blanks and comments after the last definition join it: then it is not the same.
  const last = spans.length - 1;
  const was = reused[last];
  if (was !== undefined && spans[last].end - spans[last].start !== oldSpans[was].end - oldSpans[was].start) {
    reused[last] = undefined;
  }
  return { spans, lineStarts, reused };
}

/**
 * The bracket scan from a clean state at `from` (line `fromLine`, whose start is the last entry of
 * `lineStarts`), pushing spans and line starts; stops early when `resync` takes over the rest.
 */
function scan(text: string, from: number, fromLine: number, spans: ChunkSpan[], lineStarts: number[], resync?: (end: number, line: number, col: number) => boolean): void {
  const n = text.length;
  // Open brackets, innermost last. A closing bracket closes the nearest open one of its kind and
  // whatever is open inside it (as the online parser pops rules until one takes the token), and
  // is skipped when none is open (a stray `)` in a selection set).
  const open: number[] = [];
  let line = fromLine;
  let chunkStart = from;
  let chunkStartLine = fromLine;
  let chunkStartCol = from - lineStarts[fromLine];
  let hasToken = false;
  let i = from;
  const newlinesUpTo = (end: number): void => {
    let at = text.indexOf('\n', i);
    while (at >= 0 && at < end) {
      line++;
      lineStarts.push(at + 1);
      at = text.indexOf('\n', at + 1);
    }
  };
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      line++;
      lineStarts.push(i + 1);
      i++;
    } else if (c === 35) {
      i = commentEnd(text, i);
    } else if (c === 34) {
      hasToken = true;
      const end = stringEnd(text, i);
      if (text.startsWith('"""', i)) {
        newlinesUpTo(end);
      }
      i = end;
    } else {
      if (c === 123 || c === 40 || c === 91) {
        open.push(c);
        hasToken = true;
      } else if (c === 125 || c === 41 || c === 93) {
        hasToken = true;
        const opener = c === 125 ? 123 : c === 41 ? 40 : 91;
        const at = open.lastIndexOf(opener);
        if (at >= 0) {
          open.length = at;
          if (at === 0 && c === 125) {
            const before = lineStarts.length;
            const end = definitionEnd(text, i, lineStarts);
            line += lineStarts.length - before;
            spans.push({
              start: chunkStart,
              end,
              startLine: chunkStartLine,
              startCol: chunkStartCol,
              lineCount: line - chunkStartLine + 1,
            });
            chunkStart = end;
            chunkStartLine = line;
            chunkStartCol = end - lineStarts[line];
            if (resync?.(end, line, chunkStartCol)) {
              return;
            }
            hasToken = false;
            i = end;
            continue;
          }
        }
      } else if (c !== 32 && c !== 9 && c !== 13 && c !== 44 && c !== 0xfeff) {
        hasToken = true;
      }
      i++;
    }
  }
  if (hasToken || spans.length === 0) {
    spans.push({ start: chunkStart, end: n, startLine: chunkStartLine, startCol: chunkStartCol, lineCount: line - chunkStartLine + 1 });
  } else {
    // Trailing whitespace and comments belong to the last definition.
    const last = spans[spans.length - 1];
    spans[spans.length - 1] = { ...last, end: n, lineCount: line - last.startLine + 1 };
  }
}

/** Where the string token at `i` ends: after a block string's closing `"""` (escaped ones skipped), a line string's closing quote, or at its line's end. */
function stringEnd(text: string, i: number): number {
  const n = text.length;
  if (text.startsWith('"""', i)) {
    let close = text.indexOf('"""', i + 3);
    while (close > 0 && text.charCodeAt(close - 1) === 92) {
      close = text.indexOf('"""', close + 3);
    }
    return close < 0 ? n : close + 3;
  }
  let j = i + 1;
  while (j < n) {
    const d = text.charCodeAt(j);
    if (d === 92) {
      j += 2;
    } else if (d === 34) {
      j++;
      break;
    } else if (d === 10) {
      break;
    } else {
      j++;
    }
  }
  return Math.min(j, n);
}

/**
 * Where a top-level definition whose `}` is at `close` ends: the rest of its line (blanks, commas, a
 * comment) and the empty lines after it stay with it, so the next one starts at column 0 and edits
 * here do not shift (and re-parse) it. Pushes the starts of the lines it passes onto `lineStarts`.
 */
function definitionEnd(text: string, close: number, lineStarts: number[]): number {
  const n = text.length;
  let end = close + 1;
  while (end < n && (text.charCodeAt(end) === 32 || text.charCodeAt(end) === 9 || text.charCodeAt(end) === 13 || text.charCodeAt(end) === 44)) {
    end++;
  }
  if (end < n && text.charCodeAt(end) === 35) {
    end = commentEnd(text, end);
  }
  if (end + 1 < n && text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10) {
    end++;
  }
  if (end < n && text.charCodeAt(end) === 10) {
    lineStarts.push(end + 1);
    end++;
    // Empty lines too: the online parser carries a trailing comment's state over them.
    while (end < n && text.charCodeAt(end) === 10) {
      lineStarts.push(end + 1);
      end++;
    }
  } else if (end < n) {
    end = close + 1;
  }
  return end;
}

/** The last character the scan read to decide that a span ends at `end`. */
function horizon(text: string, end: number): number {
  if (text.charCodeAt(end - 1) === 10) {
    return end;
  }
  let h = end;
  while (h < text.length && (text.charCodeAt(h) === 32 || text.charCodeAt(h) === 9 || text.charCodeAt(h) === 13 || text.charCodeAt(h) === 44)) {
    h++;
  }
  if (h < text.length && text.charCodeAt(h) === 35) {
    h = commentEnd(text, h);
  }
  // A comment ending at a carriage return: the scan looks at the next character for a line feed.
  return text.charCodeAt(h) === 13 ? h + 1 : h;
}

/** Index of the span that starts at `offset`, or -1 (binary search). */
function spanStartingAt(spans: readonly ChunkSpan[], offset: number): number {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const start = spans[mid].start;
    if (start === offset) {
      return mid;
    }
    if (start < offset) {
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return -1;
}

/** Where a comment starting at `at` ends: at a line feed or carriage return, as graphql's lexer has it. */
function commentEnd(text: string, at: number): number {
  let i = at + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) {
      return i;
    }
    i++;
  }
  return i;
}
