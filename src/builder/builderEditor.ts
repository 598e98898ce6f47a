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
 * the declared variables, and after a new operation the cursor moves into it so the next ticks go
 * there.
 *
 * A variables file the tick creates is created by the same WorkspaceEdit: one Ctrl+Z in the
 * GraphQL editor takes back the text and the file, with no question. A variables file that exists
 * is changed apart, outside that undo step, so an undo of the GraphQL file never touches the values
 * the person wrote in it: a file created over it would be deleted by the undo, and a text edit of
 * two files undone from one editor is VS Code's multi-file undo (it asks "Would you like to undo …
 * across all files?" when both files have the edit on top of their undo stacks). Its placeholders
 * (a value already written is never replaced) stay after an undo, unused until the variable is
 * declared again.
 */
export async function applyToggle(target: BuilderTarget, schema: GraphQLSchema, path: BuilderPath, checked: boolean, fresh = false): Promise<BuilderChange> {
  const { editor, text } = target;
  const doc = editor.document;
  const version = doc.version;
  const written = fresh ? newOperation(text.text, schema, path) : toggleBuilderPath({ text: text.text, offset: text.offset, schema, path, checked });
  const tabSize = typeof editor.options.tabSize === 'number' ? editor.options.tabSize : undefined;
  const change = await formatBuilderChange(text.text, written, tabSize);
  const sidecar = change.variables.length > 0 ? await sidecarOf(doc.uri) : undefined;
  if (doc.version !== version) {
    // The offsets are the text's before the waits: they would land elsewhere now.
    throw new BuilderError(vscode.l10n.t('The file changed while the change was being written, so nothing was changed: tick the box again.'));
  }
  const created = sidecar !== undefined && sidecar.current === undefined && change.edits.length > 0;
  if (change.edits.length > 0) {
    const edit = new vscode.WorkspaceEdit();
    for (const e of fileEdits(text, change.edits)) {
      edit.replace(doc.uri, new vscode.Range(doc.positionAt(e.start), doc.positionAt(e.end)), e.text);
    }
    if (created) {
      const contents = sidecarWithPlaceholders(undefined, change.operationName, change.variables);
      if (contents !== undefined) {
        edit.createFile(sidecar.uri, { ignoreIfExists: true, contents: new TextEncoder().encode(contents) });
      }
    }
    if (!(await vscode.workspace.applyEdit(edit))) {
      throw new BuilderError(vscode.l10n.t('The editor refused the change (is the file read-only?).'));
    }
  }
  if (change.cursor !== undefined) {
    const at = doc.positionAt(text.base + change.cursor);
    editor.selection = new vscode.Selection(at, at);
  }
  if (sidecar !== undefined && !created) {
    await addToSidecar(sidecar, change);
  }
  return change;
}

/** The variables file beside a document: its address, the document when it is open, and its text (undefined when there is no such file). */
interface Sidecar {
  readonly uri: vscode.Uri;
  readonly open?: vscode.TextDocument;
  readonly current?: string;
}

async function sidecarOf(uri: vscode.Uri): Promise<Sidecar | undefined> {
  const path = sidecarPathFor(uri.path);
  if (!path || uri.scheme === 'untitled') {
    return undefined;
  }
  const sidecar = uri.with({ path });
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === sidecar.toString());
  if (open) {
    return { uri: sidecar, open, current: open.getText() };
  }
  try {
    return { uri: sidecar, current: new TextDecoder().decode(await vscode.workspace.fs.readFile(sidecar)) };
  } catch (err) {
    if (err instanceof vscode.FileSystemError && err.code === 'FileNotFound') {
      return { uri: sidecar };
    }
    throw err;
  }
}

async function addToSidecar({ uri: sidecar, open, current }: Sidecar, change: BuilderChange): Promise<void> {
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
