import * as vscode from 'vscode';
import { placeErrors, type SentPlace } from '../core/run/errorLocations';
import { adjustRangeForEdit } from '../core/run/rangeEdits';
import type { Range } from '../core/text/position';
import { inert } from '../core/text/inert';
import { fromRange, toRange } from '../platform/ranges';

/** The collection's name and every diagnostic's source. */
const SERVER_DIAGNOSTICS_NAME = 'GraphQL (server)';

/**
 * The Service's execution errors as diagnostics, in their own collection: the VS Code side of
 * src/core/run/errorLocations.ts, which places each error in the file (a `.graphql` file or a code
 * file's template); the run controller calls {@link ServerDiagnostics.show} with a run's answer. Cleared for a
 * document when it runs again; a diagnostic whose text is edited disappears, the others move
 * with the text.
 */
export class ServerDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection(SERVER_DIAGNOSTICS_NAME);
  private readonly listeners: vscode.Disposable[];

  constructor() {
    this.listeners = [vscode.workspace.onDidChangeTextDocument((e) => this.onChange(e)), vscode.workspace.onDidCloseTextDocument((d) => this.collection.delete(d.uri))];
  }

  clear(uri: vscode.Uri): void {
    this.collection.delete(uri);
  }

  /**
   * Replaces the document's server diagnostics with the errors of an answer (`errors[]` as the
   * server sent it), placed through what the run sent; returns how many diagnostics it shows.
   */
  show(uri: vscode.Uri, place: SentPlace, errors: unknown): number {
    const diagnostics = placeErrors(place, errors).map((e) => {
      // The message is the Service's text: inert (no control or bidi characters, capped).
      const d = new vscode.Diagnostic(toRange(e.range), inert(e.detail ? `${e.message}\n${e.detail}` : e.message, { sink: 'diagnostic' }), vscode.DiagnosticSeverity.Error);
      d.source = SERVER_DIAGNOSTICS_NAME;
      if (e.code) {
        d.code = e.code;
      }
      return d;
    });
    this.collection.set(uri, diagnostics);
    return diagnostics.length;
  }

  private onChange(e: vscode.TextDocumentChangeEvent): void {
    const current = this.collection.get(e.document.uri);
    if (!current || current.length === 0 || e.contentChanges.length === 0) {
      return;
    }
    // Changes of one event do not overlap; apply them from the last to the first so that
    // each change's range is still in the coordinates of the text it was made against.
    const changes = [...e.contentChanges].sort((a, b) => b.rangeOffset - a.rangeOffset);
    const kept: vscode.Diagnostic[] = [];
    for (const d of current) {
      let r: Range | undefined = fromRange(d.range);
      for (const c of changes) {
        r = r && adjustRangeForEdit(r, { range: fromRange(c.range), text: c.text });
      }
      if (r) {
        const moved = new vscode.Diagnostic(toRange(r), d.message, d.severity);
        moved.source = d.source;
        moved.code = d.code;
        moved.relatedInformation = d.relatedInformation;
        kept.push(moved);
      }
    }
    if (kept.length !== current.length || kept.some((k, i) => !k.range.isEqual(current[i].range))) {
      this.collection.set(e.document.uri, kept);
    }
  }

  dispose(): void {
    this.listeners.forEach((l) => l.dispose());
    this.collection.dispose();
  }
}
