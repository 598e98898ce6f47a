import * as vscode from 'vscode';
import type { AuthCommand } from './authCommand';
import { inert } from '../../core/text/inert';

/** Tenant GraphQL: Switch Environment. Optional argument: the environment's name. */
export const switchEnvironment: AuthCommand = {
  id: 'tenantGraphql.switchEnvironment',
  run: async ({ config }, name) => {
    const settings = config.settings;
    let chosen = typeof name === 'string' ? name : undefined;
    if (chosen === undefined) {
      const add = { label: `$(add) ${vscode.l10n.t('Add Environment…')}`, name: undefined as string | undefined };
      const configure = { label: `$(gear) ${vscode.l10n.t('Configure environments…')}`, name: undefined as string | undefined };
      const items = [
        ...settings.environments.map((e) => ({
          label: e.name,
          description: e.name === settings.activeEnvironment ? vscode.l10n.t('active') : undefined,
          detail: `${e.baseUrl} · ${e.clientId}`,
          name: e.name as string | undefined,
        })),
        add,
        configure,
      ];
      const pick = await vscode.window.showQuickPick(items, {
        title: vscode.l10n.t('Switch Tenant GraphQL environment'),
        placeHolder: settings.problems.length ? settings.problems[0] : vscode.l10n.t('Pick the environment to work with'),
      });
      if (!pick) {
        return undefined;
      }
      if (pick === add) {
        await vscode.commands.executeCommand('tenantGraphql.addEnvironment');
        return undefined;
      }
      if (pick === configure) {
        await vscode.commands.executeCommand('workbench.action.openSettings', 'tenantGraphql.environments');
        return undefined;
      }
      chosen = pick.name;
    }
    if (!chosen || !settings.environments.some((e) => e.name === chosen)) {
      void vscode.window.showErrorMessage(
        inert(vscode.l10n.t('No environment named "{0}" is configured in tenantGraphql.environments.', String(chosen)), { sink: 'notification' }),
      );
      return undefined;
    }
    await config.setActiveEnvironment(chosen);
    return chosen;
  },
};
