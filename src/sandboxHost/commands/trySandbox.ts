import * as vscode from 'vscode';
import { errorMessage } from '../../core/errors';
import { openSample } from '../samples';
import { BUILT_IN_SANDBOX, startAndActivate, type SandboxCommand } from './sandboxCommand';
import { inert } from '../../core/text/inert';

/**
 * Tenant GraphQL: Try the Sandbox: starts the Sandbox, signs in unless already signed in (the browser
 * opens on its consent page) and opens the sample query, in one go. Resolves to what happened.
 */
export const trySandbox: SandboxCommand = {
  id: 'tenantGraphql.trySandbox',
  run: async (services) => {
    const { auth, logger, context } = services;
    let info;
    try {
      info = await startAndActivate(services);
    } catch (err) {
      logger.error(`[sandbox] could not start: ${errorMessage(err)}`);
      void vscode.window.showErrorMessage(inert(vscode.l10n.t('Could not start the Sandbox: {0}', errorMessage(err)), { sink: 'notification' }));
      return undefined;
    }
    const session =
      (await auth.activeSession()) ?? (await vscode.commands.executeCommand<{ account: string } | undefined>('tenantGraphql.signIn', { environment: BUILT_IN_SANDBOX }));
    const file = await openSample(context);
    if (!session) {
      void vscode.window.showInformationMessage(
        inert(
          vscode.l10n.t('The Sandbox is running, but you are not signed in. Sign in as one of its demo users ({0}) to run the sample.', info.users.map((u) => u.id).join(', ')),
          { sink: 'notification' },
        ),
      );
    }
    return { environment: BUILT_IN_SANDBOX, baseUrl: info.baseUrl, signedIn: session !== undefined, file: file.toString() };
  },
};
