import * as vscode from 'vscode';
import { asExplorerNode, type ExplorerNode } from '../../core/schema/explorerModel';
import { inert } from '../../core/text/inert';
import { activeGraphqlUri, sdlViewUri, type SchemaSnapshot } from '../../services/schemas';
import { sdlSymbolAt, type SchemaSymbol } from '../sdlSymbols';
import { toLocation } from '../references';
import type { LanguageCommand } from './languageCommand';

/** The schema coordinate of a schema explorer node. */
function symbolOfNode(node: ExplorerNode): SchemaSymbol {
  switch (node.kind) {
    case 'type':
      return { kind: 'schema', coordinate: node.typeName, what: 'type' };
    case 'field':
      return { kind: 'schema', coordinate: `${node.typeName}.${node.fieldName}`, what: 'field' };
    case 'argument':
      return { kind: 'schema', coordinate: `${node.typeName}.${node.fieldName}(${node.argName}:)`, what: 'argument' };
    case 'enumValue':
      return { kind: 'schema', coordinate: `${node.typeName}.${node.valueName}`, what: 'enumValue' };
  }
}

/**
 * Find Usages (schema explorer context menu, SDL view editor menu): every place the workspace's
 * GraphQL documents use a type, field, argument or enum value of the schema, shown in the
 * references peek. Resolves to the locations found.
 */
export const findUsages: LanguageCommand = {
  id: 'tenantGraphql.findUsages',
  run: async ({ references, schemas }, arg): Promise<vscode.Location[] | undefined> => {
    let snapshot: SchemaSnapshot | undefined;
    let symbol: SchemaSymbol | undefined;
    let line = 0;
    const node = asExplorerNode(arg);
    const editor = vscode.window.activeTextEditor;
    if (node) {
      const uri = activeGraphqlUri();
      snapshot = uri ? schemas.schemaFor(uri) : schemas.current();
      symbol = symbolOfNode(node);
      const key = symbol.coordinate.replace(/\(.*$/, '');
      const view = snapshot && schemas.sdlViewOf(snapshot.schema);
      line = view?.lines.get(key) ?? view?.lines.get(key.split('.')[0]) ?? 0;
    } else if (editor) {
      const found = sdlSymbolAt(schemas, editor.document.uri, editor.selection.active.line);
      ({ snapshot, symbol } = found ?? {});
      line = found?.line ?? 0;
    }
    if (!snapshot || !symbol) {
      void vscode.window.showInformationMessage(
        inert(vscode.l10n.t('Choose a type, field, argument or enum value in the schema explorer or the schema view to find its usages.'), { sink: 'notification' }),
      );
      return undefined;
    }
    await references.ready();
    const schema = snapshot.schema;
    const found = references.index.references(symbol, { schemaOf: references.schemaOf, schema, includeDeclaration: true }).map(toLocation);
    if (found.length === 0) {
      void vscode.window.showInformationMessage(inert(vscode.l10n.t('No GraphQL document of the workspace uses {0}.', symbol.coordinate), { sink: 'notification' }));
      return found;
    }
    await vscode.commands.executeCommand('editor.action.showReferences', sdlViewUri(snapshot), new vscode.Position(line, 0), found);
    return found;
  },
};
