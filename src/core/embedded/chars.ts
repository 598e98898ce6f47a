/** Character classes of the embedded-template scanner (ECMAScript's, close enough to never lose a template). */

/** ECMAScript white space and line terminators. */
export function isWhitespace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    c === 0xa0 ||
    c === 0xfeff ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** Line breaks that end a line comment, a string or a regular expression. */
export function isLineBreak(c: number): boolean {
  return c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
}

/** Start of an identifier: ASCII letters, `_`, `$`, `\` (a unicode escape) and any non-ASCII code unit that is not white space. */
export function isIdentifierStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36 || c === 92 || (c > 127 && !isWhitespace(c));
}

export function isIdentifierPart(c: number): boolean {
  return isIdentifierStart(c) || (c >= 48 && c <= 57);
}

/** Characters that may appear in a type argument list (`gql<Query, Vars>`, `gql<{ a: B[] }>`, `gql<'x' | Y>`). */
function isTypeArgumentChar(c: number): boolean {
  return (
    isIdentifierPart(c) ||
    isWhitespace(c) ||
    c === 44 /* , */ ||
    c === 46 /* . */ ||
    c === 91 /* [ */ ||
    c === 93 /* ] */ ||
    c === 123 /* { */ ||
    c === 125 /* } */ ||
    c === 58 /* : */ ||
    c === 59 /* ; */ ||
    c === 124 /* | */ ||
    c === 38 /* & */ ||
    c === 63 /* ? */ ||
    c === 40 /* ( */ ||
    c === 41 /* ) */ ||
    c === 61 /* = */ ||
    c === 39 /* ' */ ||
    c === 34 /* " */
  );
}

/** Longest type argument list we look through (a generic tag's `<…>`). */
const MAX_TYPE_ARGUMENTS = 2000;

/**
 * With `text[lt]` a `<` right after a tag, the offset just past its matching `>` when the
 * list is followed by a backtick or `(` (a generic tag or call), else -1 (a comparison).
 */
export function skipGenericArguments(text: string, lt: number): number {
  let depth = 0;
  const limit = Math.min(text.length, lt + MAX_TYPE_ARGUMENTS);
  for (let j = lt; j < limit; j++) {
    const c = text.charCodeAt(j);
    if (c === 60 /* < */) {
      depth++;
    } else if (c === 62 /* > */) {
      if (text.charCodeAt(j - 1) === 61 /* => */) {
        continue;
      }
      depth--;
      if (depth === 0) {
        let k = j + 1;
        while (k < text.length && isWhitespace(text.charCodeAt(k))) {
          k++;
        }
        const next = text.charCodeAt(k);
        return next === 96 /* ` */ || next === 40 /* ( */ ? j + 1 : -1;
      }
    } else if (!isTypeArgumentChar(c)) {
      return -1;
    }
  }
  return -1;
}
