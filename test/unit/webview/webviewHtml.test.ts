import * as assert from 'node:assert/strict';
import { escapeAttribute, newNonce, resultsCsp, resultsHtml } from '../../../src/results/webviewHtml';
import type { ResultsStrings } from '../../../src/shared/resultsMessages';

const cspSource = 'https://abc.vscode-cdn.net';
const strings = { emptyTitle: 'Results <"&">' } as unknown as ResultsStrings;
const html = (nonce?: string): string => resultsHtml({ cspSource, scriptUri: `${cspSource}/media/dist/results.js`, styleUri: `${cspSource}/media/results.css`, strings, nonce });

function csp(text: string): string {
  const m = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(text);
  assert.ok(m, 'the page has a CSP meta tag');
  return m[1].replace(/&#39;|&apos;/g, "'");
}

describe('results webview HTML', () => {
  it("denies everything by default and allows scripts only by nonce, styles only from the extension's resources", () => {
    const policy = csp(html('N0nce'));
    const directives = Object.fromEntries(
      policy
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([k, ...v]) => [k, v]),
    );
    assert.deepEqual(directives['default-src'], ["'none'"]);
    assert.deepEqual(directives['script-src'], ["'nonce-N0nce'"]);
    assert.deepEqual(directives['style-src'], [cspSource]);
    assert.ok(!policy.includes('unsafe-inline') && !policy.includes('unsafe-eval'));
  });

  it('has exactly one script, external, carrying the nonce, and no inline script, style or handler', () => {
    const text = html('N0nce');
    const scripts = [...text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    assert.equal(scripts.length, 1);
    assert.match(scripts[0][1], /nonce="N0nce"/);
    assert.match(scripts[0][1], /src="https:\/\/abc\.vscode-cdn\.net\/media\/dist\/results\.js"/);
    assert.equal(scripts[0][2].trim(), '', 'no inline code');
    assert.doesNotMatch(text, /<style\b|\sstyle=|\son[a-z]+=/i);
  });

  it('uses a new random nonce on every load', () => {
    const nonces = new Set(Array.from({ length: 20 }, () => /'nonce-([^']+)'/.exec(csp(html()))![1]));
    assert.equal(nonces.size, 20);
    assert.ok(newNonce().length >= 22, '128 bits in base64');
  });

  it('escapes the localized strings it embeds', () => {
    const text = html('n');
    assert.ok(!text.includes('<"&">'));
    assert.equal(escapeAttribute('<a href="x">&</a>'), '&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;');
    assert.equal(resultsCsp('s', 'n'), "default-src 'none'; style-src s; font-src s; img-src s; script-src 'nonce-n'");
  });
});
