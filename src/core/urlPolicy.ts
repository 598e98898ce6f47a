import { ConfigurationError } from './errors';

/** True when the host is a loopback address or `localhost`. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/**
 * Parses a Service address and refuses anything but https, or plain http on a loopback host.
 * Returns the URL without a trailing slash. `field` names the setting for the message.
 */
export function parseServiceUrl(value: unknown, field: string): URL {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ConfigurationError(field, `${field} must be an absolute https:// address.`);
  }
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new ConfigurationError(field, `${field} is not a valid address: "${value}".`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    throw new ConfigurationError(field, `${field} must use https:// (plain http:// is allowed only for 127.0.0.1 or localhost): "${value}".`);
  }
  if (url.username || url.password) {
    throw new ConfigurationError(field, `${field} must not contain a user name or password.`);
  }
  if (url.search || url.hash) {
    throw new ConfigurationError(field, `${field} must not contain a query or fragment.`);
  }
  url.pathname = url.pathname.replace(/\/+$/, '');
  return url;
}

/** Joins a base address and a path, keeping the base's path prefix. */
export function joinUrl(base: URL | string, path: string): string {
  const b = typeof base === 'string' ? base : base.toString();
  return b.replace(/\/+$/, '') + '/' + path.replace(/^\/+/, '');
}
