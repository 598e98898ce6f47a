import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { isIP } from 'node:net';

/** Largest request body the Sandbox reads (1 MiB). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** A request body larger than {@link MAX_BODY_BYTES}. */
export class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError';
}

/** Reads the whole request body as UTF-8, refusing more than `limit` bytes. */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        if (!failed) {
          failed = true;
          reject(new BodyTooLargeError(`The request body is larger than ${limit} bytes.`));
        }
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) {
        resolve(Buffer.concat(chunks).toString('utf8'));
      }
    });
    req.on('error', (err) => {
      if (!failed) {
        failed = true;
        reject(err);
      }
    });
  });
}

/** Sends a JSON response. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: OutgoingHttpHeaders = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** Security headers for every HTML page of the authorization server. */
export const HTML_SECURITY_HEADERS: OutgoingHttpHeaders = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

/** Sends an HTML page with the security headers. */
export function sendHtml(res: ServerResponse, status: number, html: string, headers: OutgoingHttpHeaders = {}): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
    ...HTML_SECURITY_HEADERS,
    ...headers,
  });
  res.end(html);
}

/** Sends a redirect (302 after GET, 303 after POST). */
export function sendRedirect(res: ServerResponse, status: 302 | 303, location: string, headers: OutgoingHttpHeaders = {}): void {
  res.writeHead(status, { Location: location, 'Cache-Control': 'no-store', 'Content-Length': 0, ...headers });
  res.end();
}

/** The peer address with IPv4-mapped IPv6 addresses unwrapped. */
export function remoteAddress(req: IncomingMessage): string {
  return normalizeAddress(req.socket.remoteAddress ?? '');
}

/** Unwraps `::ffff:a.b.c.d` to `a.b.c.d`. */
export function normalizeAddress(address: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return m ? m[1] : address;
}

/** Whether an address is loopback (127.0.0.0/8 or ::1). */
export function isLoopback(address: string): boolean {
  const a = normalizeAddress(address);
  return (isIP(a) === 4 && a.startsWith('127.')) || a === '::1';
}

/**
 * Parses a query string and reports parameters given more than once, which OAuth forbids
 * (RFC 6749 section 3.1).
 */
export function parseParams(search: string | URLSearchParams): { params: Map<string, string>; duplicates: string[] } {
  const sp = typeof search === 'string' ? new URLSearchParams(search) : search;
  const params = new Map<string, string>();
  const duplicates: string[] = [];
  for (const [k, v] of sp) {
    if (params.has(k)) {
      if (!duplicates.includes(k)) {
        duplicates.push(k);
      }
    } else {
      params.set(k, v);
    }
  }
  return { params, duplicates };
}
