/**
 * The core's one text vocabulary: 0-based positions and ranges as VS Code and LSP count them
 * (line, and UTF-16 code unit within the line). The language service, the run feature and the
 * error-location mapping all speak it; the VS Code glue converts at the edge.
 */

/** 0-based line and UTF-16 character offset, as in LSP and `vscode.Position`. */
export interface Position {
  readonly line: number;
  readonly character: number;
}

/** Half-open (end-exclusive) range of positions. */
export interface Range {
  readonly start: Position;
  readonly end: Position;
}

/** a <= b */
export function positionLte(a: Position, b: Position): boolean {
  return a.line < b.line || (a.line === b.line && a.character <= b.character);
}

/** True when `p` lies within `r`, both ends included (a cursor right after `}` still counts). */
export function rangeContains(r: Range, p: Position): boolean {
  return positionLte(r.start, p) && positionLte(p, r.end);
}
