/** Timing helpers for the benchmark. */
import { performance } from 'node:perf_hooks';

/** Median and 95th percentile (nearest rank) of samples in milliseconds. */
export interface Summary {
  readonly p50: number;
  readonly p95: number;
  readonly n: number;
}

/** Summarises samples. */
export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
  return { p50: rank(0.5), p95: rank(0.95), n: sorted.length };
}

/** Runs `fn` once per input and returns the time of each call in milliseconds. */
export function timeEach<T>(inputs: readonly T[], fn: (input: T) => unknown): number[] {
  const out: number[] = [];
  for (const input of inputs) {
    const t0 = performance.now();
    fn(input);
    out.push(performance.now() - t0);
  }
  return out;
}

/** Formats milliseconds for the table. */
export function ms(value: number | undefined): string {
  if (value === undefined || Number.isNaN(value)) {
    return '-';
  }
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
}
