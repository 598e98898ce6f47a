/**
 * Proxies and certificates for every request the extension makes itself (token endpoint,
 * introspection, runs). VS Code's proxy support patches Node's http/https modules, not undici, so
 * its settings are read here and turned into an undici dispatcher: `EnvHttpProxyAgent` with the
 * resolved proxy and no-proxy list (undici's own matching of `NO_PROXY` entries), and the trusted
 * CA certificates (Node's, the system's where Node can read them, `NODE_EXTRA_CA_CERTS`).
 */
import * as tls from 'node:tls';
import type { Dispatcher } from 'undici';
import { loadUndici } from './undiciLoader';
import { timedConnector, type Connector } from './requestTiming';

/** VS Code's `http.*` settings that matter here, and the process environment. */
export interface NetworkSettings {
  /** `http.proxy`: `http://[user:password@]host:port`; empty: none. */
  readonly proxy?: string;
  /** `http.proxyStrictSSL` (default true): verify certificates of connections made through the proxy. */
  readonly proxyStrictSSL: boolean;
  /** `http.noProxy`: hosts (and domains, `.example.com`, `*`) that go direct. */
  readonly noProxy: readonly string[];
  /** `http.proxySupport`: `off` ignores every proxy, the environment's included. */
  readonly proxySupport: 'off' | 'on' | 'fallback' | 'override';
  /** `http.proxyAuthorization`: a whole `Proxy-Authorization` value. */
  readonly proxyAuthorization?: string;
  /** `http.systemCertificates` (default true). */
  readonly systemCertificates: boolean;
  /** HTTPS_PROXY, HTTP_PROXY, NO_PROXY (either case), NODE_EXTRA_CA_CERTS: usually `process.env`. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The PEM text of `NODE_EXTRA_CA_CERTS` (the glue reads the file), or more certificates to trust. */
  readonly extraCaCertificates?: string;
}

/** The outcome: where requests go and what they trust. */
export interface ResolvedNetwork {
  readonly httpProxy?: string;
  readonly httpsProxy?: string;
  /** Comma separated, as `NO_PROXY`. */
  readonly noProxy: string;
  readonly strictSSL: boolean;
  readonly proxyAuthorization?: string;
  /** Set only when more than Node's own roots are trusted. */
  readonly ca?: readonly string[];
}

/** Loopback is never sent through a proxy (the Sandbox, a loopback redirect), as VS Code does. */
const LOOPBACK_NO_PROXY = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Resolves the settings: `http.proxySupport: off` means no proxy at all; `http.proxy` wins over
 * the environment's HTTPS_PROXY/HTTP_PROXY; `http.noProxy` and NO_PROXY both apply, plus loopback
 * unless `loopbackDirect` is false (tests that proxy a loopback server).
 */
export function resolveNetwork(settings: NetworkSettings, options: { loopbackDirect?: boolean } = {}): ResolvedNetwork {
  const env = (name: string) => settings.env[name] ?? settings.env[name.toLowerCase()];
  const configured = settings.proxy?.trim() || undefined;
  const off = settings.proxySupport === 'off';
  const httpsProxy = off ? undefined : (configured ?? (env('HTTPS_PROXY') || undefined));
  // Plain http goes only to loopback, which is never proxied: a proxy for http:// would only ever
  // see the tests' loopback servers (loopbackDirect false), never a token in clear to another host.
  const httpProxy = off || options.loopbackDirect !== false ? undefined : (configured ?? (env('HTTP_PROXY') || undefined));
  for (const p of [httpsProxy, httpProxy]) {
    if (p !== undefined && (!URL.canParse(p) || !/^https?:$/.test(new URL(p).protocol))) {
      throw new ProxySettingError(`The proxy address "${redactProxy(p)}" is not an http:// or https:// address. Check http.proxy or HTTPS_PROXY.`);
    }
  }
  const listed = [...(options.loopbackDirect === false ? [] : LOOPBACK_NO_PROXY), ...settings.noProxy, ...(env('NO_PROXY') ?? '').split(/[,\s]/)]
    .map((s) => s.trim())
    .filter((s) => s !== '');
  // `*` among others means "nothing through the proxy" too; undici honours it only as the whole value.
  const noProxy = listed.includes('*') ? ['*'] : listed;
  const ca = trustedCertificates(settings);
  return {
    ...(httpProxy ? { httpProxy } : {}),
    ...(httpsProxy ? { httpsProxy } : {}),
    noProxy: [...new Set(noProxy)].join(','),
    strictSSL: settings.proxyStrictSSL,
    ...(settings.proxyAuthorization ? { proxyAuthorization: settings.proxyAuthorization } : {}),
    ...(ca ? { ca } : {}),
  };
}

/**
 * Whether a request to `url` goes direct under a resolved no-proxy list: exactly undici's
 * `EnvHttpProxyAgent` rule (which the dispatcher applies), so that messages name the proxy only
 * when it was used. `*` alone: everything direct; an entry matches its host and the host's
 * subdomains (a leading `.` or `*.` changes nothing); `host:port` only that port.
 */
