import * as vscode from 'vscode';
import type { SchemaSdlView } from '../core/schema/sdlView';
import type { SchemaSnapshot } from '../core/schema/schemaSnapshot';
import { keyOfSdlViewUri, sdlViewUri } from '../services/schemas';

/**
 * Serves the printed SDL of the schemas in use as read-only documents (go-to-definition and the
 * explorer open them at a type's or field's line). `viewOf` returns the view memoized per schema
 * version, so the SDL is printed once per version.
 */
export class SdlViewProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly viewOf: (key: string) => SchemaSdlView | undefined) {}

  provideTextDocumentContent(uri: vscode.Uri): string {
    const key = keyOfSdlViewUri(uri);
    const view = key ? this.viewOf(key) : undefined;
    if (!view) {
      return `# ${vscode.l10n.t('This schema is not loaded any more. Refresh the schema, then follow the definition again.')}\n`;
    }
    return view.sdl;
  }

  /** Tells open SDL views of this schema source to reload (a new version arrived). */
  refresh(snapshot: Pick<SchemaSnapshot, 'label' | 'key'>): void {
    this.changed.fire(sdlViewUri(snapshot));
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** Opens the SDL view of a schema at a 0-based line, selecting it. */
export async function showSdlLine(snapshot: Pick<SchemaSnapshot, 'label' | 'key'>, line: number): Promise<vscode.TextEditor> {
  const doc = await vscode.workspace.openTextDocument(sdlViewUri(snapshot));
  const at = new vscode.Range(line, 0, line, doc.lineAt(Math.min(line, doc.lineCount - 1)).text.length);
  return vscode.window.showTextDocument(doc, { selection: at, preview: true });
}
