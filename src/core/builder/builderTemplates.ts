/**
 * Where the builder works in a file: the whole text of a GraphQL document, or the GraphQL
 * template under the cursor in a code file (its text keeps the host's offsets from its start,
 * so the builder's edits move by the template's start alone).
 */
import { findTemplates } from '../embedded/templates';
import type { BuilderEdit } from './builderLayout';

/** The GraphQL text the builder reads, the cursor in it, and where it starts in the file. */
export interface BuilderText {
  readonly text: string;
  readonly offset: number;
  readonly base: number;
}

/**
 * The builder's text for a file: a GraphQL document as it is; in a code file the closed template
 * the cursor is in (undefined when it is in none).
 */
export function builderTextOf(fileText: string, offset: number, isGraphqlDocument: boolean, tags?: readonly string[]): BuilderText | undefined {
  if (isGraphqlDocument) {
    return { text: fileText, offset, base: 0 };
  }
  const template = findTemplates(fileText, tags ? { tags } : {}).find((t) => t.closed && t.start <= offset && offset <= t.end);
  return template && { text: template.text, offset: offset - template.start, base: template.start };
}

/** Edits of the builder's text as edits of the file. */
export function fileEdits(target: BuilderText, edits: readonly BuilderEdit[]): BuilderEdit[] {
  return edits.map((e) => ({ start: e.start + target.base, end: e.end + target.base, text: e.text }));
}
