/**
 * The results webview's HTML: a strict CSP (`default-src 'none'`, the script by nonce, styles only
 * from the extension's media folder) and no inline script or style. Pure (no `vscode` import), so
 * that the CSP is unit-tested.
 */
import { randomBytes } from 'node:crypto';
import type { ResultsStrings } from '../shared/resultsMessages';

/** What the HTML needs from the webview: its CSP source and the media URIs it may load. */
export interface ResultsHtmlInputs {
  /** `webview.cspSource`. */
  readonly cspSource: string;
  /** `webview.asWebviewUri(media/dist/results.js)` as text. */
  readonly scriptUri: string;
  /** `webview.asWebviewUri(media/results.css)` as text. */
  readonly styleUri: string;
  readonly strings: ResultsStrings;
  /** A fresh nonce per load; {@link newNonce} by default. */
  readonly nonce?: string;
  /** The UI language (`vscode.env.language`). */
  readonly language?: string;
}

/** A random nonce (128 bits, base64) for one load of the webview. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/** Escapes text for an HTML attribute value in double quotes. */
export function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The Content-Security-Policy of the results webview. */
export function resultsCsp(cspSource: string, nonce: string): string {
  return ["default-src 'none'", `style-src ${cspSource}`, `font-src ${cspSource}`, `img-src ${cspSource}`, `script-src 'nonce-${nonce}'`].join('; ');
}

/** The full HTML document of the results webview. */
export function resultsHtml(inputs: ResultsHtmlInputs): string {
  const nonce = inputs.nonce ?? newNonce();
  const attr = escapeAttribute;
  return `<!DOCTYPE html>
<html lang="${attr(inputs.language ?? 'en')}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${attr(resultsCsp(inputs.cspSource, nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${attr(inputs.styleUri)}">
<title>${attr(inputs.strings.emptyTitle)}</title>
</head>
<body data-strings="${attr(JSON.stringify(inputs.strings))}">
<main id="root"></main>
<div id="announce" class="visually-hidden" role="status" aria-live="polite" aria-atomic="true"></div>
<script nonce="${attr(nonce)}" src="${attr(inputs.scriptUri)}"></script>
</body>
</html>`;
}
