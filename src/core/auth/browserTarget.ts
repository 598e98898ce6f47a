import { isLoopbackHost } from '../urlPolicy';

/**
 * Where the browser should open a loopback address (a local authorization server, the Sandbox)
 * when VS Code runs remote or in a browser, given what `asExternalUri` made of the address's origin:
 *
 * - a port forward (the same path, another host or port: Remote SSH, Codespaces' tunnels) is how
 *   the browser reaches it: open the original path and query there;
 * - a path proxy (code-server's `/proxy/<port>/`) on a loopback host means the browser runs on the
 *   machine of the extension host, so the address is reachable as it is: open it unchanged, since
 *   such a proxy rewrites redirects but not cookie paths or absolute form actions, which breaks the
 *   login pages of standard servers;
 * - a path proxy on another host is the only way there: use it.
 */
export function browserTargetFor(original: string, externalOrigin: string): string {
  const url = new URL(original);
  const external = new URL(externalOrigin);
  const prefix = external.pathname.replace(/\/+$/, '');
  if (prefix === '') {
    return `${external.origin}${url.pathname}${url.search}${url.hash}`;
  }
  if (isLoopbackHost(external.hostname)) {
    return original;
  }
  return `${external.origin}${prefix}${url.pathname}${url.search}${url.hash}`;
}
