/**
 * Ranges between core and VS Code: the one place a `vscode.Range` is built from core positions or
 * from offsets of a document.
 */
import * as vscode from 'vscode';
import type { Position, Range } from '../core/text/position';

/** VS Code range from a core range. */
export function toRange(r: Range): vscode.Range {
  return new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);
}

/** Core range from a VS Code range. */
export function fromRange(r: vscode.Range): Range {
  return { start: { line: r.start.line, character: r.start.character }, end: { line: r.end.line, character: r.end.character } };
}

/** The empty range at a position (a caret). */
export function caretAt(p: Position | vscode.Position): vscode.Range {
  return new vscode.Range(p.line, p.character, p.line, p.character);
}

/** The range of `[start, end)` offsets of a document. */
export function offsetRange(document: Pick<vscode.TextDocument, 'positionAt'>, start: number, end: number): vscode.Range {
  return new vscode.Range(document.positionAt(start), document.positionAt(end));
}

/** The whole text of a document. */
export function wholeRange(document: Pick<vscode.TextDocument, 'positionAt' | 'getText'>): vscode.Range {
  return offsetRange(document, 0, document.getText().length);
}
