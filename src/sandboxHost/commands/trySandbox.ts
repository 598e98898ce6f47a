import * as vscode from 'vscode';
import { findSandboxEnvironment } from '../../core/auth';
import { errorMessage } from '../../core/errors';
import { openSample, openWorkspaceSample } from '../samples';
import { BUILT_IN_SANDBOX, startAndActivate, type SandboxCommand } from './sandboxCommand';
import { inert } from '../../core/text/inert';

/**
 * Tenant GraphQL: Try the Sandbox, the first step everywhere: signs in to the Sandbox unless already
 * signed in (the browser opens on its consent page) and opens the sample query, in one go. When a
 * Sandbox environment exists (as `npm start` sets one up), that one is used and the workspace's own
 * `tasks.graphql` opened: one Sandbox, one name, one sample. Otherwise the Sandbox that ships with
 * the extension starts. Resolves to what happened.
 */
export const trySandbox: SandboxCommand = {
  id: 'tenantGraphql.trySandbox',
  run: async (services) => {
    const { auth, logger, context, config } = services;
    const configured = findSandboxEnvironment(config.settings.environments);
    let environment: string;
    let users: string | undefined;
    let baseUrl: string;
    if (configured) {
      environment = configured.name;
      baseUrl = configured.baseUrl;
      await config.setActiveEnvironment(environment);
    } else {
      try {
        const info = await startAndActivate(services);
        environment = BUILT_IN_SANDBOX;
        baseUrl = info.baseUrl;
        users = info.users.map((u) => u.id).join(', ');
      } catch (err) {
        logger.error(`[sandbox] could not start: ${errorMessage(err)}`);
        void vscode.window.showErrorMessage(inert(vscode.l10n.t('Could not start the Sandbox: {0}', errorMessage(err)), { sink: 'notification' }));
        return undefined;
      }
    }
    const session = (await auth.activeSession()) ?? (await vscode.commands.executeCommand<{ account: string } | undefined>('tenantGraphql.signIn', { environment }));
    // A configured Sandbox's workspace (npm start's) has the sample; any other folder's tasks.graphql is not ours.
    const file = (configured && (await openWorkspaceSample())) || (await openSample(context));
    if (!session) {
      void vscode.window
        .showInformationMessage(
          inert(
            users
              ? vscode.l10n.t('The Sandbox is running, but you are not signed in. Sign in as one of its demo users ({0}) to run the sample.', users)
              : vscode.l10n.t('You are not signed in to {0} yet. Sign in as one of its demo users to run the sample.', environment),
            { sink: 'notification' },
          ),
          vscode.l10n.t('Sign In'),
        )
        .then((c) => (c ? vscode.commands.executeCommand('tenantGraphql.signIn', { environment }) : undefined));
    }
    return { environment, baseUrl, signedIn: session !== undefined, file: file.toString() };
  },
};
