import type { IncomingMessage } from 'node:http';

/**
 * The `Host` values a Sandbox server answers: its own loopback address and port, in the three
 * spellings a client on this machine uses (`127.0.0.1`, `localhost`, `[::1]`), plus the exact
 * authorities its owner named (a port forwarding such as code-server's `/proxy/<port>/`, which
 * passes the browser's `Host` through unchanged).
 *
 * A page of another origin that rebinds its DNS name to 127.0.0.1 reaches the port, but its
 * requests carry its own name in `Host`: refusing every other value keeps such a page from
 * reading or driving the Sandbox.
 */
export function allowedHost(req: IncomingMessage, port: number, extra: ReadonlySet<string> = new Set()): boolean {
  const host = req.headers.host;
  if (host === undefined) {
    return false;
  }
  const value = host.trim().toLowerCase();
  return value === `127.0.0.1:${port}` || value === `localhost:${port}` || value === `[::1]:${port}` || extra.has(value);
}

/** The one message for a refused `Host`. */
export function misdirectedMessage(req: IncomingMessage, port: number): string {
  const host = req.headers.host;
  return `This Sandbox answers only requests addressed to it as 127.0.0.1:${port}, localhost:${port} or [::1]:${port}; this one was for ${host === undefined ? 'no host' : JSON.stringify(host.slice(0, 100))}.`;
}

/**
 * A host's authority as the Sandbox compares it with `Host` (lower case), or undefined when the
 * text is not a bare `host` or `host:port`.
 */
export function normalizeAuthority(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(`http://${text.trim()}`);
  } catch {
    return undefined;
  }
  if (url.host === '' || url.host !== text.trim().toLowerCase()) {
    return undefined;
  }
  return url.host;
}
