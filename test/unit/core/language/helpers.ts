/** Shared helpers for the language service tests. */
import type { Position, TextDocumentSnapshot } from '../../../../src/core/language/types';

let version = 0;

/** A document from text with one `‸` marking the cursor; returns the document and the cursor. */
export function withCursor(marked: string, uri = 'file:///ws/doc.graphql'): { doc: TextDocumentSnapshot; pos: Position } {
  const at = marked.indexOf('‸');
  if (at < 0 || marked.indexOf('‸', at + 1) >= 0) {
    throw new Error('mark exactly one cursor with ‸');
  }
  const text = marked.slice(0, at) + marked.slice(at + 1);
  const before = text.slice(0, at).split('\n');
  return { doc: { uri, version: ++version, text }, pos: { line: before.length - 1, character: before[before.length - 1].length } };
}

/** A document without a cursor. */
export function document(text: string, uri = 'file:///ws/doc.graphql'): TextDocumentSnapshot {
  return { uri, version: ++version, text };
}

/** Every position of a text, or every `step`-th character of every line. */
export function positionsOf(text: string, step = 1): Position[] {
  const out: Position[] = [];
  text.split('\n').forEach((line, l) => {
    for (let c = 0; c <= line.length; c += step) {
      out.push({ line: l, character: c });
    }
  });
  return out;
}
