/**
 * The formatting code of the language feature (Format Document and Selection, Format GraphQL
 * Templates, the templates' format on save): in the on-demand bundle (src/onDemand.ts), loaded on
 * the first format rather than at activation (less to load at activation). Prettier itself is a bundle of its own,
 * loaded on the first format too (src/core/format/formatGraphql.ts).
 */
import * as vscode from 'vscode';
import { findTemplates } from '../core/embedded/templates';
import { formatTemplates as formatCodeTemplates, type TemplateFormatResult } from '../core/format/formatTemplates';
import { offsetRange } from '../platform/ranges';

export { formatDocument, formatRange } from '../core/format/formatGraphql';

/**
 * The edits that format a code document's GraphQL templates: those the selection touches when
 * there is one, else all of them. The code around them is left to the host language's formatter.
 */
export async function templateFormatEdits(
  document: vscode.TextDocument,
  options: vscode.FormattingOptions,
  /** The tag names that mark GraphQL templates (`tenantGraphql.embedded.tags`). */
  tags: readonly string[],
  selection?: vscode.Range,
): Promise<{ edits: vscode.TextEdit[]; result: TemplateFormatResult; found: number }> {
  const text = document.getText();
  const all = findTemplates(text, { tags });
  const from = selection && !selection.isEmpty ? document.offsetAt(selection.start) : undefined;
  const to = selection && !selection.isEmpty ? document.offsetAt(selection.end) : undefined;
  const chosen = from === undefined || to === undefined ? all : all.filter((t) => t.end >= from && t.start <= to);
  const result = await formatCodeTemplates(text, chosen, { tabSize: options.tabSize, insertSpaces: options.insertSpaces });
  const edits = result.edits.map((e) => vscode.TextEdit.replace(offsetRange(document, e.start, e.end), e.text));
  return { edits, result, found: chosen.length };
}
