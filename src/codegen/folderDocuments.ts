import * as vscode from 'vscode';
import { parseTemplateSourceId } from '../core/embedded/templateSources';
import type { SourceDocument } from '../core/codegen/generateTypes';
import { GRAPHQL_FILE } from './typesProblems';

/**
 * A folder's documents as the types worker takes them, from the workspace's document texts (the
 * fragment index's): its `.graphql` files, the templates of its code files, or both.
 */
export function folderDocuments(
  texts: Iterable<{ readonly uri: string; readonly text: string }>,
  folder: vscode.WorkspaceFolder,
  kind: 'graphql' | 'templates' | 'all',
): SourceDocument[] {
  const root = folder.uri.toString();
  const out: (SourceDocument & { ordinal: number })[] = [];
  for (const { uri, text } of texts) {
    const template = parseTemplateSourceId(uri);
    if ((template ? kind === 'graphql' : kind === 'templates') || !(template?.hostUri ?? uri).startsWith(`${root}/`)) {
      continue;
    }
    const file = vscode.Uri.parse(template?.hostUri ?? uri);
    if (template || GRAPHQL_FILE.test(file.path)) {
      out.push({ id: uri, location: file.fsPath, text, ordinal: template?.ordinal ?? 0 });
    }
  }
  // A file's templates in file order (the codegen CLI's order; files are ordered by the worker).
  return out.sort((a, b) => (a.location < b.location ? -1 : a.location > b.location ? 1 : a.ordinal - b.ordinal)).map(({ id, location, text }) => ({ id, location, text }));
}
