/**
 * Time seams of the core: wall-clock time and timers. The extension uses the real ones; tests pass
 * a fake clock and manual timers instead of waiting in real time.
 */

/** Something that releases resources or listeners when disposed. */
export interface Disposable {
  dispose(): void;
}

/** Wall-clock time in milliseconds since the epoch. */
export interface Clock {
  now(): number;
}

/** The real clock. */
export const systemClock: Clock = { now: () => Date.now() };

/** Schedules a callback; tests pass a manual one instead of waiting in real time. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): Disposable;
}

/** Real timers, unref'd so that a pending timer never keeps a process alive. */
export const systemTimers: Timers = {
  setTimeout(callback, ms) {
    const handle = setTimeout(callback, ms);
    handle.unref?.();
    return { dispose: () => clearTimeout(handle) };
  },
};
