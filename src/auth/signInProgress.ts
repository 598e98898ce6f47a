import * as vscode from 'vscode';
import type { Environment } from '../core/auth';

/**
 * What the sign-in progress notification says while the browser is out, by redirect mode. A loopback
 * sign-in from a remote extension host says that the browser must run on that host: the receiver
 * listens on its 127.0.0.1, which a browser on another machine cannot reach.
 */
export function signInProgressMessage(env: Environment): string {
  if (env.redirectMode === 'paste') {
    return vscode.l10n.t('Approve in the browser, then paste the address it ended on.');
  }
  if (env.redirectMode === 'loopback' && vscode.env.remoteName) {
    return vscode.l10n.t(
      'Approve in the browser that just opened. The extension runs on a remote host ({0}): the browser must run on that machine to return to 127.0.0.1; if it cannot, cancel and set "redirectMode" to "uriHandler" or "paste".',
      vscode.env.remoteName,
    );
  }
  return vscode.l10n.t('Approve in the browser that just opened. Stuck? Click the sign-in status bar item.');
}
