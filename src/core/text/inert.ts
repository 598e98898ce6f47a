/**
 * Makes text that did not come from us (server and auth-server messages, `error_description`,
 * `hint`, `WWW-Authenticate` descriptions, HTTP bodies, JWT claims, file contents, URI parts)
 * inert before it reaches any place VS Code shows text. One function, {@link inert}, with one
 * {@link InertSink} per kind of place, because each place renders a different syntax:
 *
 * | sink           | renders                                   | what `inert` does                                   |
 * |----------------|-------------------------------------------|-----------------------------------------------------|
 * | `notification` | `[label](https:… / command:… / file:…)`   | breaks link syntax; one line                         |
 * | `statusBar`    | `$(icon)` codicons (text; string tooltip)  | escapes `$(` as VS Code's `escapeIcons` does; one line |
 * | `quickPick`    | `$(icon)` in label/description/detail      | same as statusBar                                   |
 * | `treeItem`     | `$(icon)` in labels/descriptions           | same as statusBar                                   |
 * | `markdown`     | full markdown: links, autolinks, HTML, icons | escapes every ASCII punctuation character, breaks autolinks; keeps line breaks |
 * | `markdownDoc`  | outside *markdown* (schema descriptions, hovers) | keeps its formatting, escapes links, images, reference definitions, autolinks, bare URLs, e-mail addresses, HTML and codicons outside code |
 * | `diagnostic`   | plain text, several lines                   | breaks link syntax; keeps `\n`                      |
 * | `log`          | one output channel line                     | shows CR/LF/TAB as `\r` `\n` `\t` so no line can be forged |
 *
 * Every sink also: removes C0/C1 control characters (except where noted), bidi embeddings,
 * overrides and isolates (U+202A–U+202E, U+2066–U+2069), direction marks (U+200E, U+200F,
 * U+061C), zero-width and invisible format characters (U+200B–U+200D, U+2060–U+2064, U+FEFF,
 * U+180E, U+206A–U+206F, U+FFF9–U+FFFB, Unicode tag characters U+E0000–U+E007F), replaces lone
 * surrogates with U+FFFD, collapses whitespace runs, and caps the length (in code points) with
 * an ellipsis, never splitting a surrogate pair.
 *
 * Core never imports `vscode`; the glue calls this at each sink, e.g.
 * `window.showErrorMessage(inert(err.message, { sink: 'notification' }))`.
 */

/** The kind of place a text is shown in; see the table in the module comment. */
export type InertSink = 'notification' | 'statusBar' | 'quickPick' | 'treeItem' | 'markdown' | 'markdownDoc' | 'diagnostic' | 'log';

/** Options of {@link inert}. */
export interface InertOptions {
  /** Where the text is shown. Defaults to `notification`. */
  readonly sink?: InertSink;
  /** Maximum length in code points, ellipsis included. Defaults to {@link INERT_MAX_LENGTH} of the sink. */
  readonly maxLength?: number;
}

/** Default length cap of each sink, in code points. */
export const INERT_MAX_LENGTH: Readonly<Record<InertSink, number>> = Object.freeze({
  notification: 400,
  statusBar: 60,
  quickPick: 200,
  treeItem: 200,
  markdown: 2000,
  markdownDoc: 10_000,
  diagnostic: 1000,
  log: 2000,
});

const ELLIPSIS = '…';

