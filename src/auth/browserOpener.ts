import * as vscode from 'vscode';
import { isLoopbackHost } from '../core/urlPolicy';
import { browserTargetFor } from '../core/auth/browserTarget';

/**
 * Opens an address in the user's browser exactly as given.
 *
 * Two catches of `openExternal`: a `Uri` is re-encoded on the way (the percent-encoded
 * `redirect_uri` inside an authorization URL gets mangled), so the string is passed through as
 * it is, which the extension host supports; and in a browser-based or remote VS Code a
 * `127.0.0.1` address is rewritten through the host's port forwarding from its parsed form, which
 * has the same problem. For those we resolve the forwarded origin first and append the original
 * path and query ourselves, so nothing is rewritten again; a path proxy is used only when the
 * browser cannot reach the address itself (see {@link browserTargetFor}).
 */
export async function openInBrowser(url: string): Promise<boolean> {
  let target = url;
  const parsed = new URL(url);
  if (isLoopbackHost(parsed.hostname) && (vscode.env.remoteName !== undefined || vscode.env.uiKind === vscode.UIKind.Web)) {
    const origin = await vscode.env.asExternalUri(vscode.Uri.parse(`${parsed.protocol}//${parsed.host}/`));
    // A port proxy (code-server's /proxy/<port>/) only when the browser cannot reach the address itself.
    target = browserTargetFor(url, origin.toString(true));
  }
  return vscode.env.openExternal(target as unknown as vscode.Uri);
}
