/**
 * Where a request's time went, as far as undici lets us see it: DNS, TCP connect and TLS of a new
 * connection (from the socket's own `lookup`, `connect` and `secureConnect` events, the socket being
 * opened by our connector), then waiting for the first byte and the download (from undici's
 * diagnostics channels `undici:client:sendHeaders` and `undici:request:headers`, and the end of the
 * body read). A request on a kept-alive connection has no connection phases of its own: it says so
 * instead of showing zeros. Through a proxy, a new tunnel is timed as far as it can be seen: the
 * connection to the proxy (DNS of the proxy's name, TCP connect: the proxy's client uses our
 * connector), the CONNECT answered (`undici:proxy:connected`, which names the server's host), and
 * TLS to the server over the tunnel (until `undici:client:connected` of the next connection to that
 * host; two tunnels to one host opening at once may swap their phases, both being new tunnels).
 * What cannot be told apart is left out.
 *
 * Requests are told apart by identity: `undici:request:create` is published synchronously inside
 * the dispatch call, so the request created while `RequestTimer.dispatch` runs is ours (the channels
 * are process-wide: other extensions' requests go by untouched). A request the pool queued (all its
 * connections busy) is created later: it is recognised then by its origin, path and body.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { EventEmitter } from 'node:events';
import { performance } from 'node:perf_hooks';
import type { ResponseTiming } from '../../shared/resultView';

/** A request's time, phase by phase: the type the results panel shows (one definition, in src/shared). */
export type RequestTiming = ResponseTiming;

/** An undici connector (`buildConnector`'s result, or the `connect` option as a function). */
export type Connector = (options: never, callback: (err: Error | null, socket: unknown) => void) => unknown;

interface SocketPhases {
  readonly start: number;
  lookup?: number;
  connect?: number;
  secure?: number;
  /** A proxy's tunnel: when the proxy answered CONNECT, and when TLS with the server over it was done. */
  tunnel?: number;
  tunnelTls?: number;
  /** Set once a request was sent on it: the next ones reuse it. */
  used: boolean;
}

interface Pending {
  sent?: number;
  headers?: number;
  /** The phases of the connection this request opened (absent: it reused one, or undici opened it). */
  phases?: SocketPhases;
  /** The request went on a connection of ours that an earlier request used. */
  reused?: boolean;
}

/** What identifies a request the pool queued, when undici creates it. */
interface Expected {
  readonly origin: string;
  readonly path: string;
  readonly body: Buffer;
}

/** The sockets our connectors opened, with their phases (process-wide: a socket is one object). */
const sockets = new WeakMap<object, SocketPhases>();

function matches(request: { origin?: unknown; path?: unknown; body?: unknown }, expected: Expected): boolean {
  const origin = typeof request.origin === 'string' ? request.origin : String(request.origin);
  return origin === expected.origin && request.path === expected.path && Buffer.isBuffer(request.body) && request.body.equals(expected.body);
}

/**
 * One client's view of undici's diagnostics channels: which requests are its own, and when each
 * was sent and answered. Subscribes on the first request, unsubscribes when disposed.
 */
export class RequestTimings {
  private readonly requests = new WeakMap<object, Pending>();
  /** The request being dispatched now (undici creates it synchronously inside the dispatch call). */
  private tagging: Pending | undefined;
  /** Requests dispatched but queued by their pool (rare: all its connections busy). */
  private readonly waiting = new Map<Pending, Expected>();
  private subscriptions: [string, (message: unknown) => void][] | undefined;

  /** A timer for one request of this client. */
  timer(): RequestTimer {
    this.subscribe();
    return new RequestTimer(this);
  }

  /** @internal Called by RequestTimer around its dispatch. */
  tag(pending: Pending | undefined): void {
    this.tagging = pending;
  }

  /** @internal The request is not created yet: recognise it when it is. */
  expect(pending: Pending, expected: Expected | undefined): void {
    if (expected) {
      this.waiting.set(pending, expected);
    } else {
      this.waiting.delete(pending);
    }
  }

  /** @internal Whether `pending` is still the request being dispatched. */
  isTagging(pending: Pending): boolean {
    return this.tagging === pending;
  }

  dispose(): void {
    for (const [name, listener] of this.subscriptions ?? []) {
      unsubscribe(name, listener);
    }
    this.subscriptions = undefined;
    this.waiting.clear();
  }

  private subscribe(): void {
    if (this.subscriptions) {
      return;
    }
    this.subscriptions = [
      ['undici:request:create', (message) => this.onCreate(message)],
      ['undici:client:sendHeaders', (message) => this.onSendHeaders(message)],
      ['undici:request:headers', (message) => this.onHeaders(message)],
      ['undici:proxy:connected', (message) => onProxyConnected(message)],
      ['undici:client:connected', (message) => onConnected(message)],
    ];
    for (const [name, listener] of this.subscriptions) {
      subscribe(name, listener);
    }
  }

  private onCreate(message: unknown): void {
    const request = (message as { request?: object }).request;
    if (!request) {
      return;
    }
    if (this.tagging) {
      this.requests.set(request, this.tagging);
      this.tagging = undefined;
      return;
    }
    for (const [pending, expected] of this.waiting) {
      if (matches(request, expected)) {
        this.waiting.delete(pending);
        this.requests.set(request, pending);
        return;
      }
    }
  }

  private onSendHeaders(message: unknown): void {
    const { request, socket } = message as { request?: object; socket?: object };
    const pending = request ? this.requests.get(request) : undefined;
    if (!pending) {
      return;
    }
    pending.sent = performance.now();
    const phases = socket ? sockets.get(socket) : undefined;
    if (phases) {
      if (phases.used) {
        pending.reused = true;
      } else {
        phases.used = true;
        pending.phases = phases;
      }
    }
  }

