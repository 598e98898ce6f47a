import { registerCommandTable } from '../../commands/registerTable';
import * as vscode from 'vscode';
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
  return registerCommandTable(languageCommands, services);
}
