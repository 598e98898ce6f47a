import * as vscode from 'vscode';
import type { AuthCommand } from './authCommand';
import { inert } from '../../core/text/inert';
import { serverHost } from '../../core/auth';

/**
 * Tenant GraphQL: Set Header Secret: the value of one of the environment's `secretHeaders` (an
 * API key a gateway wants), kept only in SecretStorage for that environment's server, never in
 * settings. Optional arguments (automation): environment name, header name, value.
 */
export const setHeaderSecret: AuthCommand = {
  id: 'tenantGraphql.setHeaderSecret',
  run: async ({ auth, signIn }, environment, headerArg, valueArg) => {
    const env = signIn.requireEnvironment(typeof environment === 'string' ? environment : undefined);
    if (!env) {
      return false;
    }
    const names = env.secretHeaders ?? [];
    if (names.length === 0) {
      void vscode.window.showInformationMessage(
        inert(vscode.l10n.t('{0} has no secret headers. Name them in its "secretHeaders" setting first, for example ["X-Api-Key"].', env.name), { sink: 'notification' }),
      );
      return false;
    }
    const header =
      typeof headerArg === 'string'
        ? names.find((n) => n.toLowerCase() === headerArg.toLowerCase())
        : names.length === 1
          ? names[0]
          : await vscode.window.showQuickPick([...names], { title: vscode.l10n.t('Secret header of {0}', env.name) });
    if (!header) {
      if (typeof headerArg === 'string') {
        void vscode.window.showWarningMessage(inert(vscode.l10n.t('{0} is not among the secret headers of {1}.', headerArg, env.name), { sink: 'notification' }));
      }
      return false;
    }
    const value =
      typeof valueArg === 'string'
        ? valueArg
        : await vscode.window.showInputBox({
            title: vscode.l10n.t('Value of the {0} header for {1} ({2})', header, env.name, serverHost(env.baseUrl)),
            prompt: vscode.l10n.t("Kept in VS Code's secret storage only, never in settings; sent only to this environment's GraphQL endpoint."),
            password: true,
            ignoreFocusOut: true,
            validateInput: (v) => (v.trim() === '' || /[\r\n]/.test(v) ? vscode.l10n.t('The value must be one non-empty line.') : undefined),
          });
    if (!value || value.trim() === '' || /[\r\n\0]/.test(value)) {
      return false;
    }
    await auth.setHeaderSecret(env, header, value);
    void vscode.window.showInformationMessage(inert(vscode.l10n.t('Saved the {0} header for {1} in secret storage.', header, env.name), { sink: 'notification' }));
    return true;
  },
};
