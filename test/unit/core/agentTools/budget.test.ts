import * as assert from 'node:assert/strict';
import { budgetChars, DEFAULT_BUDGET_CHARS, fitBlocks, fitText, MAX_BUDGET_CHARS, MIN_BUDGET_CHARS } from '../../../../src/core/agentTools/budget';

describe('agent tools: budget and truncation', () => {
  const budgets: { tokens: number | undefined; chars: number }[] = [
    { tokens: undefined, chars: DEFAULT_BUDGET_CHARS },
    { tokens: 0, chars: DEFAULT_BUDGET_CHARS },
    { tokens: 100, chars: MIN_BUDGET_CHARS },
    { tokens: 2000, chars: 6000 },
    { tokens: 1_000_000, chars: MAX_BUDGET_CHARS },
  ];
  for (const c of budgets) {
    it(`a token budget of ${String(c.tokens)} gives ${c.chars} characters`, () => {
      assert.equal(budgetChars(c.tokens), c.chars);
    });
  }

  it('leaves a text that fits as it is', () => {
    assert.deepEqual(
      fitText('short', 100, () => 'cut'),
      { text: 'short', truncated: false },
    );
  });

  it('cuts a long text at a line break, within the budget, and says so in words', () => {
    const text = Array.from({ length: 200 }, (_, i) => `line ${i}`).join('\n');
    const fitted = fitText(text, 300, (shown, total) => `[Cut: ${shown} of ${total} characters shown.]`);
    assert.ok(fitted.truncated);
    assert.ok(fitted.text.length <= 300, `${fitted.text.length} characters`);
    assert.match(fitted.text, /\nline \d+\n\n\[Cut: \d+ of 1689 characters shown\.\]$/);
  });

  it('keeps whole blocks while they fit and counts the rest', () => {
    const blocks = Array.from({ length: 10 }, (_, i) => `block ${i} `.repeat(10));
    const fitted = fitBlocks(blocks, 400, '\n\n', (shown, total) => `[${shown} of ${total} shown]`);
    assert.ok(fitted.truncated);
    assert.ok(fitted.text.length <= 400);
    assert.match(fitted.text, /\[4 of 10 shown\]$/);
    assert.equal(fitted.text.split('\n\n').length, 5);
  });

  it('cuts the first block when it alone is too long', () => {
    const fitted = fitBlocks(['x'.repeat(5000), 'y'], 1000, '\n\n', (shown, total) => `[${shown} of ${total} shown]`);
    assert.ok(fitted.text.length <= 1000);
    assert.match(fitted.text, /^x+\n\n\[1 of 2 shown\]$/);
  });
});
