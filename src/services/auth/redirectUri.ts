import * as vscode from 'vscode';
import { AUTH_CALLBACK_PATH } from '../../core/auth/pendingAuthorizations';

/** `${uriScheme}://<publisher>.<name>/auth-callback`: what a tenant admin registers. */
export function callbackUri(context: vscode.ExtensionContext): vscode.Uri {
  return vscode.Uri.parse(`${vscode.env.uriScheme}://${context.extension.id}${AUTH_CALLBACK_PATH}`);
}

/**
 * The redirect URI to send to the authorization endpoint for the URI-handler mode. On desktop it is
 * the callback URI itself; in a browser-based VS Code (code-server, vscode.dev) `asExternalUri`
 * returns the host's http callback address, which forwards to the same handler.
 * `toString(true)` keeps it exactly as the host built it (plain toString double-encodes).
 */
export async function uriHandlerRedirectUri(context: vscode.ExtensionContext): Promise<string> {
  const external = await vscode.env.asExternalUri(callbackUri(context));
  return external.toString(true);
}
