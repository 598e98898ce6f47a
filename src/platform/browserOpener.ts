import * as vscode from 'vscode';
import { isLoopbackHost } from '../core/urlPolicy';

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
 * Opening the loopback address unchanged (so that a standard server's login page, with cookie
 * paths and absolute form actions, is not broken by code-server's `/proxy/<port>/`) is not possible
 * through `openExternal`: in a remote or browser-based workbench VS Code's opener tunnels every
 * `localhost`/`127.0.0.1` address itself (and then mangles the encoded `redirect_uri`), as the
 * integration run showed (issue 22, step 4).  Use a non-loopback address for such servers there.
 */
export async function openInBrowser(url: string): Promise<boolean> {
  let target = url;
  const parsed = new URL(url);
  if (isLoopbackHost(parsed.hostname) && (vscode.env.remoteName !== undefined || vscode.env.uiKind === vscode.UIKind.Web)) {
    const origin = await vscode.env.asExternalUri(vscode.Uri.parse(`${parsed.protocol}//${parsed.host}/`));
    target = origin.toString(true).replace(/\/+$/, '') + parsed.pathname + parsed.search + parsed.hash;
  }
  return vscode.env.openExternal(target as unknown as vscode.Uri);
}
