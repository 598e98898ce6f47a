import type { Dispatcher, Pool } from 'undici';
import { CancelledError, HttpStatusError, NetworkError } from '../errors';
import { nullLogger, type Logger } from '../logger';
import { joinUrl, parseServiceUrl } from '../urlPolicy';
import { RateLimitedError, ServerError, formatWait } from './httpErrors';
import { timeoutError, toNetworkError, findErrorCode } from './networkErrors';
import { backoffMs, defaultRetryPolicy, parseRetryAfter, realSleep, type RetryPolicy, type SleepFn } from './retryPolicy';
import { systemClock, type Clock } from '../clock';
import { loadUndici } from './undiciLoader';
import { RESERVED_HEADERS } from './reservedHeaders';
import { RequestTimings, timedConnector, type RequestTiming } from './requestTiming';

import {
  badRequestError,
  flattenHeaders,
  forbiddenError,
  GRAPHQL_ACCEPT,
  tryParseJson,
  formatBytes,
  parseGraphqlBodyInSlices,
  preview,
  ResponseTooLargeError,
  unauthorizedError,
  type GraphqlResponseBody,
  type RawResponse,
} from './graphqlResponse';

export { ResponseTooLargeError, type GraphqlResponseBody } from './graphqlResponse';

/** What to send to the Service's GraphQL endpoint (spec E3). */
export interface GraphqlRequest {
  /** The Service's base address; `/v1/graphql` is appended. https, or http on loopback only. */
  baseUrl: string | URL;
  /** The whole document text, so error locations map 1:1 onto the file. */
  query: string;
  variables?: Record<string, unknown>;
  /** Needed when the document holds several operations. */
  operationName?: string;
  /** Returns the access token; called before every attempt. */
  token: () => Promise<string>;
  /** The header that carries the token. Default `Authorization: Bearer <token>`. */
  authHeader?: { readonly name: string; readonly scheme: string };
  /** Extra headers (the environment's); names the client sets itself are ignored. */
  headers?: Readonly<Record<string, string>>;
  /** Called once on a 401: refreshes and returns a new token, or undefined when it cannot. */
  onUnauthorized?: () => Promise<string | undefined>;
  /** Aborts the request (and any retry wait); the client then throws CancelledError. */
  signal?: AbortSignal;
  /** Per attempt, from sending to the last byte of the body. Default: the client's. */
  timeoutMs?: number;
}

/** A GraphQL answer: status 2xx with a JSON body holding `data` and/or `errors`. */
export interface GraphqlHttpResult {
  status: number;
  /** Wall time of the whole execution, including retries and their waits. */
  durationMs: number;
  /** Size of the final response body. */
  bytes: number;
  body: GraphqlResponseBody;
  /** The final response body as the server sent it (kept by the run history as it is). */
  raw?: Uint8Array;
  /** Response headers with lower-case names. */
  headers: Record<string, string>;
  /** Number of HTTP requests it took (1 when nothing was retried). */
  attempts: number;
  /** Where the final request's time went (DNS, connect, TLS, first byte, download), as far as measured. */
  timing?: RequestTiming;
}

/** Reported before each automatic retry wait, so the UI can show it. */
export interface RetryWaitInfo {
  /** The status that caused the retry (429, 500, ...). */
  status: number;
  /** 1-based number of the retry that follows the wait. */
  attempt: number;
  waitMs: number;
}

/** Optional callbacks for one execution. */
export interface ExecuteHooks {
  onRetryWait?(info: RetryWaitInfo): void;
}

/** Construction options; everything has a default. */
export interface GraphqlHttpClientOptions {
  logger?: Logger;
  clock?: Clock;
  sleep?: SleepFn;
  retryPolicy?: Partial<RetryPolicy>;
  /** Used when a request gives no `timeoutMs`. Default 30 s. */
  defaultTimeoutMs?: number;
  /** Connections per origin. Default 4. */
  connectionsPerOrigin?: number;
  /** Sent as User-Agent. */
  userAgent?: string;
  /** Answers larger than this are abandoned with ResponseTooLargeError. Default 64 MB. */
  maxResponseBytes?: number;
  /**
   * Where requests go (proxies, trusted certificates: see network.ts), asked for each request so
   * that a settings change applies at once. Without it, a keep-alive Pool per origin.
   */
  dispatcher?: () => Dispatcher;
  /** Says what a failure through the current proxy means (its address, credentials hidden), if one is used for this origin. */
  proxyFor?: (origin: string) => string | undefined;
}

