import * as vscode from 'vscode';
import type { AuthCommand } from './authCommand';
import { summarize } from './sessionSummary';
import { inert } from '../../core/text/inert';

/**
 * Tenant GraphQL: Show Account: user, scopes, groups and expiry of the active session, with
 * actions. Resolves to the token-free summary shown (undefined when signed out).
 */
export const showAccount: AuthCommand = {
  id: 'tenantGraphql.showAccount',
  run: async ({ auth, logger }) => {
    const env = auth.activeEnvironment();
    const session = await auth.activeSession();
    if (!env || !session) {
      const signInNow = vscode.l10n.t('Sign In');
      void vscode.window
        .showInformationMessage(inert(vscode.l10n.t('You are not signed in to {0}.', env?.name ?? 'Tenant GraphQL'), { sink: 'notification' }), signInNow)
        .then((c) => (c ? vscode.commands.executeCommand('tenantGraphql.signIn') : undefined));
      return undefined;
    }
    const s = summarize(session);
    // How the token writes its scopes is an implementation note: the log has it, the picker does not.
    if (s.scopeSeparator) {
      logger.info(`[auth] the token of "${s.environment}" lists its scopes ${s.scopeSeparator === 'list' ? 'as a JSON list' : `${s.scopeSeparator} separated`}`);
    }
    // A person: their name, with the id beside it when the id says something more.
    const person = s.personName ?? s.account;
    const items: (vscode.QuickPickItem & { command?: string })[] = [
      // The account, its id, scopes and groups come from the token's claims: shown inert.
      {
        label: s.kind === 'team' ? vscode.l10n.t('Team token (no user)') : `$(account) ${inert(person, { sink: 'quickPick' })}`,
        description: s.kind === 'team' || s.accountId === person ? undefined : inert(s.accountId, { sink: 'quickPick' }),
        detail: vscode.l10n.t('Environment: {0}', s.environment),
      },
      { label: vscode.l10n.t('Scopes'), description: inert(s.scopes.join(', '), { sink: 'quickPick' }) || vscode.l10n.t('none') },
      { label: vscode.l10n.t('Groups'), description: inert(s.groups.join(', '), { sink: 'quickPick' }) || vscode.l10n.t('none') },
      {
        label: vscode.l10n.t('Access token expires'),
        description: new Date(s.expiresAt).toLocaleString(),
        detail: s.refreshable
          ? undefined
          : vscode.l10n.t(
              'No refresh token: the server did not issue one, so you will have to sign in again when the access token expires. Set "offlineAccess": true on the environment if your server issues refresh tokens only for offline_access.',
            ),
      },
      { label: '', kind: vscode.QuickPickItemKind.Separator },
      { label: `$(sign-out) ${vscode.l10n.t('Sign Out')}`, command: 'tenantGraphql.signOut' },
      { label: `$(arrow-swap) ${vscode.l10n.t('Switch Environment')}`, command: 'tenantGraphql.switchEnvironment' },
      { label: `$(add) ${vscode.l10n.t('Sign In with Another Account')}`, command: 'tenantGraphql.signIn' },
    ];
    void vscode.window
      .showQuickPick(items, { title: vscode.l10n.t('Tenant GraphQL account') })
      .then((pick) => (pick?.command ? vscode.commands.executeCommand(pick.command) : undefined));
    return s;
  },
};
