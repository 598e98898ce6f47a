import * as vscode from 'vscode';
import type { AuthCommand } from './authCommand';

/** The menu of the "signing in…" status bar item: paste the address, copy the link, cancel. */
export const signInOptions: AuthCommand = {
  id: 'tenantGraphql.signInOptions',
  run: async ({ auth, signIn }) => {
    const progress = auth.signInInProgress;
    if (!progress) {
      return;
    }
    const paste = vscode.l10n.t('Paste the address your browser ended on');
    const copy = vscode.l10n.t('Copy the sign-in link (to open it in another browser)');
    const cancel = vscode.l10n.t('Cancel the sign-in');
    const pick = await vscode.window.showQuickPick([paste, copy, cancel], { title: vscode.l10n.t('Signing in to {0}', progress.environment) });
    if (pick === paste) {
      await signIn.pasteAddress();
    } else if (pick === copy && progress.authorizeUrl) {
      await vscode.env.clipboard.writeText(progress.authorizeUrl);
    } else if (pick === cancel) {
      progress.cancel();
    }
  },
};
