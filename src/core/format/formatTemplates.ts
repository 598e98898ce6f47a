/**
 * Formatting of the GraphQL templates of a code file with the same printer as `.graphql` files
 * (prettier's GraphQL printer, comments kept), laid out the way prettier lays out an embedded
 * `gql` template: the GraphQL on lines of its own, one indent deeper than the line that opens the
 * template, the closing backtick on a line of its own at that line's indent. An interpolation
 * (`${Fragment}`) stays where it is between definitions, on a line of its own; a template whose
 * interpolations lie inside a definition, or whose GraphQL does not parse, is left as it is.
 * Only the templates' insides change: the code around them is the host language's formatter's.
 */
import { HASH_TAG, type EmbeddedTemplate } from '../embedded/embeddedTemplate';
import { formatText, minimalEdit, type FormatEdit, type FormatOptions } from './formatGraphql';

/** Why a template was left as it is. */
export type TemplateSkip = 'unclosed' | 'syntax' | 'empty';

/** The edits that format the templates (host offsets), and how many were left alone and why. */
export interface TemplateFormatResult {
  readonly edits: FormatEdit[];
  readonly formatted: number;
  readonly skipped: readonly { readonly template: EmbeddedTemplate; readonly reason: TemplateSkip }[];
}

/**
 * Formats `templates` of `hostText` (all of a file's, or those a selection touches). Templates
 * nested in another one's `${…}` are left to the outer one's text (formatting both would overlap).
 */
export async function formatTemplates(hostText: string, templates: readonly EmbeddedTemplate[], options: FormatOptions): Promise<TemplateFormatResult> {
  const edits: FormatEdit[] = [];
  const skipped: { template: EmbeddedTemplate; reason: TemplateSkip }[] = [];
  let formatted = 0;
  let coveredTo = -1;
  for (const template of templates) {
    if (template.start < coveredTo) {
      continue;
    }
    coveredTo = template.end;
    const result = await formatTemplate(hostText, template, options);
    if (typeof result === 'string') {
      skipped.push({ template, reason: result });
    } else {
      formatted++;
      if (result) {
        edits.push(result);
      }
    }
  }
  return { edits, formatted, skipped };
}

/** One template's edit (undefined when it is formatted already), or why it was left alone. */
export async function formatTemplate(hostText: string, template: EmbeddedTemplate, options: FormatOptions): Promise<FormatEdit | undefined | TemplateSkip> {
  if (!template.closed) {
    return 'unclosed';
  }
  const raw = hostText.slice(template.start, template.end);
  // Pieces in order: GraphQL text between interpolations, and the interpolations' own host text.
  const pieces: { graphql: boolean; text: string }[] = [];
  let at = 0;
  for (const i of template.interpolations) {
    pieces.push({ graphql: true, text: template.text.slice(at, i.start) });
    pieces.push({ graphql: false, text: raw.slice(i.start, i.end) });
    at = i.end;
  }
  pieces.push({ graphql: true, text: template.text.slice(at) });

  const lines: string[] = [];
  for (const piece of pieces) {
    if (!piece.graphql) {
      lines.push(piece.text);
    } else if (piece.text.trim() !== '') {
      const out = await formatText(piece.text, options);
      if (out === undefined) {
        return 'syntax';
      }
      lines.push(...out.replace(/\n+$/, '').split('\n'));
    }
  }
  if (lines.length === 0) {
    return 'empty';
  }
  const lineStart = hostText.lastIndexOf('\n', template.start - 1) + 1;
  const base = /^[ \t]*/.exec(hostText.slice(lineStart, template.start))?.[0] ?? '';
  const unit = options.insertSpaces ? ' '.repeat(options.tabSize) : '\t';
  const indent = (line: string) => (line === '' ? '' : base + unit + line);
  // A `#graphql` template is one because its text starts with the marker: it stays on the first line.
  const hash = template.tag === HASH_TAG && lines[0].startsWith('#graphql');
  // The host file's line breaks (prettier prints \n).
  const eol = hostText.includes('\r\n') ? '\r\n' : '\n';
  const body = hash ? [lines[0], ...lines.slice(1).map(indent)] : ['', ...lines.map(indent)];
  if (body[body.length - 1] === '') {
    body.pop();
  }
  const replacement = `${body.join(eol)}${eol}${base}`;
  if (replacement === raw) {
    return undefined;
  }
  return minimalEdit(hostText, replacement, template.start, template.end);
}
