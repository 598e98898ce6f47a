/**
 * The GraphQL templates of a code file as documents of their own. Each template is a *source*:
 * its GraphQL text (interpolations blanked, so offsets never shift), the host file it lies in,
 * and where in the host it starts. The language service, the fragment index and the reference
 * index know a template by its source id (`<host uri>#graphql-template-<n>`, n counting templates
 * from the top of the file), and every position they return maps to the host file by the base
 * position alone: a template keeps the host's characters and line breaks, so line 0 is shifted by
 * the base character and later lines only by the base line.
 *
 * `EmbeddedFiles` keeps the sources of every code file with templates the extension has looked at
 * (open editors and the workspace files the indexer read), so that a location inside any template (a fragment
 * defined in a closed file, a workspace symbol) maps back to its host file.
 */
import { LineIndex } from '../text/lineIndex';
import type { Position, Range } from '../text/position';
import { findTemplates, HASH_TAG, inInterpolation, type EmbeddedTemplate, type ScanOptions } from './templates';

/** GraphQL text inside a host file, at a base offset and position. */
export interface TemplateSource {
  /** `<host uri>#graphql-template-<n>`: the template's document id for the language service and the indexes. */
  readonly id: string;
  readonly hostUri: string;
  /** n: the template's place among the file's templates (0 for the first). */
  readonly ordinal: number;
  /** The template's GraphQL text (every `${…}` blanked to spaces of the same length). */
  readonly text: string;
  /** Host offset of the template's first character. */
  readonly baseOffset: number;
  /** The same place as a host position. */
  readonly basePosition: Position;
  readonly template: EmbeddedTemplate;
}

const ID_MARK = '#graphql-template-';
const ID_PATTERN = /^(.*)#graphql-template-(\d+)$/s;

/** The document id of a host file's n-th template. */
export function templateSourceId(hostUri: string, ordinal: number): string {
  return `${hostUri}${ID_MARK}${ordinal}`;
}

/** The host URI and ordinal of a template's document id; undefined for any other URI. */
export function parseTemplateSourceId(id: string): { hostUri: string; ordinal: number } | undefined {
  if (!id.includes(ID_MARK)) {
    return undefined;
  }
  const m = ID_PATTERN.exec(id);
  return m ? { hostUri: m[1], ordinal: Number(m[2]) } : undefined;
}

/** The sources of a host file's templates (as found by findTemplates), in file order. */
export function templateSources(hostUri: string, templates: readonly EmbeddedTemplate[], hostIndex: LineIndex): TemplateSource[] {
  return templates.map((template, ordinal) => ({
    id: templateSourceId(hostUri, ordinal),
    hostUri,
    ordinal,
    text: template.text,
    baseOffset: template.start,
    basePosition: hostIndex.positionAt(template.start),
    template,
  }));
}

/** A position of a template's text as a position of its host file. */
export function toHostPosition(base: Position, local: Position): Position {
  return local.line === 0 ? { line: base.line, character: base.character + local.character } : { line: base.line + local.line, character: local.character };
}

/** A range of a template's text as a range of its host file. */
export function toHostRange(base: Position, local: Range): Range {
  return { start: toHostPosition(base, local.start), end: toHostPosition(base, local.end) };
}

/** A host position as a position in a template's text, or undefined when it lies before the template. */
export function toTemplatePosition(base: Position, host: Position): Position | undefined {
  if (host.line < base.line || (host.line === base.line && host.character < base.character)) {
    return undefined;
  }
  return host.line === base.line ? { line: 0, character: host.character - base.character } : { line: host.line - base.line, character: host.character };
}

/** The source whose GraphQL text holds the host offset (its end included: a cursor before the closing backtick). */
export function sourceAt(sources: readonly TemplateSource[], hostOffset: number): TemplateSource | undefined {
  let lo = 0;
  let hi = sources.length - 1;
  let found: TemplateSource | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sources[mid].baseOffset <= hostOffset) {
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  // Templates overlap only when one is nested in another's `${…}`: the last one that starts at or
  // before the offset and still holds it is the innermost.
  for (let i = hi; i >= 0; i--) {
    if (hostOffset <= sources[i].template.end) {
      found = sources[i];
      break;
    }
  }
  return found;
}

/** Where a host offset is in a code file: in a template's GraphQL, in one of its `${…}`, or outside. */
export function graphqlAt(sources: readonly TemplateSource[], hostOffset: number): { source: TemplateSource; offset: number } | undefined {
  const source = sourceAt(sources, hostOffset);
  if (!source) {
    return undefined;
  }
  const offset = hostOffset - source.baseOffset;
  return inInterpolation(source.template, offset) ? undefined : { source, offset };
}

