/**
 * A run's result as a read-only JSON document beside the editor: the view a person can prefer
 * (`tenantGraphql.results.view`: "document"), and where a result goes when the results panel did
 * not render it (a browser VS Code whose webview host never made its page). The text is what
 * Open as JSON Document gives (the same redaction); the run's errors are in Problems either way.
 */
import * as vscode from 'vscode';
import type { RunResultView } from '../shared/resultsMessages';

/** The documents' scheme: VS Code opens a content provider's documents read-only. */
export const RESULT_DOCUMENT_SCHEME = 'tenant-graphql-result';

/** How many results' texts are kept for their open documents (the oldest go first). */
const KEPT = 10;

/** Where the results go. */
export type ResultsView = 'panel' | 'document';

/** The person's choice of `tenantGraphql.results.view` (the panel unless "document"). */
export function preferredResultsView(): ResultsView {
  return vscode.workspace.getConfiguration('tenantGraphql').get<unknown>('results.view') === 'document' ? 'document' : 'panel';
}

/** The document's address for a run: its id (unique) and the operation's name (the tab's title). */
export function resultDocumentUri(view: Pick<RunResultView, 'runId' | 'operationName'>): vscode.Uri {
  const name = (view.operationName ?? 'result').replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 80) || 'result';
  return vscode.Uri.from({ scheme: RESULT_DOCUMENT_SCHEME, path: `/${encodeURIComponent(view.runId)}/${name}.json` });
}

/** The result documents: their texts, served read-only, and opening them. */
export class ResultDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly registration: vscode.Disposable;

  constructor() {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(RESULT_DOCUMENT_SCHEME, this);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? vscode.l10n.t('This result is no longer kept. Run the operation again, or open it from the History view.');
  }

  /** Keeps `text` as the run's document and shows it beside the editor (without taking focus); resolves to its address. */
  async open(view: Pick<RunResultView, 'runId' | 'operationName'>, text: string): Promise<vscode.Uri> {
    const uri = resultDocumentUri(view);
    const key = uri.toString();
    this.texts.delete(key);
    this.texts.set(key, text);
    for (const old of [...this.texts.keys()].slice(0, Math.max(0, this.texts.size - KEPT))) {
      this.texts.delete(old);
    }
    this.changed.fire(uri);
    const doc = await vscode.workspace.openTextDocument(uri);
    const json = doc.languageId === 'json' ? doc : await vscode.languages.setTextDocumentLanguage(doc, 'json');
    await vscode.window.showTextDocument(json, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true, preview: false });
    return uri;
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
    this.texts.clear();
  }
}
