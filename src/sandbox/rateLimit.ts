import type { SandboxClock } from './clock';

/** Result of counting one request. */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Sliding-window rate limiter on the Sandbox clock: at most `limit` accepted requests per key in
 * any window of `windowMs`. Refused requests do not count.
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly clock: SandboxClock,
    private limit: number,
    private windowMs: number,
  ) {}

  /** Current settings. */
  get settings(): { limit: number; windowMs: number } {
    return { limit: this.limit, windowMs: this.windowMs };
  }

  /** Changes the limit and window, and forgets all counts. */
  configure(limit: number, windowMs: number): void {
    this.limit = limit;
    this.windowMs = windowMs;
    this.hits.clear();
  }

  /** Forgets all counts. */
  reset(): void {
    this.hits.clear();
  }

  /** Counts a request for `key` if it is allowed. */
  hit(key: string): RateDecision {
    const now = this.clock.now();
    const recent = (this.hits.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((recent[0] + this.windowMs - now) / 1000)) };
    }
    recent.push(now);
    this.hits.set(key, recent);
    return { allowed: true };
  }
}
