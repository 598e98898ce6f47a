/**
 * What the extension does with a message from the results webview, decided before acting: every
 * message is parsed and checked against the result on show. Pure (no `vscode` import).
 */
import { stringifyJson } from '../shared/deepJson';
import { errorPositions, parseWebviewMessage, type JsonActionKind, type RunResultView, type WebviewToExtensionMessage } from '../shared/resultsMessages';

/** A decision: act on the message, or drop it with the reason (for the log). */
export type MessageDecision = { readonly accept: true; readonly message: WebviewToExtensionMessage } | { readonly accept: false; readonly reason: string };

/**
 * Checks a raw message from the webview against the shown result:
 * - malformed messages are dropped;
 * - Copy/Save/Open need a body and must be about the shown run;
 * - `reveal` must be about the shown run, its document, and one of its errors' locations.
 */
export function decideWebviewMessage(raw: unknown, current: RunResultView | undefined): MessageDecision {
  const message = parseWebviewMessage(raw);
  if (!message) {
    return { accept: false, reason: 'malformed message' };
  }
  switch (message.type) {
    case 'ready':
    case 'rendered':
    case 'webviewError':
    case 'filterShown':
    case 'tableShown':
      return { accept: true, message };
    case 'pin':
      return current && message.runId === current.runId ? { accept: true, message } : { accept: false, reason: 'pin for a run that is not shown' };
    case 'runAgain':
      if (!current || message.runId !== current.runId || !current.documentUri) {
        return { accept: false, reason: 'run again for a run that is not shown, or has no document' };
      }
      return { accept: true, message };
    case 'tableExport':
      return checkAction('copyJson', message.runId, current) ?? { accept: true, message };
    case 'copyJson':
    case 'saveJson':
    case 'openJson':
      return checkAction(message.type, message.runId, current) ?? { accept: true, message };
    case 'filter':
      if (!current || message.runId !== current.runId) {
        return { accept: false, reason: 'filter for a run that is not shown' };
      }
      return current.body === undefined ? { accept: false, reason: 'filter without a response body' } : { accept: true, message };
    case 'reveal': {
      if (!current || message.runId !== current.runId) {
        return { accept: false, reason: 'reveal for a run that is not shown' };
      }
      if (!current.documentUri || message.documentUri !== current.documentUri) {
        return { accept: false, reason: 'reveal for another document than the shown run’s' };
      }
      const known = (current.body?.errors ?? []).some((e) => errorPositions(e).some((p) => p.line === message.line && p.column === message.column));
      return known ? { accept: true, message } : { accept: false, reason: 'reveal for a position that is not an error location of the shown run' };
    }
  }
}

function checkAction(type: JsonActionKind, runId: string, current: RunResultView | undefined): MessageDecision | undefined {
  if (!current || runId !== current.runId) {
    return { accept: false, reason: `${type} for a run that is not shown` };
  }
  if (current.body === undefined) {
    return { accept: false, reason: `${type} without a response body` };
  }
  return undefined;
}

/** The response body as pretty-printed JSON text (what Copy/Save/Open give), or undefined without a body. */
export function responseJsonText(view: RunResultView): string | undefined {
  return view.body === undefined ? undefined : `${stringifyJson(view.body, { space: 2 })}\n`;
}

/** A file name for Save to File: the operation's name, safe for file systems, with `.json`. */
export function suggestedFileName(view: Pick<RunResultView, 'operationName'>): string {
  const base = (view.operationName ?? 'result').replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 80) || 'result';
  return `${base}.result.json`;
}
