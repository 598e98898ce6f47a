import * as vscode from 'vscode';
import type { AuthCommand } from './authCommand';
import { inert } from '../../core/text/inert';
import { serverHost } from '../../core/auth';

/** Tenant GraphQL: Sign Out. With several accounts in the active environment, asks which. */
export const signOut: AuthCommand = {
  id: 'tenantGraphql.signOut',
  run: async ({ auth }, sessionId) => {
    if (typeof sessionId === 'string') {
      return (await auth.signOut(sessionId)) !== undefined;
    }
    const env = auth.activeEnvironment();
    const sessions = env ? await auth.sessionsOf(env) : [];
    if (sessions.length === 0) {
      void vscode.window.showInformationMessage(inert(vscode.l10n.t('You are not signed in to {0}.', env?.name ?? 'Tenant GraphQL'), { sink: 'notification' }));
      return false;
    }
    let target = sessions[0];
    if (sessions.length > 1) {
      const pick = await vscode.window.showQuickPick(
        sessions.map((s) => ({
          label: inert(s.account.label, { sink: 'quickPick' }),
          description: s.kind === 'team' ? vscode.l10n.t('team token') : undefined,
          detail: serverHost(s.server.baseUrl),
          session: s,
        })),
        { title: vscode.l10n.t('Sign out of {0}', env!.name), placeHolder: vscode.l10n.t('Which account?') },
      );
      if (!pick) {
        return false;
      }
      target = pick.session;
    }
    await auth.signOut(target.id);
    void vscode.window.showInformationMessage(
      inert(vscode.l10n.t('Signed out of {0} ({1}, {2}).', target.environment, target.account.label, serverHost(target.server.baseUrl)), { sink: 'notification' }),
    );
    return true;
  },
};
