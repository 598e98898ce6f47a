import { CancelledError } from '../errors';

/** How the GraphQL client retries 429 and 5xx answers. Plain data, so settings and tests can vary it. */
export interface RetryPolicy {
  /** Automatic retries after 429 before giving up with RateLimitedError. */
  readonly max429Retries: number;
  /** Automatic retries after 500/502/503/504 before giving up with ServerError. */
  readonly max5xxRetries: number;
  /** First backoff when the server gave no Retry-After; doubles per retry. */
  readonly baseBackoffMs: number;
  /** Longest single wait; a Retry-After beyond it stops instead of sleeping. */
  readonly maxWaitMs: number;
}

/** The policy used unless the caller passes another. */
export const defaultRetryPolicy: RetryPolicy = Object.freeze({
  max429Retries: 3,
  max5xxRetries: 2,
  baseBackoffMs: 500,
  maxWaitMs: 60_000,
});

/** Waits `ms`, rejecting with CancelledError as soon as `signal` aborts. */
export type SleepFn = (ms: number, signal?: AbortSignal) => Promise<void>;

/** The real, abortable sleep. */
export const realSleep: SleepFn = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new CancelledError());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new CancelledError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * Parses a `Retry-After` header (RFC 9110 10.2.3): delta-seconds or an HTTP-date.
 * Returns milliseconds to wait from `now` (0 for a date in the past), or undefined for
 * anything else (empty, negative, fractional, garbage).
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (value == null) {
    return undefined;
  }
  const v = value.trim();
  if (v === '') {
    return undefined;
  }
  if (/^\d+$/.test(v)) {
    const seconds = Number(v);
    return Number.isSafeInteger(seconds) ? seconds * 1000 : undefined;
  }
  // Only the date shapes HTTP allows (IMF-fixdate, RFC 850, asctime): Date.parse alone would
  // accept "1" or "-5" as dates.
  const imf = /^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/;
  const rfc850 = /^[A-Za-z]+, \d{2}-[A-Za-z]{3}-\d{2} \d{2}:\d{2}:\d{2} GMT$/;
  const asctime = /^[A-Za-z]{3} [A-Za-z]{3} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/;
  if (!imf.test(v) && !rfc850.test(v) && !asctime.test(v)) {
    return undefined;
  }
  const at = Date.parse(asctime.test(v) ? `${v} GMT` : v);
  if (Number.isNaN(at)) {
    return undefined;
  }
  return Math.max(0, at - now);
}

/** Backoff before retry number `retry` (1-based) when the server gave no Retry-After. */
export function backoffMs(policy: RetryPolicy, retry: number): number {
  return Math.min(policy.maxWaitMs, policy.baseBackoffMs * 2 ** Math.max(0, retry - 1));
}