/** Characters whose insertion or removal inside a template can change what the scanner finds. */
const SCANNER_SIGNIFICANT = /[`\\$\r]/;

/**
 * The sources of `newText` when it differs from `oldText` by one edit inside one template's
 * GraphQL text (not in a `${…}`, not in a nested template, adding or removing no backtick,
 * backslash, `$` or carriage return): that template's text changes, the templates after it move.
 * Undefined when the edit is anything else (the caller scans again). Equal to a fresh scan.
 */
export function editInsideTemplate(oldText: string, sources: readonly TemplateSource[], newText: string): TemplateSource[] | undefined {
  if (sources.length === 0) {
    return undefined;
  }
  const max = Math.min(oldText.length, newText.length);
  const p = commonPrefix(oldText, newText, max);
  const q = commonSuffix(oldText, newText, max - p);
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
 * Blocks compared before characters: a keystroke changes one place of a large file, and comparing
 * two substrings is one native comparison where a loop of charCodeAt is a JavaScript step per
 * character (0.2-0.9 ms per keystroke on a 5,000-line file).
 */
const BLOCK = 1024;

/** The length of the longest common prefix of `a` and `b`, at most `max`. */
function commonPrefix(a: string, b: string, max: number): number {
  let p = 0;
  while (p + BLOCK <= max && a.slice(p, p + BLOCK) === b.slice(p, p + BLOCK)) {
    p += BLOCK;
  }
  while (p < max && a.charCodeAt(p) === b.charCodeAt(p)) {
    p++;
  }
  return p;
}

/** The length of the longest common suffix of `a` and `b`, at most `max`. */
function commonSuffix(a: string, b: string, max: number): number {
  let q = 0;
  while (q + BLOCK <= max && a.slice(a.length - q - BLOCK, a.length - q) === b.slice(b.length - q - BLOCK, b.length - q)) {
    q += BLOCK;
  }
  while (q < max && a.charCodeAt(a.length - 1 - q) === b.charCodeAt(b.length - 1 - q)) {
    q++;
  }
  return q;
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

interface HostEntry {
  readonly text: string;
  readonly sources: readonly TemplateSource[];
  readonly tagsKey: string;
}

/**
 * The template sources of every code file with templates looked at (open editors, indexed
 * workspace files), rescanned only when a file's text or the tag names change.
 */
export class EmbeddedFiles {
  private readonly hosts = new Map<string, HostEntry>();
  private readonly byId = new Map<string, TemplateSource>();

  /**
   * The file's sources for this text, scanning only when the text (or the tags) changed. `added`
   * and `removed` name the ids that appeared and went (a file with fewer templates than before).
   */
  update(hostUri: string, text: string, options: ScanOptions = {}): { sources: readonly TemplateSource[]; removed: string[] } {
    const tagsKey = (options.tags ?? []).join('\n');
    const known = this.hosts.get(hostUri);
    if (known && known.text === text && known.tagsKey === tagsKey) {
      return { sources: known.sources, removed: [] };
    }
    // Typing inside a template changes nothing the scanner sees outside it: move the sources
    // instead of scanning the whole file again.
    const moved = known && known.tagsKey === tagsKey ? editInsideTemplate(known.text, known.sources, text) : undefined;
    const templates = moved ? undefined : findTemplates(text, options);
    const sources = moved ?? (templates && templates.length > 0 ? templateSources(hostUri, templates, new LineIndex(text)) : []);
    const removed: string[] = [];
    for (const old of known?.sources ?? []) {
      if (old.ordinal >= sources.length) {
        removed.push(old.id);
      }
      this.byId.delete(old.id);
    }
    for (const s of sources) {
      this.byId.set(s.id, s);
    }
    if (sources.length > 0) {
      this.hosts.set(hostUri, { text, sources, tagsKey });
    } else {
      // A file without templates is not kept (its text would be most of the memory of a big
      // workspace); scanning it again is two string searches when it names no tag or marker.
      this.hosts.delete(hostUri);
    }
    return { sources, removed };
  }

  /**
   * The file's sources for this text without recording them: the recorded ones when the text and
   * tags are the ones last recorded, else a fresh scan (for a reader that must not change what the
   * indexes hold, e.g. validating a closed file the indexer has not read again yet).
   */
  peek(hostUri: string, text: string, options: ScanOptions = {}): readonly TemplateSource[] {
    const known = this.hosts.get(hostUri);
    if (known && known.text === text && known.tagsKey === (options.tags ?? []).join('\n')) {
      return known.sources;
    }
    const templates = findTemplates(text, options);
    return templates.length > 0 ? templateSources(hostUri, templates, new LineIndex(text)) : [];
  }

  /** Forgets a file; returns the ids of its templates. */
  remove(hostUri: string): string[] {
    const known = this.hosts.get(hostUri);
    if (!known) {
      return [];
    }
    this.hosts.delete(hostUri);
    for (const s of known.sources) {
      this.byId.delete(s.id);
    }
    return known.sources.map((s) => s.id);
  }

  /** The sources last recorded for a file. */
  sourcesOf(hostUri: string): readonly TemplateSource[] {
    return this.hosts.get(hostUri)?.sources ?? [];
  }

  /** Every recorded template source, file by file. */
  *allSources(): IterableIterator<TemplateSource> {
    for (const host of this.hosts.values()) {
      yield* host.sources;
    }
  }

  /** A template source by id. */
  source(id: string): TemplateSource | undefined {
    return this.byId.get(id);
  }

  /**
   * A location as the user sees it: a range in a template's text becomes the range in its host
   * file; any other URI is returned as it is. Undefined for a template id no longer known.
   */
  locate(uri: string, range: Range): { uri: string; range: Range } | undefined {
    if (!parseTemplateSourceId(uri)) {
      return { uri, range };
    }
    const source = this.byId.get(uri);
    return source ? { uri: source.hostUri, range: toHostRange(source.basePosition, range) } : undefined;
  }
}
