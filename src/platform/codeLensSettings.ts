import * as vscode from 'vscode';

/** The settings that turn each of the extension's CodeLenses off (package.json `tenantGraphql.codeLens.*`). */
export type CodeLensKind = 'run' | 'export' | 'references';

/** Whether the `tenantGraphql.codeLens.<kind>` setting lets that lens show in this document (on by default). */
export function codeLensEnabled(kind: CodeLensKind, document: vscode.TextDocument): boolean {
  return vscode.workspace.getConfiguration('tenantGraphql.codeLens', document).get<boolean>(kind, true) !== false;
}

/** Fires when a `tenantGraphql.codeLens.*` setting changed, so that the lenses follow it at once. */
export function onDidChangeCodeLensSettings(listener: () => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((e) => {
    if (e.affectsConfiguration('tenantGraphql.codeLens')) {
      listener();
    }
  });
}
