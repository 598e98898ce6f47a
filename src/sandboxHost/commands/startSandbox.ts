import * as vscode from 'vscode';
import { errorMessage } from '../../core/errors';
import { BUILT_IN_SANDBOX, startAndActivate, type SandboxCommand } from './sandboxCommand';
import { inert } from '../../core/text/inert';

/**
 * Tenant GraphQL: Start Sandbox: starts the Sandbox that ships with the extension, makes it the
 * active environment and offers to sign in. Resolves to its addresses, or undefined on failure.
 */
export const startSandbox: SandboxCommand = {
  id: 'tenantGraphql.startSandbox',
  run: async (services) => {
    try {
      const info = await startAndActivate(services);
      const signIn = vscode.l10n.t('Sign In');
      void vscode.window
        .showInformationMessage(
          inert(vscode.l10n.t('The Sandbox is running at {0}. Sign in as one of its demo users ({1}) to try everything.', info.baseUrl, info.users.map((u) => u.id).join(', ')), {
            sink: 'notification',
          }),
          signIn,
        )
        .then((c) => (c ? vscode.commands.executeCommand('tenantGraphql.signIn', { environment: BUILT_IN_SANDBOX }) : undefined));
      return { authUrl: info.authUrl, baseUrl: info.baseUrl, environment: BUILT_IN_SANDBOX };
    } catch (err) {
      void vscode.window.showErrorMessage(inert(vscode.l10n.t('Could not start the Sandbox: {0}', errorMessage(err)), { sink: 'notification' }));
      return undefined;
    }
  },
};
