import * as vscode from 'vscode';
import { asExplorerNode } from '../explorer';
import type { SchemaCommand } from './schemaCommand';
import { inert } from '../../core/text/inert';

/**
 * Insert Field (schema explorer context menu): puts the field (with a selection set for object
 * types and its required arguments as tab stops) at the cursor of the active GraphQL editor.
 * Resolves to true when something was inserted.
 */
export const explorerInsertField: SchemaCommand = {
  id: 'tenantGraphql.explorer.insertField',
  run: async ({ explorer }, arg): Promise<boolean> => {
    const node = asExplorerNode(arg);
    const snippet = node ? explorer.insertionFor(node) : undefined;
    if (!snippet) {
      void vscode.window.showInformationMessage(inert(vscode.l10n.t('Choose a field in the schema explorer to insert it.'), { sink: 'notification' }));
      return false;
    }
    const editor =
      vscode.window.activeTextEditor?.document.languageId === 'graphql'
        ? vscode.window.activeTextEditor
        : vscode.window.visibleTextEditors.find((e) => e.document.languageId === 'graphql' && e.document.uri.scheme !== 'tenant-graphql-schema');
    if (!editor || editor.document.uri.scheme === 'tenant-graphql-schema') {
      void vscode.window.showInformationMessage(
        inert(vscode.l10n.t('Open a GraphQL file and put the cursor where the field should go, then insert it again.'), { sink: 'notification' }),
      );
      return false;
    }
    return editor.insertSnippet(snippet, editor.selections);
  },
};
