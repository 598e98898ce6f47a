import * as vscode from 'vscode';
import { errorMessage } from '../../core/errors';
import type { LanguageCommand, LanguageCommandServices } from './services';
import { refreshSchema } from './refreshSchema';
import { openSchema } from './openSchema';
import { explorerClearFilter, explorerFilter } from './explorerFilter';
import { explorerInsertField } from './explorerInsertField';
import { explorerGoToDefinition } from './explorerGoToDefinition';

export type { LanguageCommand, LanguageCommandServices } from './services';

/** The language feature's commands, one file each. */
export const languageCommands: readonly LanguageCommand[] = [
  refreshSchema,
  openSchema,
  explorerFilter,
  explorerClearFilter,
  explorerInsertField,
  explorerGoToDefinition,
];

/** Registers the table; a handler that throws is logged and shown, never left to the host. */
export function registerLanguageCommands(services: LanguageCommandServices): vscode.Disposable {
  return vscode.Disposable.from(
    ...languageCommands.map((c) =>
      vscode.commands.registerCommand(c.id, async (...args: unknown[]) => {
        try {
          return await c.run(services, ...args);
        } catch (err) {
          services.logger.error(`[cmd] ${c.id} failed: ${errorMessage(err)}`);
          void vscode.window.showErrorMessage(vscode.l10n.t('Tenant GraphQL: {0}', errorMessage(err)));
          return undefined;
        }
      }),
    ),
  );
}