const RETRYABLE_5XX = new Set([500, 502, 503, 504]);

/**
 * Sends GraphQL operations to the Service: one keep-alive undici Pool per origin (never the
 * global dispatcher: the extension host is shared), bearer token, timeout, cancellation,
 * and the spec's status table (401 refresh-and-retry, 429 Retry-After, 5xx backoff).
 */
export class GraphqlHttpClient {
  private readonly pools = new Map<string, Pool>();
  private readonly logger: Logger;
  private readonly clock: Clock;
  private readonly sleep: SleepFn;
  private readonly policy: RetryPolicy;
  private readonly defaultTimeoutMs: number;
  private readonly connections: number;
  private readonly userAgent: string;
  private readonly maxResponseBytes: number;
  private readonly dispatcher?: () => Dispatcher;
  private readonly proxyFor?: (origin: string) => string | undefined;
  /** Which of undici's requests are this client's, and where their time went. */
  private readonly timings = new RequestTimings();
  private disposed = false;

  constructor(options: GraphqlHttpClientOptions = {}) {
    this.logger = options.logger ?? nullLogger;
    this.clock = options.clock ?? systemClock;
    this.sleep = options.sleep ?? realSleep;
    this.policy = { ...defaultRetryPolicy, ...options.retryPolicy };
    this.defaultTimeoutMs = options.defaultTimeoutMs ?? 30_000;
    this.connections = options.connectionsPerOrigin ?? 4;
    this.userAgent = options.userAgent ?? 'tenant-graphql';
    this.maxResponseBytes = options.maxResponseBytes ?? 64 * 1024 * 1024;
    this.dispatcher = options.dispatcher;
    this.proxyFor = options.proxyFor;
  }

