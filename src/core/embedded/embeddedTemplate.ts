/** What the scanner finds: one GraphQL template of a host file, and the tags it is reported with. */

/** One `${…}` of a template; offsets relative to the template's `text`, `end` just past the `}`. */
export interface TemplateInterpolation {
  readonly start: number;
  readonly end: number;
  /** `${Name}` when the expression is one identifier (or a.b member) */
  readonly identifier?: string;
}

/** One GraphQL template literal found in a host file. */
export interface EmbeddedTemplate {
  /** host-text offset of the first GraphQL character (just after the opening backtick) */
  readonly start: number;
  /** host-text offset just past the last GraphQL character (the closing backtick's offset) */
  readonly end: number;
  /** host text [start, end) with every `${…}` replaced by spaces of the same length (line breaks kept), so hostOffset = start + offset */
  readonly text: string;
  /** 'gql' | 'graphql' | configured tag | 'graphql.experimental' ... | '/* GraphQL *\/' | '#graphql' */
  readonly tag: string;
  /** relative to `text` */
  readonly interpolations: readonly TemplateInterpolation[];
  /** False when the file ends before the closing backtick (the user is still typing). */
  readonly closed: boolean;
}

export interface ScanOptions {
  readonly tags?: readonly string[];
}

/** The tag reported for a template after a `/* GraphQL *\/` comment. */
export const COMMENT_TAG = '/* GraphQL */';
/** The tag reported for a template whose text starts with `#graphql`. */
export const HASH_TAG = '#graphql';

/** True when `offset` (relative to the template text) lies inside one of its `${…}`. */
export function inInterpolation(template: EmbeddedTemplate, offset: number): boolean {
  return template.interpolations.some((i) => offset > i.start && offset < i.end);
}
