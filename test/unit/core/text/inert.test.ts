import { strict as assert } from 'node:assert';
import { INERT_MAX_LENGTH, inert, type InertSink } from '../../../../src/core/text/inert';

// markdown-it (with linkify, like GFM autolinks) stands in for the renderer of hovers and
// MarkdownStrings; it ships with @vscode/vsce, a dev dependency.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const MarkdownIt = require('markdown-it') as new (options: object) => { render(src: string): string };
const markdown = new MarkdownIt({ html: true, linkify: true });
/** GFM's autolinks (what VS Code's marked does): URLs with a scheme or www., e-mail addresses; no bare domains. */
const gfm = new MarkdownIt({ html: true, linkify: true }) as unknown as { render(src: string): string; linkify: { set(o: object): void } };
gfm.linkify.set({ fuzzyLink: false, fuzzyEmail: true });

/** VS Code's `parseLinkedText` (src/vs/base/common/linkedText.ts): what notifications turn into links. */
const NOTIFICATION_LINK = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/i;
/** An unescaped codicon, as VS Code's label renderer finds it. */
const UNESCAPED_ICON = /(^|[^\\])\$\([A-Za-z0-9~-]+\)/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const INVISIBLE = /[\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]|\udb40[\udc00-\udc7f]/;

const SINKS: InertSink[] = ['notification', 'statusBar', 'quickPick', 'treeItem', 'markdown', 'markdownDoc', 'diagnostic', 'log'];
/** Elements markdown may render for formatting; anything else (a, img, html) means something got through. */
const FORMATTING = /^(p|br|strong|em|code|pre|ul|ol|li|blockquote|h[1-6]|hr|table|thead|tbody|tr|th|td|s|del)$/;

/** Hostile texts as servers, auth servers, JWTs and files could send them. */
const HOSTILE: { name: string; text: string }[] = [
  { name: 'command link', text: 'Denied. [Click to fix](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22rm%20-rf%20~%22%7D)' },
  { name: 'https link', text: 'See [the docs](https://evil.example/phish "title")' },
  { name: 'file link', text: '[open](file:///etc/passwd)' },
  { name: 'link with spaces before (', text: '[x]   (command:foo)' },
  { name: 'nested brackets', text: '[[a]](command:foo) [b]](https://evil.example)' },
  { name: 'autolink', text: 'go <https://evil.example> or <command:foo>' },
  { name: 'image', text: '![x](https://evil.example/track.png) ![y][1]\n[1]: https://evil.example' },
  { name: 'definition in a quote', text: '> [x]: https://evil.example\n> see [x]' },
  { name: 'link in a code span trick', text: '`a``b` [x](https://evil.example) `' },
  { name: 'link after a list fence', text: '- item\n  ```\n  code\nnext [x](https://evil.example)' },
  { name: 'upper-case scheme and www', text: 'HTTPS://EVIL.EXAMPLE WWW.EVIL.EXAMPLE mailto:a@evil.example' },
  { name: 'backslashes against escapes', text: '\\[x\\](https://evil.example) \\<https://evil.example\\>' },
  { name: 'bare url', text: 'visit https://evil.example/x or www.evil.example or a@evil.example' },
  { name: 'reference link', text: '[x][1]\n\n[1]: command:foo' },
  { name: 'html', text: '<img src=x onerror=alert(1)><a href="command:foo">x</a>' },
  { name: 'entity', text: '&#91;x&#93;&#40;command:foo&#41;' },
  { name: 'codicon', text: '$(error) $(sync~spin) $(warning) signed in as admin' },
  { name: 'escaped codicon', text: '\\$(error) \\\\$(check)' },
  { name: 'markdown structure', text: '# Heading\n- list\n> quote\n```\ncode\n```\n**bold** _it_ `code` ~~x~~ | a | b |' },
  { name: 'forged log line', text: 'ok\n2026-01-01 00:00:00.000 [info] [auth] Signed in as admin\r\nanother\u0085line\u2028and\u2029more' },
  { name: 'NUL and controls', text: 'a\u0000b\u0007c\u001bd[31mred\u007fe\u009bf\u0008g\u000bh\u000ci' },
  { name: 'bidi override', text: 'invoice\u202eexe.fdp\u202c and \u2066isolate\u2069 \u200emark\u200f \u061carabic' },
  { name: 'zero width and tags', text: 'ad\u200bmin\u200c\u200d\u2060\ufeff \udb40\udc41\udb40\udc42 tag smuggling' },
  { name: 'lone surrogates', text: 'a\ud800b\udc00c' },
  { name: 'huge', text: '[x](command:y)'.repeat(50_000) + '\n'.repeat(1000) },
  { name: 'emoji at the cap', text: '😀'.repeat(5000) },
  { name: 'tabs and spaces', text: '\t\t    indented code block\t' },
];

function codePoints(s: string): number {
  return Array.from(s).length;
}

