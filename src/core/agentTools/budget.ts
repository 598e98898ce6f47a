/**
 * Sizing what a language-model tool returns: a budget in characters (from the caller's token
 * budget when it gives one), and text cut to it at a line break with the cut said in words, so a
 * model knows that it did not see everything and how to ask for less.
 */

/** Characters a tool answers with when the caller gives no token budget (about 4,000 tokens). */
export const DEFAULT_BUDGET_CHARS = 16_000;
/** The least a tool answers with, whatever budget it is given: below this nothing useful fits. */
export const MIN_BUDGET_CHARS = 1_000;
/** The most, even when a caller offers more: a model's context is shared with everything else. */
export const MAX_BUDGET_CHARS = 64_000;

/**
 * The character budget for a token budget: about three characters per token (code and JSON
 * tokenize denser than prose), within [{@link MIN_BUDGET_CHARS}, {@link MAX_BUDGET_CHARS}].
 */
export function budgetChars(tokenBudget?: number): number {
  if (tokenBudget === undefined || !Number.isFinite(tokenBudget) || tokenBudget <= 0) {
    return DEFAULT_BUDGET_CHARS;
  }
  return Math.max(MIN_BUDGET_CHARS, Math.min(MAX_BUDGET_CHARS, Math.floor(tokenBudget * 3)));
}

/** Text cut to a budget, and whether it was cut. */
export interface Fitted {
  readonly text: string;
  readonly truncated: boolean;
}

/**
 * `text` when it fits `budget` characters; otherwise its beginning, cut at the last line break
 * that leaves room for `note` (a sentence saying what was left out and how to get less), then
 * the note. The result never exceeds the budget.
 */
export function fitText(text: string, budget: number, note: (shownChars: number, totalChars: number) => string): Fitted {
  if (text.length <= budget) {
    return { text, truncated: false };
  }
  // The note's length depends on the numbers in it: measure it with the longest they can be.
  const room = Math.max(0, budget - note(text.length, text.length).length - 2);
  let cut = text.lastIndexOf('\n', room);
  if (cut < room / 2) {
    cut = room;
  }
  const shown = text.slice(0, cut);
  return { text: `${shown}\n\n${note(shown.length, text.length)}`.slice(0, budget), truncated: true };
}

/**
 * Whole blocks (search matches, list items) joined by `separator` while they fit `budget` with
 * room for `note`; then the note saying how many were left out. At least the first block is
 * shown (cut by {@link fitText} if it alone is too long).
 */
export function fitBlocks(blocks: readonly string[], budget: number, separator: string, note: (shown: number, total: number) => string): Fitted {
  const all = blocks.join(separator);
  if (all.length <= budget) {
    return { text: all, truncated: false };
  }
  const room = budget - note(blocks.length, blocks.length).length - separator.length;
  let used = 0;
  let count = 0;
  for (const block of blocks) {
    const add = (count > 0 ? separator.length : 0) + block.length;
    if (used + add > room) {
      break;
    }
    used += add;
    count++;
  }
  if (count === 0) {
    const first = fitText(blocks[0], Math.max(0, room), () => '');
    return { text: `${first.text.trimEnd()}${separator}${note(1, blocks.length)}`.slice(0, budget), truncated: true };
  }
  return { text: `${blocks.slice(0, count).join(separator)}${separator}${note(count, blocks.length)}`, truncated: true };
}
