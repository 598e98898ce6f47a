import * as vscode from 'vscode';
import { AUTH_CALLBACK_PATH } from '../../core/auth';
import { callbackUri, uriHandlerRedirectUri } from '../../services/auth';
import type { AuthCommand } from './authCommand';
import { confirmInStatusBar } from '../../platform/statusMessage';

/**
 * Tenant GraphQL: Copy Redirect URI: the address the tenant admin registers for this client.
 * Resolves to the URI copied.
 */
export const copyRedirectUri: AuthCommand = {
  id: 'tenantGraphql.copyRedirectUri',
  run: async ({ auth, context }) => {
    const env = auth.activeEnvironment();
    let uri: string;
    if (env?.redirectMode === 'loopback') {
      uri = `http://127.0.0.1:${env.loopbackPort}${AUTH_CALLBACK_PATH}`;
    } else {
      const desktop = callbackUri(context).toString(true);
      const external = await uriHandlerRedirectUri(context);
      uri = external.startsWith(`${vscode.env.uriScheme}:`) ? desktop : external;
    }
    await vscode.env.clipboard.writeText(uri);
    confirmInStatusBar(vscode.l10n.t('Copied the redirect URI to register for this client: {0}', uri));
    return uri;
  },
};
