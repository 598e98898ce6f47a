import * as vscode from 'vscode';
import { parseDocument } from '../core/run/operations';

/** "▶ Run" above each operation ("▶ Run Name" when the document holds several). */
export class RunCodeLensProvider implements vscode.CodeLensProvider {
  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const parsed = parseDocument(document.getText());
    const several = parsed.operations.length > 1;
    return parsed.operations.map((op) => {
      const range = new vscode.Range(op.range.start.line, op.range.start.character, op.range.start.line, op.range.start.character);
      const title = several && op.name ? vscode.l10n.t('▶ Run {0}', op.name) : vscode.l10n.t('▶ Run');
      return new vscode.CodeLens(range, {
        title,
        tooltip: vscode.l10n.t('Run this {0} against the active environment', op.type),
        command: 'tenantGraphql.runOperation',
        arguments: [
          op.name !== undefined
            ? { uri: document.uri, operationName: op.name }
            : { uri: document.uri, position: { line: op.range.start.line, character: op.range.start.character } },
        ],
      });
    });
  }
}
