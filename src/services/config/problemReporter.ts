import * as vscode from 'vscode';
import type { ConfigurationService, Settings } from './configuration';
import { inert } from '../../core/text/inert';

/**
 * Tells the user, once per distinct set of problems, what is wrong in the tenantGraphql settings
 * (each problem names its field); the rest of the configuration keeps working.
 */
export function reportSettingsProblems(config: ConfigurationService): vscode.Disposable {
  let lastShown = '';
  const report = (settings: Settings) => {
    const key = settings.problems.join('\n');
    if (key === lastShown) {
      return;
    }
    lastShown = key;
    if (settings.problems.length === 0) {
      return;
    }
    const more = settings.problems.length > 1 ? ` ${vscode.l10n.t('(and {0} more: see the Tenant GraphQL log)', settings.problems.length - 1)}` : '';
    const open = vscode.l10n.t('Open Settings');
    void vscode.window
      .showWarningMessage(inert(`${settings.problems[0]}${more}`, { sink: 'notification' }), open)
      .then((c) => (c ? vscode.commands.executeCommand('workbench.action.openSettingsJson') : undefined));
  };
  report(config.settings);
  return config.onDidChange(report);
}
