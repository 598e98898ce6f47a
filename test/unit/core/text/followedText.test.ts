import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { followedEdit, type OffsetChange } from '../../../../src/core/text/followedText';
import { operationEdits } from './operationEdits';

/** The text after the changes, or undefined. */
const followedText = (previous: string, changes: readonly OffsetChange[], lineFeedOnly: boolean) => followedEdit(previous, changes, lineFeedOnly)?.text;

/**
 * What the editor's document does with an event's changes (the extension host's mirror): each
 * change applied in turn at its line and character, computed on the text as it is then.
 */
function mirror(text: string, changes: readonly { line: number; character: number; endLine: number; endCharacter: number; text: string }[]): string {
  let out = text;
  for (const c of changes) {
    const starts = [0];
    for (let i = out.indexOf('\n'); i >= 0; i = out.indexOf('\n', i + 1)) {
      starts.push(i + 1);
    }
    const from = starts[c.line] + c.character;
    const to = starts[c.endLine] + c.endCharacter;
    out = out.slice(0, from) + c.text + out.slice(to);
  }
  return out;
}

function positionAt(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

describe('followedText: the next text of a document from a change event', () => {
  it('property: equals the editor’s text for the edits of one operation (last first, none overlapping)', () => {
    let multi = 0;
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', ' ', '\n', '{', '}', 'é', '😀'), maxLength: 200 }),
        fc.array(fc.tuple(fc.nat(), fc.nat({ max: 5 }), fc.string({ unit: fc.constantFrom('x', '\n', ' ', '😀'), maxLength: 4 })), { minLength: 1, maxLength: 5 }),
        (text, raw) => {
          // Edits of one operation: ranges of the text before it, sorted last first, none overlapping.
          const edits = operationEdits(text, raw);
          multi += edits.length > 1 ? 1 : 0;
          const expected = mirror(
            text,
            edits.map((e) => {
              const s = positionAt(text, e.rangeOffset);
              const t = positionAt(text, e.rangeOffset + e.rangeLength);
              return { line: s.line, character: s.character, endLine: t.line, endCharacter: t.character, text: e.text };
            }),
          );
          assert.equal(followedText(text, edits, true), expected);
        },
      ),
      { numRuns: 2000, seed: 28 },
    );
    assert.ok(multi > 500, `not vacuous: ${multi} events of several changes`);
  });

  it('answers nothing where it cannot be sure: CRLF documents, a \\r inserted, changes first-first or overlapping, ranges past the end, no change', () => {
    assert.equal(followedText('ab\ncd', [{ rangeOffset: 1, rangeLength: 0, text: 'x' }], false), undefined);
    assert.equal(followedText('ab\ncd', [{ rangeOffset: 1, rangeLength: 0, text: 'x\r\n' }], true), undefined);
    assert.equal(
      followedText(
        'abcdef',
        [
          { rangeOffset: 1, rangeLength: 1, text: 'x' },
          { rangeOffset: 4, rangeLength: 1, text: 'y' },
        ],
        true,
      ),
      undefined,
    );
    assert.equal(
      followedText(
        'abcdef',
        [
          { rangeOffset: 3, rangeLength: 2, text: 'x' },
          { rangeOffset: 2, rangeLength: 2, text: 'y' },
        ],
        true,
      ),
      undefined,
    );
    assert.equal(followedText('abc', [{ rangeOffset: 2, rangeLength: 5, text: '' }], true), undefined);
    assert.equal(followedText('abc', [], true), undefined);
    assert.equal(followedText('abc', [{ rangeOffset: 3, rangeLength: 0, text: '\nd' }], true), 'abc\nd');
  });
});
