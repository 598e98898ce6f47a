import * as vscode from 'vscode';
import { inert } from '../../core/text/inert';
import type { TypesCommand } from './typesCommand';

/**
 * Tenant GraphQL: Save Schema As…. Writes the active environment's schema once, as SDL
 * (`.graphql`) or introspection JSON (`.json`), with the header `tenantGraphql.schema.writeTo`
 * writes. An argument (a file URI) skips the dialog. Resolves to the file, or undefined when
 * there is no schema, the person cancelled, or the workspace is not trusted (Restricted Mode:
 * nothing is written, and the person is told why).
 */
export const saveSchemaAs: TypesCommand = {
  id: 'tenantGraphql.saveSchemaAs',
  run: async ({ schemas, types }, target?: unknown): Promise<vscode.Uri | undefined> => {
    if (!vscode.workspace.isTrusted) {
      // The person's schema (what their token sees) written while a repository they do not trust is open: not here.
      types.trust.explain(
        target instanceof vscode.Uri ? target.fsPath : 'Save Schema As…',
        vscode.l10n.t('Save Schema As… is not available in Restricted Mode: Tenant GraphQL writes no files while this workspace is not trusted.'),
      );
      return undefined;
    }
    const snapshot = schemas.current();
    const source = snapshot && schemas.sourceOf(snapshot);
    if (!snapshot || !source) {
      void vscode.window.showWarningMessage(inert(vscode.l10n.t('There is no schema to save yet: sign in, or refresh the schema first.'), { sink: 'notification' }));
      return undefined;
    }
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const uri =
      target instanceof vscode.Uri
        ? target
        : await vscode.window.showSaveDialog({
            title: vscode.l10n.t('Save the schema of {0}', snapshot.label),
            defaultUri: folder ? vscode.Uri.joinPath(folder, 'schema.graphql') : undefined,
            filters: { [vscode.l10n.t('GraphQL SDL')]: ['graphql', 'graphqls', 'gql'], [vscode.l10n.t('Introspection JSON')]: ['json'] },
          });
    if (!uri) {
      return undefined;
    }
    await types.writeSchemaFile(snapshot, source, uri.fsPath);
    void vscode.window.showInformationMessage(
      inert(vscode.l10n.t('Saved the schema of {0} to {1}.', snapshot.label, vscode.workspace.asRelativePath(uri)), { sink: 'notification' }),
    );
    return uri;
  },
};
