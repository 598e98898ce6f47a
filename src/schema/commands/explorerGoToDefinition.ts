import * as vscode from 'vscode';
import { asExplorerNode, sdlKeyOf } from '../explorer';
import { showSdlLine } from '../sdlView';
import { sdlViewUri } from '../../services/schemas';
import type { SchemaCommand } from './schemaCommand';
import { inert } from '../../core/text/inert';

/**
 * Go to Definition (schema explorer context menu): opens the read-only SDL view at the line of
 * the type, field or enum value. Resolves to `{ uri, line }` of the place shown.
 */
export const explorerGoToDefinition: SchemaCommand = {
  id: 'tenantGraphql.explorer.goToDefinition',
  run: async ({ schemas, explorer }, arg): Promise<{ uri: string; line: number } | undefined> => {
    const node = asExplorerNode(arg);
    const snapshot = explorer.currentSnapshot();
    if (!node || !snapshot) {
      void vscode.window.showInformationMessage(inert(vscode.l10n.t('Choose a type or field in the schema explorer to see its definition.'), { sink: 'notification' }));
      return undefined;
    }
    const view = schemas.sdlViewOf(snapshot.schema);
    let key = sdlKeyOf(node);
    let line = view.lines.get(key);
    if (line === undefined && key.includes('.')) {
      key = key.slice(0, key.indexOf('.'));
      line = view.lines.get(key);
    }
    if (line === undefined) {
      void vscode.window.showInformationMessage(inert(vscode.l10n.t('"{0}" is not in the schema any more. Refresh the explorer.', key), { sink: 'notification' }));
      return undefined;
    }
    await showSdlLine(snapshot, line);
    return { uri: sdlViewUri(snapshot).toString(), line };
  },
};
