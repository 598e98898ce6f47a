/** Endpoints faults can target; GraphQL unless a fault says otherwise. */
export type FaultTarget = 'graphql' | 'token';

/** A fault to inject into the next responses of an endpoint. */
export type FaultSpec =
  /** The next `count` responses get this status (with `Retry-After` for 429, default "1"). */
  | { kind: 'status'; status: 500 | 429 | 403 | 400 | 401; count: number; retryAfter?: string; target?: FaultTarget }
  /** Adds `ms` of latency to the next `count` responses (every response while active if count is omitted). */
  | { kind: 'latency'; ms: number; count?: number; target?: FaultTarget }
  /** Resets the connection (TCP RST) instead of answering, `count` times. */
  | { kind: 'reset'; count: number; target?: FaultTarget }
  /** Answers 200 with a truncated JSON body (`truncated`, the default) or an HTML page (`html`). */
  | { kind: 'malformedJson'; count: number; variant?: 'truncated' | 'html'; target?: FaultTarget }
  /** Pads the real JSON response to at least `bytes` bytes (still valid JSON). */
  | { kind: 'huge'; bytes: number; count: number; target?: FaultTarget };

const STATUSES = [500, 429, 403, 400, 401];
/** Upper bound for the huge fault, to protect the machine. */
export const MAX_HUGE_BYTES = 256 * 1024 * 1024;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function count(v: unknown, optional: boolean): number | undefined {
  if (v === undefined && optional) {
    return undefined;
  }
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) {
    throw new Error('"count" must be a positive integer.');
  }
  return v;
}

/** Checks an untrusted fault description (admin endpoint, CLI) and returns it typed. */
export function parseFaultSpec(input: unknown): FaultSpec {
  if (!isObject(input)) {
    throw new Error('A fault must be a JSON object with a "kind".');
  }
  const target = input.target;
  if (target !== undefined && target !== 'graphql' && target !== 'token') {
    throw new Error('"target" must be "graphql" or "token".');
  }
  const t: { target?: FaultTarget } = target === undefined ? {} : { target };
  switch (input.kind) {
    case 'status': {
      if (typeof input.status !== 'number' || !STATUSES.includes(input.status)) {
        throw new Error(`"status" must be one of ${STATUSES.join(', ')}.`);
      }
      if (input.retryAfter !== undefined && (typeof input.retryAfter !== 'string' || /[\r\n]/.test(input.retryAfter))) {
        throw new Error('"retryAfter" must be a header value string.');
      }
      return {
        kind: 'status',
        status: input.status as 500 | 429 | 403 | 400 | 401,
        count: count(input.count, false) as number,
        ...(input.retryAfter === undefined ? {} : { retryAfter: input.retryAfter }),
        ...t,
      };
    }
    case 'latency': {
      if (typeof input.ms !== 'number' || !Number.isFinite(input.ms) || input.ms < 0 || input.ms > 600_000) {
        throw new Error('"ms" must be a number of milliseconds between 0 and 600000.');
      }
      const c = count(input.count, true);
      return { kind: 'latency', ms: input.ms, ...(c === undefined ? {} : { count: c }), ...t };
    }
    case 'reset':
      return { kind: 'reset', count: count(input.count, false) as number, ...t };
    case 'malformedJson': {
      if (input.variant !== undefined && input.variant !== 'truncated' && input.variant !== 'html') {
        throw new Error('"variant" must be "truncated" or "html".');
      }
      return {
        kind: 'malformedJson',
        count: count(input.count, false) as number,
        ...(input.variant === undefined ? {} : { variant: input.variant }),
        ...t,
      };
    }
    case 'huge': {
      if (typeof input.bytes !== 'number' || !Number.isInteger(input.bytes) || input.bytes < 1 || input.bytes > MAX_HUGE_BYTES) {
        throw new Error(`"bytes" must be an integer between 1 and ${MAX_HUGE_BYTES}.`);
      }
      return { kind: 'huge', bytes: input.bytes, count: count(input.count, false) as number, ...t };
    }
    default:
      throw new Error('"kind" must be one of status, latency, reset, malformedJson, huge.');
  }
}

/** What to do to one response. */
export interface FaultPlan {
  latencyMs: number;
  fault?: Exclude<FaultSpec, { kind: 'latency' }>;
}

interface Active {
  spec: FaultSpec;
  remaining: number | undefined;
}

/** Queue of injected faults; each response of a target takes what applies to it. */
export class FaultInjector {
  private active: Active[] = [];

  constructor(initial: readonly FaultSpec[] = []) {
    for (const f of initial) {
      this.inject(f);
    }
  }

  /** Adds a fault (validated). */
  inject(spec: FaultSpec): void {
    const checked = parseFaultSpec(spec);
    this.active.push({ spec: checked, remaining: 'count' in checked ? checked.count : undefined });
  }

  /** Removes every fault. */
  clear(): void {
    this.active = [];
  }

  /** Faults still pending, with how many responses each still affects. */
  list(): Array<FaultSpec & { remaining: number | null }> {
    return this.active.map((a) => ({ ...a.spec, remaining: a.remaining ?? null }));
  }

  /** Takes the faults for the next response of `target`: all latency, plus the first other fault. */
  take(target: FaultTarget): FaultPlan {
    let latencyMs = 0;
    let fault: FaultPlan['fault'];
    for (const a of this.active) {
      if ((a.spec.target ?? 'graphql') !== target) {
        continue;
      }
      if (a.spec.kind === 'latency') {
        latencyMs += a.spec.ms;
      } else if (fault === undefined) {
        fault = a.spec;
      } else {
        continue;
      }
      if (a.remaining !== undefined) {
        a.remaining -= 1;
      }
    }
    this.active = this.active.filter((a) => a.remaining === undefined || a.remaining > 0);
    return fault === undefined ? { latencyMs } : { latencyMs, fault };
  }
}
