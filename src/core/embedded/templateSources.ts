/**
 * The GraphQL templates of a code file as documents of their own. Each template is a *source*:
 * its GraphQL text (interpolations blanked, so offsets never shift), the host file it lies in,
 * and where in the host it starts. The language service, the fragment index and the reference
 * index know a template by its source id (`<host uri>#graphql-template-<n>`, n counting templates
 * from the top of the file), and every position they return maps to the host file by the base
 * position alone: a template keeps the host's characters and line breaks, so line 0 is shifted by
 * the base character and later lines only by the base line.
 *
 * `EmbeddedFiles` keeps the sources of every code file the extension has looked at (open editors
 * and the workspace files the indexer read), so that a location inside any template (a fragment
 * defined in a closed file, a workspace symbol) maps back to its host file.
 */
import { LineIndex } from '../text/lineIndex';
import type { Position, Range } from '../text/position';
import { findTemplates, inInterpolation, type EmbeddedTemplate, type ScanOptions } from './templates';

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

interface HostEntry {
  readonly text: string;
  readonly sources: readonly TemplateSource[];
  readonly tagsKey: string;
}

/**
 * The template sources of every code file looked at (open editors, indexed workspace files),
 * rescanned only when a file's text or the tag names change.
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
    const templates = findTemplates(text, options);
    const sources = templates.length > 0 ? templateSources(hostUri, templates, new LineIndex(text)) : [];
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
    this.hosts.set(hostUri, { text, sources, tagsKey });
    return { sources, removed };
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
