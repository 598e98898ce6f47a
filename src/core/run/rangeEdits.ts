import { positionLte, type Position, type Range } from '../text/position';

/** One text change: `range` of the old text replaced by `text`. */
export interface TextEdit {
  range: Range;
  text: string;
}

/**
 * Keeps ranges (of server diagnostics) in place across an edit: a range the edit touches is
 * dropped (its text changed, so the server's message no longer applies); a range after the
 * edit moves with the text; a range before it stays. Returns undefined for a dropped range.
 */
export function adjustRangeForEdit(range: Range, edit: TextEdit): Range | undefined {
  const e = edit.range;
  // Touching counts: typing right at the start or end of a token changes the token.
  if (positionLte(e.start, range.end) && positionLte(range.start, e.end)) {
    return undefined;
  }
  if (positionLte(range.end, e.start)) {
    return range;
  }
  const lines = edit.text.split(/\r\n|\r|\n/);
  const lineDelta = lines.length - 1 - (e.end.line - e.start.line);
  const endOfInsert: Position =
    lines.length === 1
      ? { line: e.start.line, character: e.start.character + lines[0].length }
      : { line: e.start.line + lines.length - 1, character: lines[lines.length - 1].length };
  const move = (p: Position): Position =>
    p.line === e.end.line ? { line: endOfInsert.line, character: endOfInsert.character + (p.character - e.end.character) } : { line: p.line + lineDelta, character: p.character };
  return { start: move(range.start), end: move(range.end) };
}
