import type { ResultsStrings } from '../src/shared/resultsMessages';

/** The results page's texts for the benchmark (English; the extension localizes them). */
export function resultsStringsForBench(): ResultsStrings {
  return new Proxy({} as Record<string, string>, { get: (_t, k) => String(k) }) as unknown as ResultsStrings;
}
