/**
 * The results panel's webview page as VS Code holds it: its options, its HTML (the page's bundle and
 * styles behind its CSP), its tab's title and icon, and what a page's kept state is trusted for when
 * VS Code restores the panel after a reload.
 */
import * as vscode from 'vscode';
import { isRunResultView, RESULTS_VIEW_TYPE, type ResultsWebviewState, type RunResultView } from '../shared/resultsMessages';
import { resultsHtml } from './webviewHtml';
import { resultsStrings } from './strings';

/** The webview's options: scripts on, only the extension's media folder, never kept when hidden. */
function panelOptions(mediaRoot: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return { enableScripts: true, localResourceRoots: [mediaRoot], enableFindWidget: true, retainContextWhenHidden: false };
}

/** A new results panel in `column`, with its options. */
export function newPanel(title: string, column: vscode.ViewColumn, preserveFocus: boolean, mediaRoot: vscode.Uri): vscode.WebviewPanel {
  return vscode.window.createWebviewPanel(RESULTS_VIEW_TYPE, title, { viewColumn: column, preserveFocus }, panelOptions(mediaRoot));
}

/** Gives the panel its options and its tab icon: monochrome, in the colours of VS Code's own icons (not the Marketplace PNG). */
export function dressPanel(panel: vscode.WebviewPanel, mediaRoot: vscode.Uri): void {
  panel.webview.options = panelOptions(mediaRoot);
  panel.iconPath = { light: vscode.Uri.joinPath(mediaRoot, 'results-light.svg'), dark: vscode.Uri.joinPath(mediaRoot, 'results-dark.svg') };
}

/** The page's HTML for this webview (a new nonce each time: loading it again reloads the page). */
export function pageHtml(webview: vscode.Webview, mediaRoot: vscode.Uri): string {
  return resultsHtml({
    cspSource: webview.cspSource,
    scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(mediaRoot, 'dist', 'results.js')).toString(),
    styleUri: webview.asWebviewUri(vscode.Uri.joinPath(mediaRoot, 'results.css')).toString(),
    strings: resultsStrings(),
    language: vscode.env.language,
  });
}

/** The tab's title: the run in flight (unless pinned), the pinned result, or the shown operation. */
export function panelTitle(running: string | undefined, pinned: boolean, operationName: string | undefined): string {
  if (running !== undefined && !pinned) {
    return vscode.l10n.t('Running {0}…', running);
  }
  if (pinned) {
    return vscode.l10n.t('📌 {0}', operationName ?? vscode.l10n.t('GraphQL Results'));
  }
  return operationName ? vscode.l10n.t('Results: {0}', operationName) : vscode.l10n.t('GraphQL Results');
}

/** The result a restored page kept (whole, or its header), checked; it may only point at documents a run could have come from. */
export function restoredView(state: unknown): RunResultView | undefined {
  const kept = state as ResultsWebviewState | undefined;
  const view = kept && isRunResultView(kept.view) ? kept.view : kept && isRunResultView(kept.summary) ? kept.summary : undefined;
  return view && view.documentUri !== undefined && !isAllowedDocumentUri(view.documentUri) ? { ...view, documentUri: undefined } : view;
}

/** Schemes a run's document can have (a restored state naming anything else is not trusted for `reveal`). */
function isAllowedDocumentUri(text: string): boolean {
  try {
    return ['file', 'untitled', 'vscode-remote', 'vscode-vfs', 'vscode-userdata'].includes(vscode.Uri.parse(text, true).scheme);
  } catch {
    return false;
  }
}