  /**
   * Runs one GraphQL request. Resolves for any 2xx JSON answer (check `body.errors`); throws
   * typed errors otherwise: BadRequestError, UnauthorizedError, MissingScopeError,
   * IpNotAllowedError, RateLimitedError, ServerError, UnexpectedResponseError, HttpStatusError,
   * NetworkError, CancelledError, ConfigurationError (bad address).
   */
  async execute(request: GraphqlRequest, hooks: ExecuteHooks = {}): Promise<GraphqlHttpResult> {
    if (this.disposed) {
      throw new CancelledError('The GraphQL client was shut down.');
    }
    const base = parseServiceUrl(request.baseUrl instanceof URL ? request.baseUrl.toString() : request.baseUrl, 'baseUrl');
    const endpoint = new URL(joinUrl(base, 'v1/graphql'));
    const payload = JSON.stringify({
      query: request.query,
      variables: request.variables,
      operationName: request.operationName,
    });
    const timeoutMs = request.timeoutMs ?? this.defaultTimeoutMs;
    const signal = request.signal;
    const started = this.clock.now();
    let refreshedToken: string | undefined;
    let refreshed = false;
    let retries429 = 0;
    let retries5xx = 0;
    let attempts = 0;

    for (;;) {
      if (signal?.aborted) {
        throw new CancelledError();
      }
      attempts++;
      const token = refreshedToken ?? (await request.token());
      if (signal?.aborted) {
        throw new CancelledError();
      }
      const res = await this.send(endpoint, payload, this.headersFor(request, token), signal, timeoutMs);
      const { status } = res;

      // GraphQL over HTTP: with `application/graphql-response+json` a request that fails before
      // execution (a parse or validation error) is answered 4xx with a GraphQL body; it is a GraphQL
      // answer like a 200 with errors, read the same way (the errors, their locations).
      if ((status >= 200 && status < 300) || (status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 429 && isGraphqlResponseBody(res))) {
        return {
          status,
          durationMs: this.clock.now() - started,
          bytes: res.body.length,
          body: await parseGraphqlBodyInSlices(res),
          raw: res.body,
          headers: res.headers,
          attempts,
          ...(res.timing ? { timing: res.timing } : {}),
        };
      }
      if (status === 401) {
        if (!refreshed && request.onUnauthorized) {
          refreshed = true;
          const next = await request.onUnauthorized();
          if (next) {
            refreshedToken = next;
            this.logger.info('401: token refreshed, retrying once');
            continue;
          }
        }
        throw unauthorizedError(res, refreshed);
      }
      if (status === 429) {
        const retryAfter = parseRetryAfter(res.headers['retry-after'], this.clock.now());
        if (retryAfter !== undefined && retryAfter > this.policy.maxWaitMs) {
          throw new RateLimitedError(retryAfter, retries429, true);
        }
        if (retries429 >= this.policy.max429Retries) {
          throw new RateLimitedError(retryAfter, retries429);
        }
        retries429++;
        await this.wait(status, retries429, this.policy.max429Retries, retryAfter ?? backoffMs(this.policy, retries429), signal, hooks);
        continue;
      }
      if (RETRYABLE_5XX.has(status)) {
        const retryAfter = parseRetryAfter(res.headers['retry-after'], this.clock.now());
        if (retries5xx >= this.policy.max5xxRetries) {
          throw new ServerError(status, retries5xx, preview(res.body), retryAfter);
        }
        retries5xx++;
        const wait = Math.min(retryAfter ?? backoffMs(this.policy, retries5xx), this.policy.maxWaitMs);
        await this.wait(status, retries5xx, this.policy.max5xxRetries, wait, signal, hooks);
        continue;
      }
      if (status === 400) {
        throw badRequestError(res);
      }
      if (status === 403) {
        throw forbiddenError(res);
      }
      if (status >= 400 && status < 500 && isGraphqlErrorBody(res.body)) {
        throw badRequestError(res);
      }
      throw new HttpStatusError(
        status,
        `The Service answered ${status} at ${endpoint.origin}${endpoint.pathname}, which it should not. ` + 'Check the Service address in the settings.',
        parseRetryAfter(res.headers['retry-after'], this.clock.now()),
        preview(res.body),
      );
    }
  }

