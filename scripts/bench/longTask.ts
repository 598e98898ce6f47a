/**
 * A long-task probe: runs an asynchronous piece of work while a chain of setImmediate callbacks
 * notes the gaps between its turns. The longest gap is the longest time the thread was held (by
 * the work or anything else), as the extension host would feel it.
 */
import { performance } from 'node:perf_hooks';

export interface LongTaskResult {
  readonly longestMs: number;
  readonly totalMs: number;
}

export async function probeLongestTask(work: () => Promise<unknown>): Promise<LongTaskResult> {
  let done = false;
  let last = performance.now();
  let longest = 0;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (!done) {
      setImmediate(tick);
    }
  };
  const started = performance.now();
  setImmediate(tick);
  try {
    await work();
  } finally {
    done = true;
  }
  const totalMs = performance.now() - started;
  // The work's last block ends where it resolves: count it too.
  longest = Math.max(longest, performance.now() - last);
  return { longestMs: longest, totalMs };
}