/** Invisible format characters used to reorder or hide text (bidi, zero-width, tags). */
const INVISIBLE = /[\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]|\udb40[\udc00-\udc7f]/g;
/** Lone surrogates (a high not followed by a low, or a low not preceded by a high). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** Line breaks of every kind, normalised to `\n` first. */
// eslint-disable-next-line no-control-regex
const LINE_BREAK = /\r\n|[\r\n\u000b\u000c\u0085\u2028\u2029]/g;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g;
/** `](` of an inline link `[label](target)`: a space in between makes it plain text everywhere. */
const LINK_JOIN = /\]\s*\(/g;
/** A codicon `$(name)`, unless already escaped with a backslash (VS Code's `escapeIcons`). */
const ICON = /(\\)?\$\(/g;
/** ASCII punctuation: every character CommonMark lets a backslash escape. */
const MARKDOWN_PUNCTUATION = /[!-/:-@[-`{-~]/g;

const SINGLE_LINE: ReadonlySet<InertSink> = new Set(['notification', 'statusBar', 'quickPick', 'treeItem', 'log']);
const ICON_SINKS: ReadonlySet<InertSink> = new Set(['statusBar', 'quickPick', 'treeItem']);

/**
 * Returns `text` made safe to show in `sink` (default `notification`): no links, codicons,
 * markdown, control, bidi or invisible characters, and at most `maxLength` code points.
 * Accepts any value (`undefined`/`null` become `''`, others `String(value)`) so that a caught
 * error's fields can be passed as they are. Idempotent for every sink but `markdown` and `log`
 * (whose escapes would be escaped again); apply it once, at the sink.
 */
export function inert(text: unknown, options: InertOptions = {}): string {
  const sink = options.sink ?? 'notification';
  const max = Math.max(1, Math.floor(options.maxLength ?? INERT_MAX_LENGTH[sink]));
  let s = text == null ? '' : typeof text === 'string' ? text : safeString(text);
  // Bound the work on huge bodies before any regular expression runs over them.
  if (s.length > max * 4 + 64) {
    s = s.slice(0, max * 4 + 64);
  }
  s = s.replace(INVISIBLE, '').replace(LONE_SURROGATE, '\ufffd').replace(LINE_BREAK, '\n').replace(CONTROL, '');
  if (sink === 'log') {
    s = s.replace(/\n/g, '\\n').replace(/\t/g, '\\t');
  } else if (SINGLE_LINE.has(sink)) {
    s = s.replace(/\s+/g, ' ').trim();
  } else {
    s = s
      .replace(/[^\S\n]+/g, ' ')
      .replace(/ ?\n ?/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  }
  if (sink === 'markdownDoc') {
    return defangMarkdown(truncate(s, max));
  }
  if (sink === 'markdown') {
    // Escaping all punctuation also breaks autolinks (`https\:`, `www\.`, `a\@b`), HTML (`\<`),
    // entities (`\&`), codicons (`\$\(`), emphasis, headings, lists and code spans. The cap
    // applies to the visible text, before escaping, so that no escape is cut in half.
    return truncate(s, max).replace(MARKDOWN_PUNCTUATION, '\\$&').replace(/\n/g, '\\\n');
  }
  s = s.replace(LINK_JOIN, '] (');
  if (ICON_SINKS.has(sink)) {
    s = s.replace(ICON, (match, escaped: string | undefined) => (escaped ? match : '\\$('));
  }
  // Cut last, so the result never exceeds the cap; cutting a prefix cannot create a link or icon.
  return truncate(s, max);
}

/**
 * Keeps markdown's formatting but none of its ways to link or embed: escapes `<` (HTML,
 * autolinks), `](` and `![` (inline links, images), `]:` (reference definitions), the `:` of
 * `scheme://` and the `.` of `www.` (GFM bare-URL autolinks), `@` (e-mail autolinks), `$(`
 * (codicons) and `&` (entities). Code spans and fenced blocks get the same treatment: telling
 * them apart would need a full CommonMark parser (containers end fences, backtick runs pair by
 * length), and a wrong guess there would leave a live link; a stray backslash shown in code is
 * the price.
 */
function defangMarkdown(text: string): string {
  return text
    .replace(/\\(?=[<&@[\]():.$!])/g, '\\\\') // a backslash of theirs must not cancel one of ours
    .replace(/[<&@]/g, '\\$&')
    .replace(/!\[/g, '!\\[')
    .replace(/\](\s*)\(/g, ']$1\\(')
    .replace(/\$\(/g, '\\$(')
    .replace(/([A-Za-z][A-Za-z0-9+.-]*):\/\//g, '$1\\://')
    .replace(/\b(www)\./gi, '$1\\.')
    .replace(/\]:/g, ']\\:'); // reference definitions, also inside quotes and lists
}

function truncate(s: string, max: number): string {
  // Fast path: fewer UTF-16 units than the cap means fewer code points too.
  if (s.length <= max) {
    return s;
  }
  const points = Array.from(s);
  if (points.length <= max) {
    return s;
  }
  return (
    points
      .slice(0, max - 1)
      .join('')
      .trimEnd() + ELLIPSIS
  );
}

function safeString(value: unknown): string {
  try {
    return String(value);
  } catch {
    return '';
  }
}
