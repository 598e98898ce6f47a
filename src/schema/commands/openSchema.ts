import * as vscode from 'vscode';
import { showSdlLine } from '../sdlView';
import type { SchemaCommand } from './schemaCommand';
import { inert } from '../../core/text/inert';

/** Tenant GraphQL: Open Schema (SDL): the read-only SDL of the schema the active editor uses. */
export const openSchema: SchemaCommand = {
  id: 'tenantGraphql.openSchema',
  run: async ({ schemas }) => {
    const active = vscode.window.activeTextEditor?.document.uri;
    const snapshot = active ? schemas.schemaFor(active) : schemas.current();
    if (!snapshot) {
      void vscode.window.showInformationMessage(inert(vscode.l10n.t('No schema is loaded yet. Sign in, or run "Tenant GraphQL: Refresh Schema".'), { sink: 'notification' }));
      return undefined;
    }
    const editor = await showSdlLine(snapshot, 0);
    return editor.document.uri.toString();
  },
};
