/**
 * The clock that drives every lifetime in the Sandbox (authorization code, access token,
 * refresh token, rate-limit windows), so tests and demos can move time forward at will.
 */
export interface SandboxClock {
  /** Current time in milliseconds since the epoch. */
  now(): number;
  /** Moves the clock forward by `ms` milliseconds (negative values are refused). */
  advance(ms: number): void;
}

/** Options of {@link createSandboxClock}. */
export interface SandboxClockOptions {
  /** Start time in ms since the epoch; defaults to the system time. */
  startMs?: number;
  /** When true the clock only moves through `advance`; otherwise it follows the system time plus an offset. */
  manual?: boolean;
}

/** Creates a clock that follows the system time (plus everything advanced), or a manual one. */
export function createSandboxClock(options: SandboxClockOptions = {}): SandboxClock {
  const manual = options.manual ?? false;
  const start = options.startMs ?? Date.now();
  const realStart = Date.now();
  let offset = 0;
  return {
    now: () => (manual ? start : start + (Date.now() - realStart)) + offset,
    advance: (ms: number) => {
      if (!Number.isFinite(ms) || ms < 0) {
        throw new RangeError('The Sandbox clock only moves forward by a finite number of milliseconds.');
      }
      offset += ms;
    },
  };
}
