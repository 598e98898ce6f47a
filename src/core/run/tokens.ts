import type { LineIndex } from '../text/lineIndex';
import type { Range } from '../text/position';

const NAME_START = /[_A-Za-z]/;
const NAME_CONTINUE = /[_0-9A-Za-z]/;
const PUNCTUATORS = '!$&()[]{}:=@|';

/**
 * The range of the GraphQL token at `offset`: a name, a number, a string (plain or block),
 * `...` or a single punctuator. Works on text that does not lex (unterminated strings, stray
 * characters) since it is used to place diagnostics for exactly such documents. On whitespace
 * or past the end of a line it returns an empty range there; a name is widened back to its start.
 */
export function tokenRangeAt(lines: LineIndex, offset: number): Range {
  const [start, end] = tokenSpanAt(lines.text, offset);
  return lines.rangeOf(start, end);
}

/** Offsets `[start, end)` of the token at `offset`; see {@link tokenRangeAt}. */
export function tokenSpanAt(text: string, offset: number): [number, number] {
  const i = Math.max(0, Math.min(offset, text.length));
  const c = text[i];
  if (c === undefined || c === '\n' || c === '\r' || c === ' ' || c === '\t' || c === ',' || c === '\uFEFF') {
    return [i, i];
  }
  if (NAME_CONTINUE.test(c)) {
    let s = i;
    while (s > 0 && NAME_CONTINUE.test(text[s - 1])) {
      s--;
    }
    if (NAME_START.test(text[s])) {
      let e = i;
      while (e < text.length && NAME_CONTINUE.test(text[e])) {
        e++;
      }
      return [s, e];
    }
  }
  if (/[0-9]/.test(c) || (c === '-' && /[0-9]/.test(text[i + 1] ?? ''))) {
    const m = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 64));
    return [i, i + (m ? m[0].length : 1)];
  }
  if (c === '"') {
    return [i, skipString(text, i)];
  }
  if (text.startsWith('...', i)) {
    return [i, i + 3];
  }
  if (c === '#') {
    let j = i;
    while (j < text.length && text[j] !== '\n' && text[j] !== '\r') {
      j++;
    }
    return [i, j];
  }
  if (PUNCTUATORS.includes(c)) {
    return [i, i + 1];
  }
  // Any other character (a stray `?`, an emoji): cover it, surrogate pairs whole.
  const cp = text.codePointAt(i) ?? 0;
  return [i, i + (cp > 0xffff ? 2 : 1)];
}

/** Index just past the string starting at `i` (block or plain; an unterminated plain one ends at the line). */
export function skipString(text: string, i: number): number {
  if (text.startsWith('"""', i)) {
    let j = i + 3;
    while (j < text.length) {
      if (text.startsWith('\\"""', j)) {
        j += 4;
      } else if (text.startsWith('"""', j)) {
        return j + 3;
      } else {
        j++;
      }
    }
    return j;
  }
  let j = i + 1;
  while (j < text.length && text[j] !== '"' && text[j] !== '\n' && text[j] !== '\r') {
    j += text[j] === '\\' ? 2 : 1;
  }
  return text[j] === '"' ? j + 1 : j;
}
