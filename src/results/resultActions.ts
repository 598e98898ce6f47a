import * as vscode from 'vscode';
import type { Logger } from '../core/logger';
import { LineIndex } from '../core/text/lineIndex';
import { rangeForLocation } from '../core/run/errorLocations';
import type { RunResultView } from '../shared/resultsMessages';
import { suggestedFileName } from './messagePolicy';
import { saveTextAs } from '../platform/saveTextAs';

const STATUS_MESSAGE_MS = 4000;

/** Copy JSON: the whole response body, pretty-printed (`text`: messagePolicy.responseJsonText), to the clipboard. */
export async function copyResponseJson(text: string): Promise<void> {
  await vscode.env.clipboard.writeText(text);
  vscode.window.setStatusBarMessage(vscode.l10n.t('Copied the response JSON to the clipboard.'), STATUS_MESSAGE_MS);
}

/** Save to File: asks where (cancel is silent), then writes the response JSON (`text`). */
export async function saveResponseJson(view: Pick<RunResultView, 'operationName'>, text: string, logger: Logger): Promise<void> {
  await saveTextAs(
    text,
    suggestedFileName(view),
    {
      filter: { name: vscode.l10n.t('JSON'), extensions: ['json'] },
      saveLabel: vscode.l10n.t('Save Result'),
      title: vscode.l10n.t('Save the response as JSON'),
      what: 'the result',
      failed: (target, error) => vscode.l10n.t('Could not save the result to {0}: {1}. Choose another place, or check that the folder is writable.', target, error),
      saved: (target) => vscode.l10n.t('Saved the response to {0}.', target),
    },
    logger,
  );
}

/** Open as JSON Document: an untitled JSON editor with the response (`text`). */
export async function openResponseJson(text: string): Promise<void> {
  const doc = await vscode.workspace.openTextDocument({ language: 'json', content: text });
  await vscode.window.showTextDocument(doc, { preview: false, viewColumn: vscode.ViewColumn.Active });
}

/**
 * Jumps to an error's place: opens the document (in the column where it is already shown, if it is)
 * and selects the token at the 1-based GraphQL line and column, as the server diagnostics do.
 */
export async function revealErrorLocation(documentUri: string, line: number, column: number, revealAt?: RunResultView['revealAt']): Promise<void> {
  const uri = vscode.Uri.parse(documentUri, true);
  const doc = await vscode.workspace.openTextDocument(uri);
  // An operation of a code file's template: the run placed each location in the file (see RunResultView.revealAt).
  const r = (revealAt && mappedLocation(revealAt, line, column)) ?? rangeForLocation(new LineIndex(doc.getText()), line, column);
  const selection = new vscode.Selection(r.start.line, r.start.character, r.end.line, r.end.character);
  const shownIn = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === doc.uri.toString())?.viewColumn;
  const editor = await vscode.window.showTextDocument(doc, { viewColumn: shownIn ?? vscode.ViewColumn.One, selection, preserveFocus: false });
  editor.revealRange(selection, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}

/** The file range the run recorded for a location, if it recorded a well-formed one. */
function mappedLocation(revealAt: NonNullable<RunResultView['revealAt']>, line: number, column: number): vscode.Range | undefined {
  const found = Array.isArray(revealAt) ? revealAt.find((t) => t?.line === line && t.column === column) : undefined;
  const n = (x: unknown) => (typeof x === 'number' && Number.isInteger(x) && x >= 0 ? x : undefined);
  const [sl, sc, el, ec] = [n(found?.range?.start?.line), n(found?.range?.start?.character), n(found?.range?.end?.line), n(found?.range?.end?.character)];
  return sl !== undefined && sc !== undefined && el !== undefined && ec !== undefined ? new vscode.Range(sl, sc, el, ec) : undefined;
}
