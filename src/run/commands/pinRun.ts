import * as vscode from 'vscode';
import { inert } from '../../core/text/inert';
import { runsOf } from './historyArgs';
import type { RunCommand } from './runCommand';

/** Pins or unpins the runs a history command is given; resolves to their number. */
function settingPinned(id: string, pinned: boolean): RunCommand {
  return {
    id,
    run: async ({ history }, arg, selected) => {
      const runs = runsOf(history, arg, selected);
      for (const run of runs) {
        await history.update(run.id, { pinned });
      }
      return runs.length;
    },
  };
}

/** History view: Pin. A pinned run is kept whatever the history's limits. Resolves to the number pinned. */
export const pinRun = settingPinned('tenantGraphql.history.pin', true);

/** History view: Unpin (the run then counts towards the history's limits again). */
export const unpinRun = settingPinned('tenantGraphql.history.unpin', false);

/** History view: Rename (pinned runs). Argument `{ runId, name }` renames without asking. Resolves to the new name. */
export const renameRun: RunCommand = {
  id: 'tenantGraphql.history.rename',
  run: async ({ history }, arg) => {
    const [run] = runsOf(history, arg);
    if (!run) {
      return undefined;
    }
    if (!run.pinned) {
      void vscode.window.showInformationMessage(inert(vscode.l10n.t('Pin the run first: only pinned runs keep a name.'), { sink: 'notification' }));
      return undefined;
    }
    const given = (arg as { name?: unknown } | undefined)?.name;
    const name =
      typeof given === 'string'
        ? given
        : await vscode.window.showInputBox({
            title: vscode.l10n.t('Rename Pinned Run'),
            prompt: vscode.l10n.t('A name for this run (empty to remove the name)'),
            value: run.name ?? '',
            validateInput: (v) => (v.length > 200 ? vscode.l10n.t('At most 200 characters.') : undefined),
          });
    if (name === undefined) {
      return undefined;
    }
    return (await history.update(run.id, { name }))?.name ?? '';
  },
};
