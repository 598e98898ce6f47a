/**
 * The GraphQL templates of a code file as documents of their own. Each template is a *source*:
 * its GraphQL text (interpolations blanked, so offsets never shift), the host file it lies in,
 * and where in the host it starts. The language service, the fragment index and the reference
 * index know a template by its source id (`<host uri>#graphql-template-<n>`, n counting templates
 * from the top of the file), and every position they return maps to the host file by the base
 * position alone: a template keeps the host's characters and line breaks, so line 0 is shifted by
 * the base character and later lines only by the base line.
 */
import type { LineIndex } from '../text/lineIndex';
import type { Position, Range } from '../text/position';
import { inInterpolation, type EmbeddedTemplate } from './embeddedTemplate';
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
