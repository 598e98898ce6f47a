/**
 * Where words and tokens of a document model's text start and end: what hover highlights, where a
 * syntax error is shown, and whether a position is past the last token of its line.
 */
import type { DocumentModel } from './documentModel';
import type { Position, Range } from './types';

/** Whether `position` is at (or past) the end of its line, where no token starts or goes on. */
export function atLineEnd(model: DocumentModel, position: Position): boolean {
  const next = model.lineStarts[position.line + 1];
  const lineEnd = next === undefined ? model.text.length : next - 1;
  return model.offsetAt(position) >= lineEnd;
}

const WORD = /[_0-9A-Za-z]/;

/** The identifier at (or just before) a position. */
export function wordRange(model: DocumentModel, position: Position): Range | undefined {
  const lineStart = model.lineStarts[position.line];
  if (lineStart === undefined) {
    return undefined;
  }
  const lineEnd = position.line + 1 < model.lineStarts.length ? model.lineStarts[position.line + 1] - 1 : model.text.length;
  const line = model.text.slice(lineStart, lineEnd);
  let start = Math.min(position.character, line.length);
  if (!WORD.test(line[start] ?? '') && start > 0 && WORD.test(line[start - 1])) {
    start--;
  }
  if (!WORD.test(line[start] ?? '')) {
    return undefined;
  }
  let end = start;
  while (start > 0 && WORD.test(line[start - 1])) {
    start--;
  }
  while (end < line.length && WORD.test(line[end])) {
    end++;
  }
  return { start: { line: position.line, character: start }, end: { line: position.line, character: end } };
}

/** The token at a syntax error's position: a word, or one character, or an empty range at the end. */
export function tokenRange(model: DocumentModel, start: Position): Range {
  const word = wordRange(model, start);
  if (word && word.start.character === start.character) {
    return word;
  }
  const offset = model.offsetAt(start);
  const ch = model.text[offset];
  const end = ch === undefined || ch === '\n' || ch === '\r' ? start : { line: start.line, character: start.character + 1 };
  return { start, end };
}