  private onHeaders(message: unknown): void {
    const { request, response } = message as { request?: object; response?: { statusCode?: number } };
    const pending = request ? this.requests.get(request) : undefined;
    // The first final answer's headers (an informational 1xx is not the answer).
    if (pending && pending.headers === undefined && (response?.statusCode ?? 200) >= 200) {
      pending.headers = performance.now();
    }
  }
}

/** Tunnels whose CONNECT was answered, by the server's host, waiting for their TLS connection. */
const tunnels = new Map<string, { phases: SocketPhases; socket: { destroyed?: boolean } }[]>();

type ConnectMessage = { socket?: object; connectParams?: { host?: string; headers?: { host?: string } } };

/** A proxy answered CONNECT on a socket our connector opened to it: the tunnel is established. */
function onProxyConnected(message: unknown): void {
  const { socket, connectParams } = message as ConnectMessage;
  const phases = socket ? sockets.get(socket) : undefined;
  const host = connectParams?.headers?.host;
  if (socket && phases && phases.tunnel === undefined && host) {
    phases.tunnel = performance.now();
    tunnels.set(host, [...(tunnels.get(host) ?? []), { phases, socket }]);
  }
}

/**
 * A connection of undici is ready. When it is not one of our sockets and a tunnel of ours to its
 * host waits (the oldest whose socket still lives: a failed handshake destroys it), it is TLS
 * over that tunnel: the handshake with the server is done now, and requests on it are timed with
 * the tunnel's phases. A plain connection over a tunnel is the tunnel's socket itself.
 */
function onConnected(message: unknown): void {
  const { socket, connectParams } = message as ConnectMessage;
  const host = connectParams?.host;
  const waiting = (host ? tunnels.get(host) : undefined)?.filter((t) => t.socket.destroyed !== true && t.socket !== socket);
  const known = socket ? sockets.get(socket) : undefined;
  const tunnel = known ? undefined : waiting?.shift();
  if (host) {
    if (waiting?.length) {
      tunnels.set(host, waiting);
    } else {
      tunnels.delete(host);
    }
  }
  if (socket && tunnel) {
    tunnel.phases.tunnelTls = performance.now();
    sockets.set(socket, tunnel.phases);
  }
}

/**
 * Wraps an undici connector so that the sockets it opens record when their name was resolved,
 * their TCP connection made and their TLS handshake done.
 */
export function timedConnector<C extends Connector>(connect: C): C {
  const timed = (options: never, callback: (err: Error | null, socket: unknown) => void): unknown => {
    const start = performance.now();
    const socket = connect(options, callback);
    if (socket && typeof (socket as EventEmitter).once === 'function') {
      const phases: SocketPhases = { start, used: false };
      sockets.set(socket, phases);
      const events = socket as EventEmitter;
      events.once('lookup', () => (phases.lookup = performance.now()));
      events.once('connect', () => (phases.connect = performance.now()));
      events.once('secureConnect', () => (phases.secure = performance.now()));
    }
    return socket;
  };
  return timed as C;
}

const round = (ms: number): number => Math.round(ms * 10) / 10;
const span = (from: number | undefined, to: number | undefined): number | undefined => (from !== undefined && to !== undefined && to >= from ? round(to - from) : undefined);

/** The timing of one HTTP request: `dispatch` it through `dispatch`, then `finish` when its body is read. */
export class RequestTimer {
  private readonly pending: Pending = {};

  constructor(private readonly timings: RequestTimings) {}

  /**
   * Calls `send`, which dispatches one undici request (as `Dispatcher.request` does) to `origin` +
   * `path` with `body`, tagging that request.
   */
  dispatch<T>(expected: { readonly origin: string; readonly path: string; readonly body: string }, send: () => T): T {
    this.timings.tag(this.pending);
    try {
      return send();
    } finally {
      if (this.timings.isTagging(this.pending)) {
        // Queued by the pool: recognised when undici creates it.
        this.timings.tag(undefined);
        this.timings.expect(this.pending, { origin: expected.origin, path: expected.path, body: Buffer.from(expected.body) });
      }
    }
  }

  /** The request's timing, its body read to the end now; `proxied` when it went through a proxy. */
  finish(proxied: boolean): RequestTiming {
    this.abandon();
    const done = performance.now();
    const { sent, headers, phases, reused } = this.pending;
    const answer = { firstByteMs: span(sent, headers), downloadMs: span(headers, done) };
    if (phases?.tunnel !== undefined) {
      // A new tunnel through a proxy: DNS and connect are the proxy's, TLS the server's over the tunnel.
      const toProxy = phases.secure ?? phases.connect;
      return {
        connection: 'proxy',
        ...(phases.lookup !== undefined ? { dnsMs: span(phases.start, phases.lookup) } : {}),
        connectMs: span(phases.lookup ?? phases.start, toProxy),
        tunnelMs: span(toProxy, phases.tunnel),
        ...(phases.tunnelTls !== undefined ? { tlsMs: span(phases.tunnel, phases.tunnelTls) } : {}),
        ...answer,
      };
    }
    if (phases) {
      const connected = phases.connect;
      return {
        connection: 'new',
        ...(phases.lookup !== undefined ? { dnsMs: span(phases.start, phases.lookup) } : {}),
        connectMs: span(phases.lookup ?? phases.start, connected),
        ...(phases.secure !== undefined ? { tlsMs: span(connected, phases.secure) } : {}),
        ...answer,
      };
    }
    return { connection: reused ? 'reused' : proxied ? 'proxy' : 'unknown', ...answer };
  }

  /** Forgets the request (it failed, or is done). */
  abandon(): void {
    this.timings.expect(this.pending, undefined);
  }
}
