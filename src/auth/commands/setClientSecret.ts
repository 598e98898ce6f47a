import * as vscode from 'vscode';
import type { AuthCommand } from './authCommand';
import { serverHost } from '../../core/auth';
import { confirmInStatusBar } from '../../platform/statusMessage';

/**
 * Tenant GraphQL: Set Client Secret: kept only in SecretStorage, never in settings.
 * Optional arguments (automation): environment name, secret.
 */
export const setClientSecret: AuthCommand = {
  id: 'tenantGraphql.setClientSecret',
  run: async ({ auth, signIn }, environment, secretArg) => {
    const env = signIn.requireEnvironment(typeof environment === 'string' ? environment : undefined);
    if (!env) {
      return false;
    }
    const secret =
      typeof secretArg === 'string'
        ? secretArg
        : await vscode.window.showInputBox({
            title: vscode.l10n.t('Client secret for {0} ({1})', env.name, serverHost(env.baseUrl)),
            prompt: vscode.l10n.t("Kept in VS Code's secret storage only, never in settings."),
            password: true,
            ignoreFocusOut: true,
            validateInput: (v) => (v.trim() === '' ? vscode.l10n.t('The client secret must not be empty.') : undefined),
          });
    if (!secret) {
      return false;
    }
    await auth.setClientSecret(env, secret);
    confirmInStatusBar(vscode.l10n.t('Saved the client secret for {0} in secret storage.', env.name));
    return true;
  },
};
