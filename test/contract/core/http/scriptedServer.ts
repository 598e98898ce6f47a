import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CancelledError } from '../../../../src/core/errors';
import type { Logger } from '../../../../src/core/logger';

/** What the scripted server does with one request. */
export type Reply = { status: number; headers?: Record<string, string>; body?: string | object } | { action: 'reset' } | { action: 'hang' };

/** A request as the server saw it. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Set when the client closed the connection before the server answered. */
  closedEarly: boolean;
}

/** A node:http server on 127.0.0.1, port 0, answering requests from a script, in order. */
export interface ScriptedServer {
  baseUrl: string;
  origin: string;
  requests: SeenRequest[];
  /** Number of TCP connections accepted. */
  connections(): number;
  /** Resolves when `n` requests have arrived. */
  whenRequests(n: number): Promise<void>;
  /** Resolves when a request the server left hanging was closed by the client. */
  whenClosedEarly(): Promise<void>;
  close(): Promise<void>;
}

/** Starts a server that answers the n-th request with `script[n]` (599 once the script is used up). */
export async function startScriptedServer(script: Reply[]): Promise<ScriptedServer> {
  const requests: SeenRequest[] = [];
  let connections = 0;
  const waiters: { n: number; resolve: () => void }[] = [];
  const closeWaiters: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const seen: SeenRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        closedEarly: false,
      };
      const reply = script[requests.length] ?? { status: 599, body: 'script exhausted' };
      requests.push(seen);
      for (const w of waiters.filter((w) => requests.length >= w.n)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      if ('action' in reply) {
        if (reply.action === 'reset') {
          req.socket.resetAndDestroy();
        } else {
          res.on('close', () => {
            if (!res.writableEnded) {
              seen.closedEarly = true;
              closeWaiters.splice(0).forEach((r) => r());
            }
          });
        }
        return;
      }
      const body = typeof reply.body === 'string' ? reply.body : reply.body === undefined ? '' : JSON.stringify(reply.body);
      const headers = {
        'content-type': typeof reply.body === 'object' ? 'application/json' : 'text/plain',
        ...reply.headers,
      };
      res.writeHead(reply.status, headers);
      res.end(body);
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    baseUrl: origin,
    origin,
    requests,
    connections: () => connections,
    whenRequests: (n) => (requests.length >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve }))),
    whenClosedEarly: () => (requests.some((r) => r.closedEarly) ? Promise.resolve() : new Promise<void>((resolve) => closeWaiters.push(resolve))),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A sleep that records the waits and returns at once, still honouring the abort signal. */
export function recordingSleep(): { waits: number[]; sleep: (ms: number, signal?: AbortSignal) => Promise<void> } {
  const waits: number[] = [];
  return {
    waits,
    sleep: async (ms, signal) => {
      waits.push(ms);
      await Promise.resolve();
      if (signal?.aborted) {
        throw new CancelledError();
      }
    },
  };
}

/** A Logger that keeps its lines. */
export function memoryLogger(): { lines: string[]; logger: Logger } {
  const lines: string[] = [];
  const push = (m: string | Error) => lines.push(typeof m === 'string' ? m : m.message);
  return { lines, logger: { trace: push, debug: push, info: push, warn: push, error: push } };
}
