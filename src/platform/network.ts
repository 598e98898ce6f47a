import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { Dispatcher } from 'undici';
import { errorMessage } from '../core/errors';
import { createDispatcher, dispatcherFetch, goesDirect, redactProxy, resolveNetwork, type NetworkSettings, type ResolvedNetwork } from '../core/http/network';
import type { Logger } from '../core/logger';

/**
 * VS Code's network settings for the extension's own requests. VS Code applies `http.proxy` and
 * its certificates to Node's http/https modules only; undici (which every request here uses) needs
 * them handed over: this reads `http.proxy`, `http.proxyStrictSSL`, `http.noProxy`,
 * `http.proxySupport`, `http.proxyAuthorization`, `http.systemCertificates`, HTTPS_PROXY/NO_PROXY and
 * NODE_EXTRA_CA_CERTS, and makes one dispatcher, made anew when a setting changes.
 */
export class Network implements vscode.Disposable {
  private current: { dispatcher: Dispatcher; resolved: ResolvedNetwork } | undefined;
  private readonly listener: vscode.Disposable;

  /** A fetch over the current dispatcher (the token endpoint's requests). */
  readonly fetch = dispatcherFetch(() => this.dispatcher());

  constructor(private readonly logger: Logger) {
    this.listener = vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('http')) {
        this.reset();
      }
    });
  }

  /** The dispatcher every request goes through now. */
  dispatcher(): Dispatcher {
    return this.ensure().dispatcher;
  }

  /** The proxy (credentials hidden) requests to `origin` go through, for messages. */
  proxyFor(origin: string): string | undefined {
    const { resolved } = this.ensure();
    const proxy = origin.startsWith('https:') ? resolved.httpsProxy : resolved.httpProxy;
    if (!proxy) {
      return undefined;
    }
    return goesDirect(resolved.noProxy, origin) ? undefined : redactProxy(proxy);
  }

  dispose(): void {
    this.listener.dispose();
    this.reset();
  }

  private ensure(): { dispatcher: Dispatcher; resolved: ResolvedNetwork } {
    if (!this.current) {
      let resolved: ResolvedNetwork;
      try {
        resolved = resolveNetwork(readSettings(this.logger));
      } catch (err) {
        // A proxy setting that cannot be used: say so, and go direct rather than not at all.
        this.logger.warn(`[net] ${errorMessage(err)} Requests go direct.`);
        resolved = resolveNetwork({ ...readSettings(this.logger), proxy: undefined, proxySupport: 'off' });
      }
      const proxy = resolved.httpsProxy ?? resolved.httpProxy;
      this.logger.info(
        `[net] ${proxy ? `proxy ${redactProxy(proxy)}${resolved.noProxy ? ` (not for ${resolved.noProxy})` : ''}` : 'no proxy'}${resolved.ca ? `, ${resolved.ca.length} trusted CA certificates` : ''}`,
      );
      this.current = { dispatcher: createDispatcher(resolved), resolved };
    }
    return this.current;
  }

  private reset(): void {
    const old = this.current;
    this.current = undefined;
    // In-flight requests finish on the old dispatcher; new ones take the new settings.
    void old?.dispatcher.close().catch(() => undefined);
  }
}

function readSettings(logger: Logger): NetworkSettings {
  const http = vscode.workspace.getConfiguration('http');
  const support = http.get<string>('proxySupport', 'override');
  let extraCaCertificates: string | undefined;
  const extraFile = process.env.NODE_EXTRA_CA_CERTS;
  if (extraFile) {
    try {
      extraCaCertificates = readFileSync(extraFile, 'utf8');
    } catch (err) {
      logger.warn(`[net] Could not read NODE_EXTRA_CA_CERTS (${extraFile}): ${errorMessage(err)}`);
    }
  }
  return {
    proxy: http.get<string>('proxy') || undefined,
    proxyStrictSSL: http.get<boolean>('proxyStrictSSL', true),
    noProxy: http.get<string[]>('noProxy', []),
    proxySupport: support === 'off' || support === 'on' || support === 'fallback' ? support : 'override',
    proxyAuthorization: http.get<string | null>('proxyAuthorization') ?? undefined,
    systemCertificates: http.get<boolean>('systemCertificates', true),
    env: process.env,
    extraCaCertificates,
  };
}
