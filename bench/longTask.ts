/**
 * A long-task probe: runs an asynchronous piece of work while a chain of setImmediate callbacks
 * notes the gaps between its turns. The longest gap is the longest time the thread was held (by
 * the work or anything else), as the extension host would feel it. The process's CPU time in each
 * gap is noted too: on a shared machine a gap can be long because the thread was not running (the
 * longest CPU time in a gap is what our own work held it for, GC and helper threads included).
 */
import { performance } from 'node:perf_hooks';

export interface LongTaskResult {
  readonly longestMs: number;
  /** The largest CPU time (process, all threads) spent in one gap. */
  readonly longestCpuMs: number;
  /** The CPU time in the longest gap. */
  readonly cpuOfLongestMs: number;
  /**
   * The largest CPU time of this thread alone in one gap (what our code on it held it for, its GC
   * included; a worker's CPU not counted): undefined where Node has no process.threadCpuUsage (< 23.9).
   */
  readonly longestThreadCpuMs?: number;
  readonly totalMs: number;
}

/**
 * `timer`: the turns are 1 ms timers instead of setImmediate callbacks. An idle extension host
 * does not spin; the setImmediate chain keeps a core busy, which on a two-core machine takes half
 * of the CPU from work done in another thread (the types worker). A timer sees the same stalls
 * (to its 1 ms grain) without that cost.
 */
export async function probeLongestTask(work: () => Promise<unknown>, options: { readonly timer?: boolean } = {}): Promise<LongTaskResult> {
  let done = false;
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  let longest = 0;
  let cpuOfLongest = 0;
  let longestCpu = 0;
  const threadCpu = (process as { threadCpuUsage?: (previous?: NodeJS.CpuUsage) => NodeJS.CpuUsage }).threadCpuUsage?.bind(process);
  let lastThreadCpu = threadCpu?.();
  let longestThreadCpu = 0;
  const gap = () => {
    if (threadCpu) {
      const own = threadCpu(lastThreadCpu);
      longestThreadCpu = Math.max(longestThreadCpu, (own.user + own.system) / 1000);
      lastThreadCpu = threadCpu();
    }
    const now = performance.now();
    const used = process.cpuUsage(lastCpu);
    const cpu = (used.user + used.system) / 1000;
    if (now - last > longest) {
      longest = now - last;
      cpuOfLongest = cpu;
    }
    longestCpu = Math.max(longestCpu, cpu);
    last = now;
    lastCpu = process.cpuUsage();
  };
  const tick = () => {
    gap();
    if (!done) {
      next(tick);
    }
  };
  const next = options.timer ? (f: () => void) => setTimeout(f, 1) : setImmediate;
  const started = performance.now();
  next(tick);
  try {
    await work();
  } finally {
    done = true;
  }
  const totalMs = performance.now() - started;
  // The work's last block ends where it resolves: count it too.
  gap();
  return { longestMs: longest, longestCpuMs: longestCpu, cpuOfLongestMs: cpuOfLongest, totalMs, ...(threadCpu ? { longestThreadCpuMs: longestThreadCpu } : {}) };
}
