import type { Dispatcher } from 'undici';
import { CancelledError, HttpStatusError } from '../errors';
import { nullLogger, type Logger } from '../logger';
import { joinUrl, parseServiceUrl } from '../urlPolicy';
import { RateLimitedError, ServerError, formatWait } from './httpErrors';
import { backoffMs, defaultRetryPolicy, parseRetryAfter, realSleep, type RetryPolicy, type SleepFn } from './retryPolicy';
import { systemClock, type Clock } from '../clock';
import { RESERVED_HEADERS } from './reservedHeaders';
import type { RequestTiming } from './requestTiming';
import { GraphqlTransport } from './graphqlTransport';
import {
  badRequestError,
  forbiddenError,
  GRAPHQL_ACCEPT,
  tryParseJson,
  parseGraphqlBodyInSlices,
  preview,
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
 * Sends GraphQL operations to the Service: bearer token, timeout, cancellation, and the spec's
 * status table (401 refresh-and-retry, 429 Retry-After, 5xx backoff). Each attempt goes through
 * the {@link GraphqlTransport} (graphqlTransport.ts: one keep-alive undici Pool per origin, never
 * the global dispatcher, since the extension host is shared).
 */
export class GraphqlHttpClient {
  private readonly transport: GraphqlTransport;
  private readonly logger: Logger;
  private readonly clock: Clock;
  private readonly sleep: SleepFn;
  private readonly policy: RetryPolicy;
  private readonly defaultTimeoutMs: number;
  private readonly userAgent: string;
  private disposed = false;

  constructor(options: GraphqlHttpClientOptions = {}) {
    this.logger = options.logger ?? nullLogger;
    this.clock = options.clock ?? systemClock;
    this.sleep = options.sleep ?? realSleep;
    this.policy = { ...defaultRetryPolicy, ...options.retryPolicy };
    this.defaultTimeoutMs = options.defaultTimeoutMs ?? 30_000;
    this.userAgent = options.userAgent ?? 'tenant-graphql';
    this.transport = new GraphqlTransport({
      logger: this.logger,
      clock: this.clock,
      connections: options.connectionsPerOrigin ?? 4,
      maxResponseBytes: options.maxResponseBytes ?? 64 * 1024 * 1024,
      ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
      ...(options.proxyFor ? { proxyFor: options.proxyFor } : {}),
    });
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
      const res = await this.transport.send(endpoint, payload, this.headersFor(request, token), signal, timeoutMs);
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
    await this.transport.close();
  }

  /** VS Code Disposable shape: closes the pools in the background. */
  dispose(): void {
    void this.close();
  }

  private async wait(status: number, attempt: number, max: number, waitMs: number, signal: AbortSignal | undefined, hooks: ExecuteHooks): Promise<void> {
    this.logger.info(`${status}: retrying in ${formatWait(waitMs)} (retry ${attempt} of ${max})`);
    hooks.onRetryWait?.({ status, attempt, waitMs });
    await this.sleep(waitMs, signal);
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
