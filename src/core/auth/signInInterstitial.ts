/**
 * The one-shot page that a browser-based or remote VS Code opens (through the host's port
 * forwarding) before a sign-in page on a loopback address.
 *
 * A host's port proxy (code-server's `/proxy/<port>/`) rewrites redirects but not cookie paths or
 * absolute form actions, so a standard authorization server's login page breaks behind it. The
 * page asks the browser whether the authorization server's origin is reachable as it is (a
 * `no-cors` fetch with a short timeout: the browser runs on the same machine as the server) and
 * then replaces itself with the unchanged sign-in address; only when the probe fails does it go to
 * the forwarded address. It navigates with `location.replace` in the page, not with a server
 * redirect, which the proxy would rewrite.
 *
 * Nothing secret is in it: the authorization address holds only the PKCE challenge and the state.
 */

export interface InterstitialPage {
  readonly html: string;
  /** The Content-Security-Policy header to send with it. */
  readonly csp: string;
}

export interface InterstitialOptions {
  /** The sign-in address exactly as the extension built it (a loopback authorization server). */
  readonly direct: string;
  /** The same address through the host's port forwarding, used when the direct one is not reachable. */
  readonly forwarded: string;
  /** A fresh random nonce for the inline script (base64url). */
  readonly nonce: string;
  /** How long the probe may take before the forwarded address is used. */
  readonly probeTimeoutMs: number;
  /** The text the person sees for the moment the page is up, already localised. */
  readonly message: string;
  /** The language of that text. */
  readonly lang?: string;
}

/** A JSON string literal that is safe inside an inline `<script>` element. */
function scriptString(value: string): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Builds the page. Throws when an address is not absolute http(s) (the opener then goes the old way). */
export function buildInterstitialPage(options: InterstitialOptions): InterstitialPage {
  const direct = new URL(options.direct);
  const forwarded = new URL(options.forwarded);
  for (const u of [direct, forwarded]) {
    if (u.protocol !== 'http:' && u.protocol !== 'https:') {
      throw new Error('The sign-in address must be http or https.');
    }
  }
  if (!/^[A-Za-z0-9_-]{16,}$/.test(options.nonce)) {
    throw new Error('The nonce must be at least 16 base64url characters.');
  }
  const timeout = Math.max(1, Math.floor(options.probeTimeoutMs));
  const script = [
    '(function () {',
    `  var direct = ${scriptString(options.direct)};`,
    `  var forwarded = ${scriptString(options.forwarded)};`,
    `  var origin = ${scriptString(direct.origin)};`,
    '  var done = false;',
    '  function go(u) { if (!done) { done = true; location.replace(u); } }',
    "  var controller = typeof AbortController === 'function' ? new AbortController() : undefined;",
    `  var timer = setTimeout(function () { if (controller) { controller.abort(); } go(forwarded); }, ${timeout});`,
    '  try {',
    "    fetch(origin + '/', { mode: 'no-cors', cache: 'no-store', credentials: 'omit', referrerPolicy: 'no-referrer', signal: controller && controller.signal })",
    '      .then(function () { clearTimeout(timer); go(direct); }, function () { clearTimeout(timer); go(forwarded); });',
    '  } catch (e) { clearTimeout(timer); go(forwarded); }',
    '})();',
  ].join('\n');
  const html = [
    '<!DOCTYPE html>',
    `<html lang="${escapeHtml(options.lang ?? 'en')}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(options.message)}</title>`,
    '</head>',
    '<body>',
    `<p>${escapeHtml(options.message)}</p>`,
    `<noscript><p><a href="${escapeHtml(options.forwarded)}">${escapeHtml(options.message)}</a></p></noscript>`,
    `<script nonce="${options.nonce}">`,
    script,
    '</script>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
  const csp = ["default-src 'none'", `script-src 'nonce-${options.nonce}'`, `connect-src ${direct.origin}`, "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'"].join(
    '; ',
  );
  return { html, csp };
}
