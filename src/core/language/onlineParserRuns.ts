/**
 * Runs of graphql-language-service's online parser, line by line as its runOnlineParser does:
 * over a whole chunk (the variable scopes of a chunk that does not parse), and from a chunk's
 * start to tell where the parser is back at document level (the chunk ends it confirms).
 */
import { CharacterStream, onlineParser, type State } from 'graphql-language-service';

/** Runs graphql-language-service's online parser over `text` as its runOnlineParser does. */
export function forEachParserState(text: string, callback: (state: State) => void): void {
  const parser = onlineParser();
  let state = parser.startState();
  for (const line of text.split('\n')) {
    const stream = new CharacterStream(line);
    while (!stream.eol()) {
      parser.token(stream, state);
      callback(state);
    }
    if (!state.kind) {
      state = parser.startState();
    }
  }
}

/**
 * Runs graphql-language-service's online parser (line by line, as its runOnlineParser does) over
 * `text` from offset `start`, which it takes to be at document level and at column `startCol`
 * of its line, and tells for each offset in `ends` (ascending) whether it is back at document
 * level there, at a line break or right after a `}` token. Stops at the first such offset; later
 * ones stay undefined.
 */
export function closesAt(text: string, start: number, startCol: number, ends: readonly number[]): Array<boolean | undefined> {
  const out: Array<boolean | undefined> = ends.map(() => undefined);
  const parser = onlineParser();
  let state = parser.startState();
  let next = 0;
  const check = (offset: number, lastToken: string, lineBreak: boolean): boolean => {
    while (next < ends.length && ends[next] < offset) {
      out[next++] = false;
    }
    if (next < ends.length && ends[next] === offset) {
      // A cut inside a line must follow a `}` token: a longer token (a run of unknown
      // characters, a string) goes on past it in the whole text.
      const ok = atDocumentLevel(state) && (lineBreak || lastToken === '}');
      out[next++] = ok;
      return ok;
    }
    return false;
  };
  let lineStart = start;
  let pad = startCol;
  while (lineStart <= text.length && next < ends.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) {
      lineEnd = text.length;
    }
    // Columns as in the document: the first line is padded to its start column.
    const stream = new CharacterStream(' '.repeat(pad) + text.slice(lineStart, lineEnd));
    const base = lineStart - pad;
    pad = 0;
    while (!stream.eol()) {
      parser.token(stream, state);
      if (!stream.eol() && check(base + stream.getCurrentPosition(), stream.current(), false)) {
        return out;
      }
    }
    if (!state.kind) {
      state = parser.startState();
    }
    // Offsets just past the line feed; at the end of the text, a cut inside a line unless the
    // text ends with a line feed.
    const atTextEnd = lineEnd === text.length;
    if (check(atTextEnd ? lineEnd : lineEnd + 1, stream.current(), !atTextEnd || stream.getCurrentPosition() === 0)) {
      return out;
    }
    lineStart = lineEnd + 1;
  }
  return out;
}

/**
 * Whether the online parser's state is as at the start of a document, apart from an empty rule
 * (an unknown token, a comment) that its next token pops.
 */
function atDocumentLevel(top: State): boolean {
  if (top.needsAdvance || top.inBlockstring) {
    return false;
  }
  const state = (top.kind === 'Invalid' || top.kind === 'Comment') && top.prevState ? top.prevState : top;
  return state.kind === 'Document' && state.step === 0 && !state.needsSeparator && !state.name && !state.type && !state.prevState?.kind;
}
