/**
 * The keystroke path of EmbeddedFiles: an edit inside one template's GraphQL text moves the
 * sources (that template's text changes, the ones after it shift) instead of scanning the whole
 * file again; any edit the scanner could read differently answers undefined (scan again).
 */
import { commonAffixes } from '../text/commonAffix';
import { HASH_TAG, type EmbeddedTemplate } from './embeddedTemplate';
import type { TemplateSource } from './templateMapping';

/** Characters whose insertion or removal inside a template can change what the scanner finds. */
const SCANNER_SIGNIFICANT = /[`\\$\r]/;

/**
 * The sources of `newText` when it differs from `oldText` by one edit inside one template's
 * GraphQL text (not in a `${…}`, not in a nested template, adding or removing no backtick,
 * backslash, `$` or carriage return): that template's text changes, the templates after it move.
 * Undefined when the edit is anything else (the caller scans again). Equal to a fresh scan.
 * `known`: what the change event told of the edit (where it lies), when it is one from `oldText`
 * to `newText`; the answer is the same with or without it.
 */
export function editInsideTemplate(oldText: string, sources: readonly TemplateSource[], newText: string): TemplateSource[] | undefined {
  if (sources.length === 0) {
    return undefined;
  }
  const { prefix: p, suffix: q } = commonAffixes(oldText, newText);
  const oldEnd = oldText.length - q;
  const newEnd = newText.length - q;
  const k = sources.findIndex((s) => s.baseOffset <= p && oldEnd <= s.template.end);
  if (k < 0 || sources.some((s, j) => j !== k && s.baseOffset <= oldEnd && p <= s.template.end)) {
    return undefined; // outside templates, across two, or in a nested one
  }
  const source = sources[k];
  const removed = oldText.slice(p, oldEnd);
  const inserted = newText.slice(p, newEnd);
  const before = p > 0 ? newText.charCodeAt(p - 1) : 0;
  if (SCANNER_SIGNIFICANT.test(removed) || SCANNER_SIGNIFICANT.test(inserted) || before === 36 /* $ */ || before === 92 /* \ */ || before === 13 /* \r */) {
    return undefined;
  }
  if (!source.template.closed) {
    return undefined; // runs to the end of the file: an open `${` in it would grow with the edit
  }
  if (editMayCloseRegexBefore(oldText, source.baseOffset, p)) {
    return undefined;
  }
  const localStart = p - source.baseOffset;
  const localEnd = oldEnd - source.baseOffset;
  for (const i of source.template.interpolations) {
    if (localStart < i.end && localEnd > i.start && !(localStart === localEnd && localStart === i.start)) {
      return undefined;
    }
  }
  if (source.template.tag === HASH_TAG && localStart <= (/^\s*#graphql/.exec(source.text)?.[0].length ?? 0) + 1) {
    // An untagged template is GraphQL by its first characters: an edit there scans again.
    return undefined;
  }
  const delta = newText.length - oldText.length;
  const template: EmbeddedTemplate = {
    ...source.template,
    end: source.template.end + delta,
    text: source.text.slice(0, localStart) + inserted + source.text.slice(localEnd),
    interpolations: source.template.interpolations.map((i) => (i.start >= localEnd ? { ...i, start: i.start + delta, end: i.end + delta } : i)),
  };
  const lineDelta = count(inserted, '\n') - count(removed, '\n');
  const out = sources.slice(0, k);
  out.push({ ...source, text: template.text, template });
  for (let j = k + 1; j < sources.length; j++) {
    const s = sources[j];
    if (s.baseOffset < p) {
      // Nested in a `${…}` of the edited template before the edit: it stays where it is.
      out.push(s);
      continue;
    }
    const baseOffset = s.baseOffset + delta;
    const lineStart = lineStartOf(newText, baseOffset);
    // A template on the line where the edit ends moves along that line too.
    const character = lineStart <= newEnd ? baseOffset - lineStart : s.basePosition.character;
    out.push({
      ...s,
      baseOffset,
      basePosition: { line: s.basePosition.line + lineDelta, character },
      template: { ...s.template, start: s.template.start + delta, end: s.template.end + delta },
    });
  }
  return out;
}

/**
 * Whether an edit at `p` inside the template whose text starts at `base` can change how the code
 * before that template is read. A `/` before the backtick on the template's opening line is a
 * division only because no `/` closes it as a regular expression before that line ends, and the
 * scanner looks for that `/` through the template's first line: an edit there (a `/` typed, or the
 * line break removed) can make it a regular expression that swallows the backtick.
 */
function editMayCloseRegexBefore(oldText: string, base: number, p: number): boolean {
  if (!oldText.slice(lineStartOf(oldText, base), base).includes('/')) {
    return false;
  }
  let firstBreak = base;
  while (firstBreak < oldText.length && oldText.charCodeAt(firstBreak) !== 10 && oldText.charCodeAt(firstBreak) !== 13) {
    firstBreak++;
  }
  return p <= firstBreak;
}

/** Offset of the first character of the line holding `offset` (after `\n` or `\r`). */
function lineStartOf(text: string, offset: number): number {
  let i = offset - 1;
  while (i >= 0) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) {
      break;
    }
    i--;
  }
  return i + 1;
}

function count(text: string, ch: string): number {
  let n = 0;
  for (let i = text.indexOf(ch); i >= 0; i = text.indexOf(ch, i + 1)) {
    n++;
  }
  return n;
}