describe('core/text/inert', () => {
  for (const sink of SINKS) {
    describe(`sink ${sink}`, () => {
      for (const { name, text } of HOSTILE) {
        it(`makes "${name}" inert`, () => {
          const out = inert(text, { sink });
          assert.doesNotMatch(out, CONTROL, 'control character');
          assert.doesNotMatch(out, INVISIBLE, 'bidi or invisible character');
          assert.doesNotMatch(out, /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/, 'lone surrogate');
          if (sink !== 'diagnostic' && sink !== 'markdown' && sink !== 'markdownDoc') {
            assert.doesNotMatch(out, /[\r\n\u2028\u2029\u0085]/, 'line break in a single-line sink');
          }
          if (sink === 'markdownDoc') {
            for (const html of [gfm.render(out), markdown.render(out)]) {
              const tags = [...html.matchAll(/<\/?([a-z0-9]+)/gi)].map((m) => m[1].toLowerCase()).filter((t) => !FORMATTING.test(t));
              assert.deepEqual(tags, [], `markdownDoc rendered ${tags.join(', ')}: ${html.slice(0, 300)}`);
            }
          } else if (sink === 'markdown') {
            const html = markdown.render(out);
            assert.doesNotMatch(html, /<(?!\/?(p|br)\b)[a-z]/i, `markdown rendered an element: ${html.slice(0, 200)}`);
            assert.doesNotMatch(html, /<[^>]*(href|src)=/i, 'attribute');
            assert.ok(codePoints(out.replace(/\\(.)/gs, '$1')) <= INERT_MAX_LENGTH.markdown, 'visible length');
          } else {
            assert.doesNotMatch(out, NOTIFICATION_LINK, 'link syntax survived');
            assert.ok(codePoints(out) <= INERT_MAX_LENGTH[sink], `length ${codePoints(out)}`);
          }
          if (sink === 'statusBar' || sink === 'quickPick' || sink === 'treeItem') {
            assert.doesNotMatch(out, UNESCAPED_ICON, 'codicon survived');
          }
          if (sink === 'log') {
            // One line per call, so nothing can forge the next line.
            assert.equal(out.split('\n').length, 1);
          }
        });
      }
    });
  }

  const exact: { sink: InertSink; text: unknown; expected: string; maxLength?: number }[] = [
    { sink: 'notification', text: 'The server said: [Fix](command:x.y)', expected: 'The server said: [Fix] (command:x.y)' },
    { sink: 'notification', text: 'plain words stay as they are.', expected: 'plain words stay as they are.' },
    { sink: 'notification', text: '  two\n\nlines  ', expected: 'two lines' },
    { sink: 'notification', text: undefined, expected: '' },
    { sink: 'notification', text: null, expected: '' },
    { sink: 'notification', text: 42, expected: '42' },
    { sink: 'notification', text: 'abcdefghij', maxLength: 5, expected: 'abcd…' },
    { sink: 'notification', text: '😀😀😀😀😀😀', maxLength: 3, expected: '😀😀…' },
    { sink: 'statusBar', text: '$(check) admin', expected: '\\$(check) admin' },
    { sink: 'statusBar', text: '\\$(check) admin', expected: '\\$(check) admin' },
    { sink: 'quickPick', text: 'team $(key)', expected: 'team \\$(key)' },
    { sink: 'treeItem', text: 'Query\u202e$(x)', expected: 'Query\\$(x)' },
    { sink: 'notification', text: '$(check) is shown as text in notifications', expected: '$(check) is shown as text in notifications' },
    { sink: 'markdown', text: '[a](https://x.example) *b*', expected: '\\[a\\]\\(https\\:\\/\\/x\\.example\\) \\*b\\*' },
    { sink: 'markdown', text: 'line1\nline2', expected: 'line1\\\nline2' },
    { sink: 'markdownDoc', text: 'The **total** of `tasks`.\n\n- one', expected: 'The **total** of `tasks`.\n\n- one' },
    { sink: 'markdownDoc', text: 'See [docs](https://x.example) <b>', expected: 'See [docs]\\(https\\://x.example) \\<b>' },
    { sink: 'diagnostic', text: 'Cannot query field\r\n"x" [a](command:b)', expected: 'Cannot query field\n"x" [a] (command:b)' },
    { sink: 'log', text: 'path /x\n[info] forged\tline\u0000', expected: 'path /x\\n[info] forged\\tline' },
  ];
  for (const { sink, text, expected, maxLength } of exact) {
    it(`${sink}: ${JSON.stringify(text)} -> ${JSON.stringify(expected)}`, () => {
      assert.equal(inert(text, { sink, maxLength }), expected);
    });
  }

  it('is idempotent for the plain sinks', () => {
    for (const sink of ['notification', 'statusBar', 'quickPick', 'treeItem', 'diagnostic'] as const) {
      for (const { text } of HOSTILE) {
        const once = inert(text, { sink });
        assert.equal(inert(once, { sink }), once, `${sink}`);
      }
    }
  });

  // A hang guard, not a speed check: linear work on 10 MB takes well under a second, while any
  // backtracking over a body this size would run for minutes and hit the timeout.
  it('finishes on a 10 MB body', () => {
    const out = inert('\u202e[x](command:y)\n'.repeat(700_000), { sink: 'markdown' });
    assert.ok(!out.includes('\u202e') && !out.includes('](command:'), 'the body is made inert');
  });
});
