import * as vscode from 'vscode';
import type { SchemaCommand } from './schemaCommand';

/**
 * Tenant GraphQL: Filter Schema Explorer. Asks for a text (or takes it as the argument) and keeps
 * the types whose name, or one of whose fields' names, contains it. Resolves to the labels of the
 * top-level nodes then shown.
 */
export const explorerFilter: SchemaCommand = {
  id: 'tenantGraphql.explorer.filter',
  run: async ({ explorer, explorerView }, arg): Promise<string[] | undefined> => {
    let text = typeof arg === 'string' ? arg : undefined;
    if (text === undefined) {
      text = await vscode.window.showInputBox({
        title: vscode.l10n.t('Filter the schema explorer'),
        prompt: vscode.l10n.t('Types and fields whose name contains this text. Leave empty to show everything.'),
        value: explorer.filter,
      });
      if (text === undefined) {
        return undefined;
      }
    }
    explorer.setFilter(text);
    explorerView.message = explorer.filter ? vscode.l10n.t('Filtered by "{0}"', explorer.filter) : undefined;
    return explorer.rootLabels();
  },
};

/** Tenant GraphQL: Clear Schema Explorer Filter. */
export const explorerClearFilter: SchemaCommand = {
  id: 'tenantGraphql.explorer.clearFilter',
  run: ({ explorer, explorerView }) => {
    explorer.setFilter('');
    explorerView.message = undefined;
    return explorer.rootLabels();
  },
};
