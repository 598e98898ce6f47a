/**
 * Cooperative time slicing for long work on the extension host's thread: the work calls
 * {@link TimeSlicer.checkpoint} between its units (documents, types), and the slicer yields to the
 * event loop once the current slice has used its budget, so no task holds the thread for long.
 * It measures what it promises: the longest slice it ran.
 */
import { CancelledError } from './errors';

/** Default work per slice; well under the 50 ms a task of ours may take on the extension host. */
export const SLICE_BUDGET_MS = 8;

/** How a {@link TimeSlicer} measures time, yields and learns of cancellation (tests pass fakes). */
export interface TimeSlicerOptions {
  /** Work per slice in ms; {@link SLICE_BUDGET_MS} by default. */
  readonly budgetMs?: number;
  /** A monotonic clock in ms; `performance.now` by default. */
  readonly now?: () => number;
  /** Gives the event loop a turn; `setImmediate` by default. */
  readonly yieldNow?: () => Promise<void>;
  /** Aborts the work at its next checkpoint with a {@link CancelledError}. */
  readonly signal?: AbortSignal;
}

/** Yields the thread (between slices). */
export type Yield = () => Promise<void>;

/** Yields to the event loop (I/O and timers run before the work goes on). */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Splits synchronous work into slices of at most about `budgetMs`, yielding between them. */
export class TimeSlicer {
  private readonly budgetMs: number;
  private readonly now: () => number;
  private readonly yieldNow: () => Promise<void>;
  private readonly signal: AbortSignal | undefined;
  private sliceStart: number;
  private longest = 0;
  private yieldCount = 0;

  constructor(options: TimeSlicerOptions = {}) {
    this.budgetMs = options.budgetMs ?? SLICE_BUDGET_MS;
    this.now = options.now ?? (() => performance.now());
    this.yieldNow = options.yieldNow ?? yieldToEventLoop;
    this.signal = options.signal;
    this.sliceStart = this.now();
  }

  /** The longest slice so far (ms), the current one included. */
  get longestSliceMs(): number {
    return Math.max(this.longest, this.now() - this.sliceStart);
  }

  /** How many times the work gave the event loop a turn. */
  get yields(): number {
    return this.yieldCount;
  }

  /**
   * Call between two units of work: yields when the slice used its budget, then throws a
   * {@link CancelledError} if the work was cancelled meanwhile.
   */
  async checkpoint(): Promise<void> {
    this.throwIfCancelled();
    const elapsed = this.now() - this.sliceStart;
    if (elapsed >= this.budgetMs) {
      this.longest = Math.max(this.longest, elapsed);
      this.yieldCount++;
      await this.yieldNow();
      this.sliceStart = this.now();
      this.throwIfCancelled();
    }
  }

  /** Yields now, whatever the budget says (before work whose size is unknown). */
  async yieldNowAndResume(): Promise<void> {
    this.longest = Math.max(this.longest, this.now() - this.sliceStart);
    this.yieldCount++;
    await this.yieldNow();
    this.sliceStart = this.now();
    this.throwIfCancelled();
  }

  /**
   * Waits for work done elsewhere (a worker thread, I/O): the slice so far ends here, the thread is
   * free while it waits, and a new slice starts when it resumes. Throws a {@link CancelledError}
   * then if the work was cancelled meanwhile.
   */
  async wait<T>(promise: Promise<T>): Promise<T> {
    this.longest = Math.max(this.longest, this.now() - this.sliceStart);
    try {
      return await promise;
    } finally {
      this.sliceStart = this.now();
      this.throwIfCancelled();
    }
  }

  private throwIfCancelled(): void {
    if (this.signal?.aborted) {
      throw new CancelledError();
    }
  }
}
