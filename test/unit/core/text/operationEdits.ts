import type { OffsetChange } from '../../../../src/core/text/followedText';

/**
 * The changes of one editor operation on `text`, as a change event has them: ranges of the text
 * before the operation, last first, none overlapping, made from random [offset, length, text]
 * triples (fast-check's) clamped to the text.
 */
export function operationEdits(text: string, raw: readonly (readonly [number, number, string])[]): OffsetChange[] {
  const edits: OffsetChange[] = [];
  let limit = text.length;
  for (const [at, length, inserted] of [...raw].sort((a, b) => b[0] - a[0])) {
    const start = Math.min(at % (text.length + 1), limit);
    const end = Math.min(start + length, limit);
    edits.push({ rangeOffset: start, rangeLength: end - start, text: inserted });
    limit = start;
  }
  return edits;
}