  /** The request's headers: the environment's extra ones, then ours (which they cannot replace). */
  private headersFor(request: GraphqlRequest, token: string): Record<string, string> {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      if (!RESERVED_HEADERS.has(name.toLowerCase())) {
        headers[name.toLowerCase()] = value;
      }
    }
    const auth = request.authHeader ?? { name: 'Authorization', scheme: 'Bearer' };
    headers[auth.name.toLowerCase()] = auth.scheme ? `${auth.scheme} ${token}` : token;
    headers['content-type'] = 'application/json';
    headers.accept = GRAPHQL_ACCEPT;
    headers['user-agent'] = this.userAgent;
    return headers;
  }

  /** Closes every pool, waiting for in-flight requests. */
  async close(): Promise<void> {
    this.disposed = true;
    this.timings.dispose();
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((p) => p.close().catch(() => p.destroy())));
  }

  /** VS Code Disposable shape: closes the pools in the background. */
  dispose(): void {
    void this.close();
  }

  private poolFor(origin: string): Pool {
    let pool = this.pools.get(origin);
    if (!pool) {
      pool = new (loadUndici().Pool)(origin, {
        connections: this.connections,
        keepAliveTimeout: 30_000,
        connect: timedConnector(loadUndici().buildConnector({ timeout: 10_000 })),
      });
      this.pools.set(origin, pool);
    }
    return pool;
  }

  /** Reads a body up to the size limit; past it, abandons the socket and throws. */
  private async readBody(
    stream: AsyncIterable<Buffer> & { destroy(err?: Error): unknown },
    status: number,
    headers: Record<string, string>,
    url: string,
    t0: number,
  ): Promise<Buffer> {
    const declared = Number(headers['content-length']);
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number.isFinite(declared) && declared > this.maxResponseBytes;
    if (!tooLarge) {
      for await (const chunk of stream) {
        size += chunk.length;
        if (size > this.maxResponseBytes) {
          tooLarge = true;
          break;
        }
        chunks.push(chunk);
      }
    }
    if (tooLarge) {
      stream.destroy();
      this.logger.warn(`POST ${url} -> ${status} in ${this.clock.now() - t0} ms, abandoned: larger than ${formatBytes(this.maxResponseBytes)}`);
      throw new ResponseTooLargeError(status, this.maxResponseBytes);
    }
    return Buffer.concat(chunks, size);
  }

  private async wait(status: number, attempt: number, max: number, waitMs: number, signal: AbortSignal | undefined, hooks: ExecuteHooks): Promise<void> {
    this.logger.info(`${status}: retrying in ${formatWait(waitMs)} (retry ${attempt} of ${max})`);
    hooks.onRetryWait?.({ status, attempt, waitMs });
    await this.sleep(waitMs, signal);
  }

  /** One HTTP attempt; logs one line; maps transport failures to NetworkError/CancelledError. */
  private async send(
    endpoint: URL,
    payload: string,
    headers: Record<string, string>,
    signal: AbortSignal | undefined,
    timeoutMs: number,
  ): Promise<RawResponse & { timing: RequestTiming }> {
    const url = `${endpoint.origin}${endpoint.pathname}`;
    const pool: Dispatcher = this.dispatcher ? this.dispatcher() : this.poolFor(endpoint.origin);
    const controller = new AbortController();
    let timedOut = false;
    const onAbort = () => controller.abort(new CancelledError());
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer =
      timeoutMs > 0 && Number.isFinite(timeoutMs)
        ? setTimeout(() => {
            timedOut = true;
            controller.abort(timeoutError(endpoint.origin, timeoutMs));
          }, timeoutMs)
        : undefined;
    const t0 = this.clock.now();
    const phases = this.timings.timer();
    try {
      const res = await phases.dispatch({ origin: endpoint.origin, path: endpoint.pathname + endpoint.search, body: payload }, () =>
        pool.request({
          origin: endpoint.origin,
          method: 'POST',
          path: endpoint.pathname + endpoint.search,
          headers,
          body: payload,
          signal: controller.signal,
        }),
      );
      const answered = flattenHeaders(res.headers);
      const body = await this.readBody(res.body, res.statusCode, answered, url, t0);
      const timing = phases.finish(this.proxyFor?.(endpoint.origin) !== undefined);
      this.logger.info(`POST ${url} -> ${res.statusCode} in ${this.clock.now() - t0} ms, ${formatBytes(body.length)}`);
      return { status: res.statusCode, headers: answered, body, timing };
    } catch (err) {
      if (err instanceof ResponseTooLargeError) {
        throw err;
      }
      const ms = this.clock.now() - t0;
      if (signal?.aborted) {
        this.logger.info(`POST ${url} -> cancelled after ${ms} ms`);
        throw new CancelledError();
      }
      const error = timedOut ? timeoutError(endpoint.origin, timeoutMs, err) : toNetworkError(err, endpoint.origin, timeoutMs, this.proxyFor?.(endpoint.origin));
      this.logger.warn(`POST ${url} -> failed after ${ms} ms: ${error.code ?? findErrorCode(err) ?? 'error'}`);
      throw error instanceof NetworkError ? error : new NetworkError(String(error));
    } finally {
      phases.abandon();
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }
}

/** A 4xx of the GraphQL response media type carrying a GraphQL body with errors. */
function isGraphqlResponseBody(res: RawResponse): boolean {
  return /^application\/graphql-response\+json\b/i.test(res.headers['content-type'] ?? '') && isGraphqlErrorBody(res.body);
}

/** A JSON body with a non-empty `errors` array: a GraphQL response, whatever the status. */
function isGraphqlErrorBody(body: Buffer): boolean {
  const parsed = tryParseJson(body);
  return parsed.ok && parsed.value !== null && typeof parsed.value === 'object' && Array.isArray((parsed.value as { errors?: unknown }).errors);
}
