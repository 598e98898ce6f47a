import { LineIndex } from '../../../../src/core/text/lineIndex';
import type { TextEdit } from '../../../../src/core/language/codeActionsShared';

/** Applies non-overlapping edits to a text (what an editor does with a code action's edits). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const lines = new LineIndex(text);
  const sorted = [...edits].map((e) => ({ s: lines.offsetAt(e.range.start), e: lines.offsetAt(e.range.end), t: e.newText })).sort((a, b) => b.s - a.s || b.e - a.e);
  let out = text;
  for (const e of sorted) {
    out = out.slice(0, e.s) + e.t + out.slice(e.e);
  }
  return out;
}
