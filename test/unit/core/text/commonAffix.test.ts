import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { commonAffixes, commonPrefix, commonSuffix, composeEdits, type KnownEdit } from '../../../../src/core/text/commonAffix';
import { followedEdit } from '../../../../src/core/text/followedText';
import { operationEdits as operation } from './operationEdits';

/** Texts long enough for the block comparison (1,024 characters) to matter, with runs of equal characters near the edits. */
const textArb = fc.array(fc.constantFrom('a', ' ', '\n', '{ x }', '  ', 'é', '😀', 'b'.repeat(700), ' '.repeat(1100)), { maxLength: 12 }).map((parts) => parts.join(''));
const changesArb = fc.array(fc.tuple(fc.nat(), fc.nat({ max: 6 }), fc.string({ unit: fc.constantFrom('x', ' ', '\n', 'a', '😀'), maxLength: 4 })), {
  minLength: 1,
  maxLength: 4,
});

describe('common prefix and suffix from what a change event says', () => {
  it('property: followedEdit gives bounds that hold; the affixes from them equal a full comparison', () => {
    let extended = 0;
    fc.assert(
      fc.property(textArb, changesArb, (text, raw) => {
        const edit = followedEdit(text, operation(text, raw), true)!;
        assert.ok(edit.prefix + edit.suffix <= Math.min(text.length, edit.text.length));
        assert.equal(text.slice(0, edit.prefix), edit.text.slice(0, edit.prefix));
        assert.equal(text.slice(text.length - edit.suffix), edit.text.slice(edit.text.length - edit.suffix));
        const prefix = commonPrefix(text, edit.text);
        const expected = { prefix, suffix: commonSuffix(text, edit.text, prefix) };
        assert.deepEqual(commonAffixes(text, edit.text, edit), expected);
        assert.deepEqual(commonAffixes(text, edit.text), expected);
        extended += expected.prefix > edit.prefix || expected.suffix > edit.suffix ? 1 : 0;
      }),
      { numRuns: 3000, seed: 28 },
    );
    assert.ok(extended > 100, `not vacuous: ${extended} edits whose affixes reach past the changed ranges`);
  });

  it('property: edits in a row composed hold for the first text and the last; an edit from another text is not used', () => {
    fc.assert(
      fc.property(textArb, fc.array(changesArb, { minLength: 2, maxLength: 4 }), (text, operations) => {
        let composed: KnownEdit | undefined;
        let current = text;
        for (const raw of operations) {
          const edit = followedEdit(current, operation(current, raw), true)!;
          composed = composeEdits(composed, edit);
          current = edit.text;
        }
        assert.equal(composed!.previous, text);
        assert.equal(composed!.text, current);
        const prefix = commonPrefix(text, current);
        const expected = { prefix, suffix: commonSuffix(text, current, prefix) };
        assert.deepEqual(commonAffixes(text, current, composed), expected);
        // Bounds that would be wrong for another pair of texts are not applied to it.
        const lying: KnownEdit = { previous: `${text}?`, text: current, prefix: current.length, suffix: 0 };
        assert.deepEqual(commonAffixes(text, current, lying), expected);
      }),
      { numRuns: 1000, seed: 29 },
    );
  });
});
