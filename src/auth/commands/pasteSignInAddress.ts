import * as vscode from 'vscode';
import type { AuthCommand } from './authCommand';
import { inert } from '../../core/text/inert';

/**
 * Tenant GraphQL: Paste Sign-in Address: the fallback when the browser never came back to VS Code.
 * Optional argument: the address text (automation).
 */
export const pasteSignInAddress: AuthCommand = {
  id: 'tenantGraphql.pasteSignInAddress',
  run: async ({ auth, signIn }, text) => {
    if (!auth.signInInProgress) {
      void vscode.window.showInformationMessage(inert(vscode.l10n.t('No sign-in is waiting for the browser. Run "Tenant GraphQL: Sign In" first.'), { sink: 'notification' }));
      return false;
    }
    return signIn.pasteAddress(typeof text === 'string' ? text : undefined);
  },
};
