import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigurationError, NetworkError } from '../errors';
import type { Logger } from '../logger';
import { AUTH_CALLBACK_PATH, type CallbackResult } from './pendingAuthorizations';

/** A running loopback redirect receiver (redirect mode b). */
export interface LoopbackReceiver {
  /** The bound port (the configured one, or the chosen one when started with port 0). */
  readonly port: number;
  /** `http://127.0.0.1:<port>/auth-callback`, to send as `redirect_uri`. */
  readonly redirectUri: string;
  /** Stops listening and drops open connections; safe to call more than once. */
  close(): Promise<void>;
}

/** Options of {@link startLoopbackReceiver}. */
export interface LoopbackReceiverOptions {
  readonly port: number;
  /** Validates the callback query (normally `PendingAuthorizations.handleCallback`). */
  readonly onCallback: (query: URLSearchParams) => CallbackResult;
  readonly logger: Logger;
}

const HOST = '127.0.0.1';
const CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * Listens on 127.0.0.1 only, answers only GET `/auth-callback`, shows a small plain page and
 * closes itself after one callback that matched a pending sign-in (code or error). Callbacks
 * with an unknown state get an error page and the receiver keeps waiting.
 */
export async function startLoopbackReceiver(options: LoopbackReceiverOptions): Promise<LoopbackReceiver> {
  let closing: Promise<void> | undefined;
  const server = createServer((req, res) => {
    const outcome = handle(req, res, server.address() as AddressInfo | null, options);
    if (outcome === 'done') {
      // Let the page reach the browser before the socket goes.
      res.on('finish', () => void close());
    }
  });
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    return closing;
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') {
        reject(
          new ConfigurationError(
            'loopbackPort',
            `Port ${options.port} on ${HOST} is in use, so the sign-in cannot receive the browser's answer. Close the program using it or choose another loopbackPort (it must match the registered redirect URI).`,
          ),
        );
      } else {
        reject(new NetworkError(`Could not listen on ${HOST}:${options.port} for the sign-in callback.`, err.code));
      }
    });
    server.listen(options.port, HOST, () => resolve());
  });
  server.on('error', (err) => options.logger.warn(`Loopback receiver error: ${err.message}`));
  const port = (server.address() as AddressInfo).port;
  options.logger.debug(`Waiting for the sign-in callback on http://${HOST}:${port}${AUTH_CALLBACK_PATH}.`);
  return { port, redirectUri: `http://${HOST}:${port}${AUTH_CALLBACK_PATH}`, close };
}

function handle(req: IncomingMessage, res: ServerResponse, address: AddressInfo | null, options: LoopbackReceiverOptions): 'done' | 'continue' {
  const port = address?.port;
  // A page elsewhere could point a rebinding DNS name at us; only the literal address is ours.
  if (req.headers.host !== `${HOST}:${port}`) {
    send(res, 400, 'Bad request', 'This address only answers sign-in callbacks.');
    return 'continue';
  }
  const target = parseOriginFormTarget(req.url ?? '');
  if (req.method !== 'GET' || !target || target.path !== AUTH_CALLBACK_PATH) {
    send(res, 404, 'Not found', 'This address only answers sign-in callbacks.');
    return 'continue';
  }
  let result: CallbackResult;
  try {
    result = options.onCallback(new URLSearchParams(target.query));
  } catch (err) {
    options.logger.warn(`Sign-in callback failed: ${err instanceof Error ? err.message : String(err)}`);
    send(res, 500, 'Sign-in failed', 'Something went wrong. Return to VS Code and try again.');
    return 'continue';
  }
  switch (result.kind) {
    case 'code':
      send(res, 200, 'Signed in', 'You can close this tab and return to VS Code.');
      return 'done';
    case 'error':
      send(res, 200, 'Sign-in not completed', `${result.message} You can close this tab.`);
      return 'done';
    case 'rejected':
      send(res, 400, 'Sign-in link not valid', result.message);
      return 'continue';
  }
}

/** Longest request target accepted (a callback is a few hundred characters). */
export const MAX_REQUEST_TARGET = 8192;

/**
 * Splits an HTTP request target in origin form (RFC 9112 §3.2.1: `/path?query`) into its path
 * and query, without resolving it against anything. Returns undefined for every other form and
 * anything odd: absolute form (`http://evil.example/auth-callback`), authority form
 * (`127.0.0.1:80`), asterisk form, a network-path reference (`//evil.example/auth-callback`,
 * which `new URL(target, base)` would quietly read as `/auth-callback` on another host), a
 * backslash (which WHATWG URL parsing treats as `/`), a fragment, whitespace or control
 * characters, or more than {@link MAX_REQUEST_TARGET} characters. The path is returned exactly
 * as sent (not percent-decoded, not normalised), so `/auth-callback` matches only itself.
 */
export function parseOriginFormTarget(target: string): { path: string; query: string } | undefined {
  if (target.length === 0 || target.length > MAX_REQUEST_TARGET || target[0] !== '/' || target[1] === '/') {
    return undefined;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\uffff#\\]/.test(target)) {
    return undefined;
  }
  const q = target.indexOf('?');
  const path = q < 0 ? target : target.slice(0, q);
  const query = q < 0 ? '' : target.slice(q + 1);
  return { path, query };
}

function send(res: ServerResponse, status: number, title: string, message: string): void {
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>`;
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': CSP,
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    Connection: 'close',
  });
  res.end(body);
}

/** Escapes text for HTML element content. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
