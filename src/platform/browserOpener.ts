import { randomBytes } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { buildInterstitialPage } from '../core/auth/signInInterstitial';
import { isLoopbackHost } from '../core/urlPolicy';

/** How long the browser's reachability probe of the authorization server may take. */
const PROBE_TIMEOUT_MS = 3000;
/** How long the interstitial server waits for its one request before it closes. */
const INTERSTITIAL_LIFETIME_MS = 120_000;

/**
 * Opens an address in the user's browser exactly as given.
 *
 * Two catches of `openExternal`: a `Uri` is re-encoded on the way (the percent-encoded
 * `redirect_uri` inside an authorization URL gets mangled), so the string is passed through as
 * it is, which the extension host supports; and in a browser-based or remote VS Code a
 * `127.0.0.1` address is rewritten through the host's port forwarding from its parsed form, which
 * has the same problem. For those we resolve the forwarded origin first and append the original
 * path and query ourselves, so nothing is rewritten again.
 *
 * The loopback address cannot be opened unchanged through `openExternal` there: in a remote or
 * browser-based workbench VS Code's opener tunnels every `localhost`/`127.0.0.1` address itself.
 * But the port proxy (code-server's `/proxy/<port>/`) breaks a standard server's login page (cookie
 * paths, absolute form actions), so for a loopback sign-in address we open a one-shot interstitial
 * page instead (served by {@link serveInterstitial}, itself reached through the forwarding): in the
 * browser it probes whether the authorization server is reachable as it is and replaces itself with
 * the unchanged address, or with the forwarded one when it is not.
 * Desktop VS Code (no remote) opens the address as given.
 */
export async function openInBrowser(url: string): Promise<boolean> {
  const parsed = new URL(url);
  if (!usesForwarding(parsed)) {
    return vscode.env.openExternal(url as unknown as vscode.Uri);
  }
  const forwarded = await forwardedAddress(parsed);
  let page: Interstitial | undefined;
  try {
    page = await serveInterstitial(url, forwarded);
  } catch {
    page = undefined;
  }
  if (!page) {
    return vscode.env.openExternal(forwarded as unknown as vscode.Uri);
  }
  let pageAddress: string;
  try {
    pageAddress = await forwardedAddress(new URL(page.url));
  } catch {
    page.close();
    return vscode.env.openExternal(forwarded as unknown as vscode.Uri);
  }
  try {
    const opened = await vscode.env.openExternal(pageAddress as unknown as vscode.Uri);
    if (!opened) {
      page.close();
    }
    return opened;
  } catch (err) {
    page.close();
    throw err;
  }
}

/** True when VS Code would send the address through the host's port forwarding. */
export function usesForwarding(url: URL): boolean {
  return isLoopbackHost(url.hostname) && (vscode.env.remoteName !== undefined || vscode.env.uiKind === vscode.UIKind.Web);
}

/** The address through the host's forwarding: the forwarded origin, and the original path and query byte for byte. */
async function forwardedAddress(parsed: URL): Promise<string> {
  const origin = await vscode.env.asExternalUri(vscode.Uri.parse(`${parsed.protocol}//${parsed.host}/`));
  return origin.toString(true).replace(/\/+$/, '') + parsed.pathname + parsed.search + parsed.hash;
}

export interface Interstitial {
  /** The page's loopback address (`http://127.0.0.1:<port>/<random id>`). */
  readonly url: string;
  /** Resolves once the server has closed (after its one page, or the timeout, or close()). */
  readonly closed: Promise<void>;
  close(): void;
}

/**
 * Serves the interstitial page once, on 127.0.0.1 on a free port, at one random path; every other
 * request gets an empty 404. Closes after the page has been served once, or after
 * {@link INTERSTITIAL_LIFETIME_MS}. The page holds nothing secret (see buildInterstitialPage).
 */
export async function serveInterstitial(direct: string, forwarded: string, lifetimeMs = INTERSTITIAL_LIFETIME_MS): Promise<Interstitial> {
  const id = randomBytes(16).toString('base64url');
  const message = vscode.l10n.t('Opening the sign-in page…');
  let served = false;
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    // The host's proxy may keep its own prefix (`/absproxy/<port>/`): the random id is what counts.
    if (served || req.method !== 'GET' || !(path === `/${id}` || path.endsWith(`/${id}`))) {
      res.writeHead(404, { 'content-length': '0', connection: 'close', 'cache-control': 'no-store' }).end();
      return;
    }
    served = true;
    let body: string;
    let csp: string;
    try {
      const page = buildInterstitialPage({ direct, forwarded, nonce: randomBytes(18).toString('base64url'), probeTimeoutMs: PROBE_TIMEOUT_MS, message, lang: vscode.env.language });
      body = page.html;
      csp = page.csp;
    } catch {
      res.writeHead(404, { 'content-length': '0', connection: 'close', 'cache-control': 'no-store' }).end();
      shut();
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'content-security-policy': csp,
      'cache-control': 'no-store',
      pragma: 'no-cache',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      connection: 'close',
    });
    res.end(body, () => shut());
  });
  server.on('error', () => shut());
  const timer = setTimeout(() => shut(), lifetimeMs);
  timer.unref();
  let shutDown = false;
  function shut(): void {
    if (shutDown) {
      return;
    }
    shutDown = true;
    clearTimeout(timer);
    server.close(() => resolveClosed());
    server.closeAllConnections?.();
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/${id}`, closed, close: shut };
}
