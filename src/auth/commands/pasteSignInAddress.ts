import * as vscode from 'vscode';
import type { AuthCommand } from './authCommand';

/**
 * Tenant GraphQL: Paste Sign-in Address: the fallback when the browser never came back to VS Code.
 * Optional argument: the address text (automation).
 */
export const pasteSignInAddress: AuthCommand = {
  id: 'tenantGraphql.pasteSignInAddress',
  run: async ({ auth }, text) => {
    if (!auth.signInInProgress) {
      void vscode.window.showInformationMessage(vscode.l10n.t('No sign-in is waiting for the browser. Run "Tenant GraphQL: Sign In" first.'));
      return false;
    }
    return auth.pasteAddress(typeof text === 'string' ? text : undefined);
  },
};
