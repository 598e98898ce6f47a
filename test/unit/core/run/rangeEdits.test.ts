import * as assert from 'node:assert/strict';
import { adjustRangeForEdit, type TextEdit } from '../../../../src/core/run/rangeEdits';
import type { Range } from '../../../../src/core/text/position';

const r = (l1: number, c1: number, l2: number, c2: number): Range => ({ start: { line: l1, character: c1 }, end: { line: l2, character: c2 } });
const edit = (range: Range, text: string): TextEdit => ({ range, text });

describe('adjustRangeForEdit', () => {
  // The diagnostic sits on line 5, characters 4-8 ("nmae").
  const diag = r(5, 4, 5, 8);
  const cases: [string, TextEdit, Range | undefined][] = [
    ['an edit on an earlier line that adds a line moves it down', edit(r(1, 0, 1, 0), '\n'), r(6, 4, 6, 8)],
    ['an edit that removes two earlier lines moves it up', edit(r(1, 0, 3, 0), ''), r(3, 4, 3, 8)],
    ['typing before it on its line shifts the characters', edit(r(5, 0, 5, 0), '  '), r(5, 6, 5, 10)],
    ['a line break before it on its line moves it to the next line', edit(r(5, 2, 5, 2), '\n'), r(6, 2, 6, 6)],
    ['an edit after it leaves it', edit(r(5, 9, 5, 9), 'x'), r(5, 4, 5, 8)],
    ['an edit on a later line leaves it', edit(r(7, 0, 8, 0), ''), r(5, 4, 5, 8)],
    ['replacing its text drops it', edit(r(5, 4, 5, 8), 'name'), undefined],
    ['typing inside it drops it', edit(r(5, 6, 5, 6), 'x'), undefined],
    ['typing right after it drops it', edit(r(5, 8, 5, 8), 'x'), undefined],
    ['typing right before it drops it', edit(r(5, 4, 5, 4), 'x'), undefined],
    ['deleting lines around it drops it', edit(r(4, 0, 6, 0), ''), undefined],
  ];
  for (const [what, e, expected] of cases) {
    it(what, () => assert.deepEqual(adjustRangeForEdit(diag, e), expected));
  }
});
