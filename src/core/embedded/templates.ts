/**
 * Finds GraphQL inside TypeScript and JavaScript: `gql` / `graphql` tagged templates (generic
 * `gql<T>` and member tags such as `graphql.experimental` included), `graphql(`…`)` calls,
 * templates after a `/* GraphQL *\/` comment and templates that start with `#graphql`.
 *
 * A hand-written scanner rather than the TypeScript scanner: bundling `typescript` would add
 * megabytes to a VSIX that must stay small, and loading it costs far more than scanning. The
 * scanner knows what can hide a backtick (strings, comments, regular expressions, nested
 * templates inside `${}`) and tells regular expressions from divisions by the previous token,
 * as TypeScript's own scanner does before its parser rescans. It looks only at the characters
 * that can start one of those.
 *
 * Here: the tags and the entry; templateScanner.ts scans, templateReadBack.ts decides what a
 * backtick or a slash is from the tokens before it, embeddedTemplate.ts is what they find.
 */

import type { EmbeddedTemplate, ScanOptions } from './embeddedTemplate';
import { TemplateScanner } from './templateScanner';

/** Tag names recognised when `tenantGraphql.embedded.tags` is not set. */
export const DEFAULT_TAGS: readonly string[] = Object.freeze(['gql', 'graphql']);

/** Whether a value is a usable tag list (`tenantGraphql.embedded.tags`): a non-empty list of identifiers or dotted member names. */
export function isTagList(value: unknown): value is string[] {
  return Array.isArray(value) && value.length > 0 && value.every((t) => typeof t === 'string' && /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(t));
}

const GRAPHQL_WORD = /graphql/i;

/**
 * The cheap pre-check: false means the text cannot hold a GraphQL template (no backtick, or
 * neither a tag name nor the word GraphQL), so a file with none costs one or two `indexOf`s.
 */
export function hasTemplateMarker(hostText: string, tags: readonly string[] = DEFAULT_TAGS): boolean {
  if (hostText.indexOf('`') < 0) {
    return false;
  }
  for (const tag of tags) {
    const word = tag.split('.')[0];
    if (word && hostText.includes(word)) {
      return true;
    }
  }
  return GRAPHQL_WORD.test(hostText);
}

/** Every GraphQL template of `hostText`, in order of their start offsets. Never throws on any input. */
export function findTemplates(hostText: string, options: ScanOptions = {}): EmbeddedTemplate[] {
  const tags = options.tags && options.tags.length > 0 ? options.tags : DEFAULT_TAGS;
  if (!hasTemplateMarker(hostText, tags)) {
    return [];
  }
  const found = new TemplateScanner(hostText, new Set(tags)).run();
  return found.length > 1 ? found.sort((a, b) => a.start - b.start) : found;
}
