/**
 * The bracket scan that proposes where a document's top-level definitions ("chunks") end: a `}`
 * that closes the outermost bracket, outside strings and comments. The document model has
 * graphql-language-service's online parser confirm each proposal (see documentModel.ts).
 */

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

/** Splits `text` into chunk spans and computes the offset at which each line starts. */
export function splitDefinitions(text: string): { spans: ChunkSpan[]; lineStarts: number[] } {
  const lineStarts = [0];
  const spans: ChunkSpan[] = [];
  const n = text.length;
  // Open brackets, innermost last. A closing bracket closes the nearest open one of its kind and
  // whatever is open inside it (as the online parser pops rules until one takes the token), and
  // is skipped when none is open (a stray `)` in a selection set).
  const open: number[] = [];
  let line = 0;
  let chunkStart = 0;
  let chunkStartLine = 0;
  let chunkStartCol = 0;
  let hasToken = false;
  let i = 0;
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
      if (text.startsWith('"""', i)) {
        let close = text.indexOf('"""', i + 3);
        while (close > 0 && text.charCodeAt(close - 1) === 92) {
          close = text.indexOf('"""', close + 3);
        }
        const end = close < 0 ? n : close + 3;
        newlinesUpTo(end);
        i = end;
      } else {
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
        i = Math.min(j, n);
      }
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
            // The rest of the line (blanks, a comment) stays with this definition, so the next
            // one starts at column 0 and edits here do not shift (and re-parse) it.
            let end = i + 1;
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
              line++;
              lineStarts.push(end + 1);
              end++;
              // Empty lines too: the online parser carries a trailing comment's state over them.
              while (end < n && text.charCodeAt(end) === 10) {
                line++;
                lineStarts.push(end + 1);
                end++;
              }
            } else if (end < n) {
              end = i + 1;
            }
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
  return { spans, lineStarts };
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
