/**
 * Extract fragment into a new `gql` constant: in a code file, the fragment goes into
 * `const <Name>Fragment = gql`…`;` inserted before the statement holding the template, and the
 * template gets `${<Name>Fragment}` after its last definition. Pure: host text in, host edits out.
 */
import type { GraphQLSchema } from 'graphql';
import type { EmbeddedTemplate } from '../embedded/embeddedTemplate';
import type { Range } from '../text/position';
import { LineIndex } from '../text/lineIndex';
import { extractedParts } from './codeActionsRefactor';

/** One replacement of the host text, in offsets. */
export interface HostEdit {
  readonly start: number;
  readonly end: number;
  readonly newText: string;
}

/** The constant's name for a fragment: `TaskBasics` -> `TaskBasicsFragment`. */
export function fragmentConstantName(fragment: string): string {
  return `${fragment}Fragment`;
}

/**
 * The host edits, or undefined when the range does not cover whole fields of one selection set,
 * the fragment's name is taken in the template, or the constant's name is already used in the file.
 * `range` is in the template's GraphQL text (`template.text`).
 */
export function extractFragmentToConstant(hostText: string, template: EmbeddedTemplate, schema: GraphQLSchema, range: Range, name: string): HostEdit[] | undefined {
  const parts = extractedParts(template.text, schema, range, name);
  const constant = fragmentConstantName(name);
  if (!parts || new RegExp(`(^|[^\\w$])${constant}($|[^\\w$])`).test(hostText)) {
    return undefined;
  }
  const local = new LineIndex(template.text);
  const spread: HostEdit = {
    start: template.start + local.offsetAt(parts.spread.range.start),
    end: template.start + local.offsetAt(parts.spread.range.end),
    newText: parts.spread.newText,
  };
  // After the last definition (or interpolation) of the template: the last non-blank host character before the backtick.
  let last = template.end;
  while (last > template.start && /\s/.test(hostText[last - 1])) {
    last--;
  }
  const multiline = hostText.slice(template.start, template.end).includes('\n');
  const reference: HostEdit = { start: last, end: last, newText: multiline ? `\n${indentOf(hostText, last)}\${${constant}}` : ` \${${constant}}` };
  const at = statementStart(hostText, template.start);
  const indent = indentOf(hostText, at);
  const tag = /^[A-Za-z_$][\w$.]*$/.test(template.tag) ? template.tag : 'gql';
  const body = parts.fragment
    .split('\n')
    .map((l) => (l ? `${indent}  ${l}` : l))
    .join('\n');
  const declaration: HostEdit = { start: at, end: at, newText: `const ${constant} = ${tag}\`\n${body}\n${indent}\`;\n\n${indent}` };
  return [declaration, spread, reference];
}

/** The indentation of the line holding `offset`. */
function indentOf(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
}

/**
 * Where the statement holding `offset` starts: the first non-blank character of the first line of
 * a run of lines each continuing the one before (the previous line ends in `(`, `,`, `=`, `[`,
 * `:`, `?`, `=>`, `&&`, `||`, `+` or is a decorator/unfinished call). Heuristic on purpose: no
 * TypeScript parser in the extension host for one insertion; it errs towards the template's own line.
 */
function statementStart(text: string, offset: number): number {
  let lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  while (lineStart > 0) {
    const prevStart = text.lastIndexOf('\n', lineStart - 2) + 1;
    const prev = text.slice(prevStart, lineStart - 1).trimEnd();
    if (!/(\(|,|=|\[|:|\?|=>|&&|\|\||\+)$/.test(prev) || prev.trimStart().startsWith('//')) {
      break;
    }
    lineStart = prevStart;
  }
  return lineStart + indentOf(text, lineStart).length;
}
