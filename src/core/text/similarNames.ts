/**
 * The names of `options` close to `input`, closest first, as graphql's "Did you mean" lists pick
 * them (graphql exports no such function: its `suggestionList` is internal): an edit distance
 * (with swaps of neighbours, case ignored) of at most 40% of the input's length, ties in code
 * order. (Quick fixes use it for fragment and directive names, which graphql's messages do not suggest.)
 */
export function similarNames(input: string, options: readonly string[]): string[] {
  const threshold = Math.floor(input.length * 0.4) + 1;
  const lower = input.toLowerCase();
  const scored: [string, number][] = [];
  for (const option of options) {
    const d = option === input ? 0 : option.toLowerCase() === lower ? 1 : editDistance(lower, option.toLowerCase());
    if (d <= threshold) {
      scored.push([option, d]);
    }
  }
  return scored.sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1)).map(([name]) => name);
}

/** The optimal string alignment distance of two strings (insertions, deletions, substitutions, swaps of neighbours). */
function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0].push(j);
        continue;
      }
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, rows[i - 2][j - 2] + 1);
      }
      rows[i].push(d);
    }
  }
  return rows[a.length][b.length];
}