export function goesDirect(noProxy: string, url: string): boolean {
  if (noProxy === '*') {
    return true;
  }
  const target = new URL(url);
  const host = target.host.replace(/:\d*$/, '').toLowerCase();
  const port = Number.parseInt(target.port, 10) || (target.protocol === 'https:' ? 443 : target.protocol === 'http:' ? 80 : 0);
  return noProxy
    .split(/[,\s]/)
    .filter((e) => e !== '')
    .some((entry) => {
      const parsed = /^(.+):(\d+)$/.exec(entry);
      const name = (parsed ? parsed[1] : entry).replace(/^\*?\./, '').toLowerCase();
      if (parsed && Number.parseInt(parsed[2], 10) !== port) {
        return false;
      }
      return host === name || host.endsWith(`.${name}`);
    });
}

/** A proxy setting that cannot be used. */
export class ProxySettingError extends Error {}

/** Node's roots plus the system's (where this Node can read them) and the extra ones; undefined when that is Node's default. */
function trustedCertificates(settings: NetworkSettings): string[] | undefined {
  const extra = splitPem(settings.extraCaCertificates ?? '');
  const getCa = (tls as { getCACertificates?: (type: 'system' | 'default') => string[] }).getCACertificates;
  let system: string[] = [];
  if (settings.systemCertificates && typeof getCa === 'function') {
    try {
      system = getCa('system');
    } catch {
      system = [];
    }
  }
  if (extra.length === 0 && system.length === 0) {
    return undefined;
  }
  return [...new Set([...tls.rootCertificates, ...system, ...extra])];
}

function splitPem(text: string): string[] {
  return text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}

/** A proxy address fit for messages and logs: its credentials replaced. */
export function redactProxy(address: string): string {
  try {
    const url = new URL(address);
    if (url.username || url.password) {
      url.username = '***';
      url.password = '';
      return url.toString().replace(/\/$/, '');
    }
  } catch {
    // Not a URL: the credentials are cut out below.
  }
  // Also "user:secret@proxy:8080" without a scheme, which URL reads as the scheme "user:".
  return address.replace(/^([^/@]*\/\/)?[^/@]*@/, '$1***@').replace(/\/$/, '');
}

/** Options shared by the dispatcher's connections. */
export interface DispatcherOptions {
  readonly connections?: number;
  readonly keepAliveTimeoutMs?: number;
  readonly connectTimeoutMs?: number;
}

/**
 * An undici dispatcher for the resolved network: with a proxy, `EnvHttpProxyAgent` (CONNECT for
 * https, credentials from the proxy address or `http.proxyAuthorization`); without one, an `Agent`.
 * Never the global dispatcher.
 */
export function createDispatcher(network: ResolvedNetwork, options: DispatcherOptions = {}): Dispatcher {
  const undici = loadUndici();
  const proxied = network.httpProxy !== undefined || network.httpsProxy !== undefined;
  const tlsOptions = { ...(network.ca ? { ca: [...network.ca] } : {}), ...(proxied && !network.strictSSL ? { rejectUnauthorized: false } : {}) };
  const agentOptions = {
    connections: options.connections ?? 4,
    keepAliveTimeout: options.keepAliveTimeoutMs ?? 30_000,
    connect: { timeout: options.connectTimeoutMs ?? 10_000, ...tlsOptions },
  };
  if (!proxied) {
    // Its sockets record their DNS, connect and TLS times (the results panel's timing breakdown).
    return new undici.Agent({ ...agentOptions, connect: timedConnector(undici.buildConnector(agentOptions.connect)) });
  }
  return new undici.EnvHttpProxyAgent({
    ...agentOptions,
    // '' (not undefined): undici would otherwise read the process environment itself.
    httpProxy: network.httpProxy ?? '',
    httpsProxy: network.httpsProxy ?? '',
    noProxy: network.noProxy,
    requestTls: tlsOptions,
    proxyTls: tlsOptions,
    // The connections to the proxy record their DNS and connect times, and their tunnel (requestTiming.ts).
    clientFactory: (origin: URL, options: { connect: Connector }) => new undici.Pool(origin, { ...options, connect: timedConnector(options.connect) as never }),
    ...(network.proxyAuthorization ? { token: network.proxyAuthorization } : {}),
  } as ConstructorParameters<typeof undici.EnvHttpProxyAgent>[0]);
}

/** A fetch over the dispatcher (for oauth4webapi's token requests): undici's fetch, never the global one. */
export function dispatcherFetch(dispatcher: () => Dispatcher): (url: string, init?: RequestInit) => Promise<Response> {
  return (url, init) =>
    loadUndici().fetch(url, { ...(init as object), dispatcher: dispatcher() } as Parameters<ReturnType<typeof loadUndici>['fetch']>[1]) as unknown as Promise<Response>;
}
