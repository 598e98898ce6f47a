import * as vscode from 'vscode';
import type { GraphQLSchema } from 'graphql';
import { builderTextOf, fileEdits, type BuilderText } from '../core/builder/builderTemplates';
import { builderState, type BuilderState } from '../core/builder/builderState';
import { BuilderError, newOperation, toggleBuilderPath, type BuilderChange } from '../core/builder/builderEdits';
import { sidecarWithPlaceholders } from '../core/builder/builderSidecar';
import { formatBuilderChange } from '../core/builder/builderFormat';
import { sidecarPathFor } from '../core/run/variablesFile';
import type { BuilderPath } from '../core/builder/builderPath';

/** The editor the builder works in, and its GraphQL text at the cursor. */
export interface BuilderTarget {
  readonly editor: vscode.TextEditor;
  readonly text: BuilderText;
}

/** The builder's text in an editor: a GraphQL document, or the template under the cursor in a code file. */
export function targetOf(editor: vscode.TextEditor | undefined, tags: readonly string[]): BuilderTarget | undefined {
  if (!editor || editor.document.uri.scheme === 'output') {
    return undefined;
  }
  const doc = editor.document;
  const text = builderTextOf(doc.getText(), doc.offsetAt(editor.selection.active), doc.languageId === 'graphql', tags);
  return text && { editor, text };
}

/** The state of the builder's text (what is ticked). */
export function stateOf(target: BuilderTarget | undefined): BuilderState | undefined {
  return target && builderState(target.text.text, target.text.offset);
}

/**
 * Ticks or unticks a path: the GraphQL text changes by one WorkspaceEdit (one undo step in its
 * editor), the heads it touches laid out as the formatter lays them out; the variables file gains
 * the declared variables outside the editor's undo, and after a new operation the cursor moves
 * into it so the next ticks go there.
 *
 * The variables file is not in the same WorkspaceEdit on purpose: VS Code undoes an edit of two
 * files from one editor only after a dialog ("Would you like to undo … across all files?"), at every
 * Ctrl+Z. Kept apart, one Ctrl+Z in the GraphQL editor takes the tick back without a question, and
 * the placeholder (or the value the person wrote since) stays in the variables file, unused until
 * the variable is declared again.
 */
export async function applyToggle(target: BuilderTarget, schema: GraphQLSchema, path: BuilderPath, checked: boolean, fresh = false): Promise<BuilderChange> {
  const { editor, text } = target;
  const version = editor.document.version;
  const written = fresh ? newOperation(text.text, schema, path) : toggleBuilderPath({ text: text.text, offset: text.offset, schema, path, checked });
  const tabSize = typeof editor.options.tabSize === 'number' ? editor.options.tabSize : undefined;
  const change = await formatBuilderChange(text.text, written, tabSize);
  const doc = editor.document;
  if (doc.version !== version) {
    // The offsets are the text's before the wait: they would land elsewhere now.
    throw new BuilderError(vscode.l10n.t('The file changed while the change was being written, so nothing was changed: tick the box again.'));
  }
  if (change.edits.length > 0) {
    const edit = new vscode.WorkspaceEdit();
    for (const e of fileEdits(text, change.edits)) {
      edit.replace(doc.uri, new vscode.Range(doc.positionAt(e.start), doc.positionAt(e.end)), e.text);
    }
    if (!(await vscode.workspace.applyEdit(edit))) {
      throw new BuilderError(vscode.l10n.t('The editor refused the change (is the file read-only?).'));
    }
  }
  if (change.cursor !== undefined) {
    const at = doc.positionAt(text.base + change.cursor);
    editor.selection = new vscode.Selection(at, at);
  }
  if (change.variables.length > 0) {
    await addToSidecar(doc.uri, change);
  }
  return change;
}

async function addToSidecar(uri: vscode.Uri, change: BuilderChange): Promise<void> {
  const path = sidecarPathFor(uri.path);
  if (!path || uri.scheme === 'untitled') {
    return;
  }
  const sidecar = uri.with({ path });
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === sidecar.toString());
  let current: string | undefined = open?.getText();
  if (!open) {
    try {
      current = new TextDecoder().decode(await vscode.workspace.fs.readFile(sidecar));
    } catch (err) {
      if (!(err instanceof vscode.FileSystemError && err.code === 'FileNotFound')) {
        throw err;
      }
    }
  }
  const next = sidecarWithPlaceholders(current, change.operationName, change.variables);
  if (next === undefined) {
    return;
  }
  if (open) {
    const wasDirty = open.isDirty;
    const edit = new vscode.WorkspaceEdit();
    edit.replace(sidecar, new vscode.Range(open.positionAt(0), open.positionAt(open.getText().length)), next);
    await vscode.workspace.applyEdit(edit);
    if (!wasDirty) {
      await open.save();
    }
    return;
  }
  await vscode.workspace.fs.writeFile(sidecar, new TextEncoder().encode(next));
}
