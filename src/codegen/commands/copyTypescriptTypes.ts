import * as vscode from 'vscode';
import { copyableTypes } from '../../core/codegen/operationTypes';
import { inert } from '../../core/text/inert';
import type { TypesCommand } from './typesCommand';

/**
 * Tenant GraphQL: Copy TypeScript Types. Copies the result and variables types of the operation
 * at the cursor (its name or keyword), with the schema types they use, as codegen generates them:
 * for people who want the types without generated files. Resolves to the copied text.
 */
export const copyTypescriptTypes: TypesCommand = {
  id: 'tenantGraphql.copyTypescriptTypes',
  run: async ({ types }): Promise<string | undefined> => {
    const editor = vscode.window.activeTextEditor;
    const found = editor && (await types.operationTypesAt(editor.document, editor.selection.active));
    const text = found && copyableTypes(found.generated, found.index);
    if (!found || !text) {
      void vscode.window.showInformationMessage(
        inert(vscode.l10n.t('Put the cursor on the name of an operation (in a GraphQL file or a GraphQL template) to copy its TypeScript types.'), { sink: 'notification' }),
      );
      return undefined;
    }
    await vscode.env.clipboard.writeText(text);
    void vscode.window.setStatusBarMessage(vscode.l10n.t('Copied the TypeScript types of {0}.', found.name), 3000);
    return text;
  },
};
