import { NetworkError } from '../errors';

const TLS_CODES = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'HOSTNAME_MISMATCH',
  'EPROTO',
  'ERR_SSL_WRONG_VERSION_NUMBER',
]);

/** Finds the most specific system or library error code in an error and its causes. */
export function findErrorCode(err: unknown): string | undefined {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  let fallback: string | undefined;
  while (queue.length > 0) {
    const e = queue.shift();
    if (e === null || typeof e !== 'object' || seen.has(e)) {
      continue;
    }
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      // undici wraps socket errors (UND_ERR_SOCKET) around the system error we want to name.
      if (!code.startsWith('UND_ERR_')) {
        return code;
      }
      fallback ??= code;
    }
    queue.push((e as { cause?: unknown }).cause);
    if (e instanceof AggregateError) {
      queue.push(...e.errors);
    }
  }
  return fallback;
}

/** Turns whatever undici threw for a request that got no HTTP answer into a plain NetworkError. */
export function toNetworkError(err: unknown, origin: string, timeoutMs: number | undefined, proxy?: string): NetworkError {
  const code = findErrorCode(err);
  const host = safeHost(origin);
  const detail = err instanceof Error ? err.message : String(err);
  if (proxy !== undefined) {
    const viaProxy = proxyError(err, origin, proxy, code);
    if (viaProxy) {
      return viaProxy;
    }
  }
  switch (code) {
    case 'ECONNREFUSED':
      return new NetworkError(`Could not connect to ${origin}: connection refused. Is the Service running?`, code, { cause: err });
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
    case 'UND_ERR_CLOSED':
      return new NetworkError(
        `The connection to ${origin} was closed before the Service answered (${code}). ` + 'Try again; if it keeps happening, check the network, a proxy or a firewall.',
        code,
        { cause: err },
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
    case 'EAI_NONAME':
      return new NetworkError(`Could not find the host ${host} (DNS lookup failed). Check the Service address and your network connection.`, code, { cause: err });
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return new NetworkError(`Could not connect to ${origin}: the connection attempt timed out. Check the Service address and your network connection.`, code, { cause: err });
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
      return timeoutError(origin, timeoutMs, err);
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ENETDOWN':
      return new NetworkError(`Could not reach ${origin}: the network is unreachable (${code}).`, code, { cause: err });
    default:
      if (code && (TLS_CODES.has(code) || code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL'))) {
        return new NetworkError(
          `The secure connection to ${origin} failed (${code}: ${detail}). ` + 'Check the Service address; behind a proxy that inspects TLS, make its certificate trusted.',
          code,
          { cause: err },
        );
      }
      return new NetworkError(`Could not reach ${origin}: ${detail}`, code, { cause: err });
  }
}

/** The request got no complete answer within the timeout. */
export function timeoutError(origin: string, timeoutMs: number | undefined, cause?: unknown): NetworkError {
  const within = timeoutMs !== undefined ? ` within ${Math.round(timeoutMs / 100) / 10} s` : ' in time';
  return new NetworkError(`The Service at ${origin} gave no answer${within}. Try again, or raise the request timeout.`, 'ETIMEDOUT', { cause });
}

function safeHost(origin: string): string {
  try {
    return new URL(origin).hostname;
  } catch {
    return origin;
  }
}

/**
 * A failure of the proxy rather than of the Service: the proxy refused the tunnel (undici's
 * "Proxy response (407) !== 200 when HTTP Tunneling"), asked for credentials, or could not be
 * reached. `proxy` is the proxy's address with its credentials hidden.
 */
export function proxyError(err: unknown, origin: string, proxy: string, code: string | undefined): NetworkError | undefined {
  const messages: string[] = [];
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    messages.push(e.message);
  }
  const status = /Proxy response \((\d{3})\)/.exec(messages.join(' '))?.[1];
  if (status === '407') {
    return new NetworkError(
      `The proxy ${proxy} asks for credentials (407 Proxy Authentication Required). Put them in the http.proxy setting (http://user:password@host:port) or set http.proxyAuthorization.`,
      'PROXY_407',
      { cause: err },
    );
  }
  if (status !== undefined) {
    return new NetworkError(
      `The proxy ${proxy} refused the connection to ${origin} (${status}). Ask your network administrator to allow it, or add the host to http.noProxy if it can be reached directly.`,
      `PROXY_${status}`,
      { cause: err },
    );
  }
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    const failed = messages.join(' ');
    const proxyHost = (() => {
      try {
        return new URL(proxy).host;
      } catch {
        return undefined;
      }
    })();
    if (proxyHost && failed.includes(proxyHost.replace(/^\[|\]$/g, ''))) {
      return new NetworkError(`Could not reach the proxy ${proxy} (${code}). Check http.proxy (or HTTPS_PROXY) and that the proxy runs.`, code, { cause: err });
    }
  }
  return undefined;
}
