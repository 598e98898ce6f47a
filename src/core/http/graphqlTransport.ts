import type { Dispatcher, Pool } from 'undici';
import { CancelledError, NetworkError } from '../errors';
import type { Logger } from '../logger';
import type { Clock } from '../clock';
import { timeoutError, toNetworkError, findErrorCode } from './networkErrors';
import { loadUndici } from './undiciLoader';
import { RequestTimings, timedConnector, type RequestTiming } from './requestTiming';
import { flattenHeaders, formatBytes, ResponseTooLargeError, type RawResponse } from './graphqlResponse';

/** What the transport needs (the GraphQL client's options, with its defaults filled in). */
export interface GraphqlTransportOptions {
  readonly logger: Logger;
  readonly clock: Clock;
  /** Connections per origin of the client's own pools. */
  readonly connections: number;
  /** Answers larger than this are abandoned with ResponseTooLargeError. */
  readonly maxResponseBytes: number;
  /** Where requests go (proxies, trusted certificates), asked for each request; without it, a keep-alive Pool per origin. */
  readonly dispatcher?: () => Dispatcher;
  /** The current proxy for an origin (credentials hidden), if one is used. */
  readonly proxyFor?: (origin: string) => string | undefined;
}

/**
 * One HTTP attempt of the GraphQL client (graphqlClient.ts, which owns the status table and the
 * retries): a keep-alive undici Pool per origin (never the global dispatcher: the extension host is
 * shared), the timeout, cancellation, the size limit, the timing of each phase, one log line per
 * request (the address and the status; never a header or a body).
 */
export class GraphqlTransport {
  private readonly pools = new Map<string, Pool>();
  /** Which of undici's requests are this client's, and where their time went. */
  private readonly timings = new RequestTimings();

  constructor(private readonly options: GraphqlTransportOptions) {}

  private get logger(): Logger {
    return this.options.logger;
  }

  private get clock(): Clock {
    return this.options.clock;
  }

  /** Closes every pool, waiting for in-flight requests. */
  async close(): Promise<void> {
    this.timings.dispose();
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((p) => p.close().catch(() => p.destroy())));
  }

  /** One HTTP attempt; logs one line; maps transport failures to NetworkError/CancelledError. */
  async send(
    endpoint: URL,
    payload: string,
    headers: Record<string, string>,
    signal: AbortSignal | undefined,
    timeoutMs: number,
  ): Promise<RawResponse & { timing: RequestTiming }> {
    const url = `${endpoint.origin}${endpoint.pathname}`;
    const pool: Dispatcher = this.options.dispatcher ? this.options.dispatcher() : this.poolFor(endpoint.origin);
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
      const timing = phases.finish(this.options.proxyFor?.(endpoint.origin) !== undefined);
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
      const error = timedOut ? timeoutError(endpoint.origin, timeoutMs, err) : toNetworkError(err, endpoint.origin, timeoutMs, this.options.proxyFor?.(endpoint.origin));
      this.logger.warn(`POST ${url} -> failed after ${ms} ms: ${error.code ?? findErrorCode(err) ?? 'error'}`);
      throw error instanceof NetworkError ? error : new NetworkError(String(error));
    } finally {
      phases.abandon();
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  private poolFor(origin: string): Pool {
    let pool = this.pools.get(origin);
    if (!pool) {
      pool = new (loadUndici().Pool)(origin, {
        connections: this.options.connections,
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
    let tooLarge = Number.isFinite(declared) && declared > this.options.maxResponseBytes;
    if (!tooLarge) {
      for await (const chunk of stream) {
        size += chunk.length;
        if (size > this.options.maxResponseBytes) {
          tooLarge = true;
          break;
        }
        chunks.push(chunk);
      }
    }
    if (tooLarge) {
      stream.destroy();
      this.logger.warn(`POST ${url} -> ${status} in ${this.clock.now() - t0} ms, abandoned: larger than ${formatBytes(this.options.maxResponseBytes)}`);
      throw new ResponseTooLargeError(status, this.options.maxResponseBytes);
    }
    return Buffer.concat(chunks, size);
  }
}
