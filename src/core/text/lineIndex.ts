import type { Position, Range } from './position';

/**
 * Converts between string offsets and 0-based positions of one text. Line breaks are `\r\n`,
 * `\n` or `\r`, as both graphql-js and VS Code count them.
 */
export class LineIndex {
  /** Offset of the first character of each line. */
  readonly lineStarts: number[];

  constructor(readonly text: string) {
    this.lineStarts = [0];
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 13 /* \r */) {
        if (text.charCodeAt(i + 1) === 10) {
          i++;
        }
        this.lineStarts.push(i + 1);
      } else if (c === 10 /* \n */) {
        this.lineStarts.push(i + 1);
      }
    }
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  /** Offset just past the last character of `line`, before its line break. */
  lineEnd(line: number): number {
    if (line + 1 >= this.lineStarts.length) {
      return this.text.length;
    }
    let end = this.lineStarts[line + 1];
    if (this.text.charCodeAt(end - 1) === 10) {
      end--;
    }
    if (this.text.charCodeAt(end - 1) === 13) {
      end--;
    }
    return end;
  }

  positionAt(offset: number): Position {
    return positionInLines(this.lineStarts, Math.max(0, Math.min(offset, this.text.length)));
  }

  /** Offset of a position, clamped into the text and into its line. */
  offsetAt(position: Position): number {
    const line = Math.max(0, Math.min(position.line, this.lineStarts.length - 1));
    const start = this.lineStarts[line];
    return Math.max(start, Math.min(start + Math.max(0, position.character), this.lineEnd(line)));
  }

  rangeOf(startOffset: number, endOffset: number): Range {
    return { start: this.positionAt(startOffset), end: this.positionAt(endOffset) };
  }
}

/** The position of `offset` given the offsets where lines start (binary search; one for the whole core). */
export function positionInLines(lineStarts: readonly number[], offset: number): Position {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid] <= offset) {
      lo = mid;
    } else {
      hi = mid - 1;
    }
  }
  return { line: lo, character: offset - lineStarts[lo] };
}
