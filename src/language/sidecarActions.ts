/**
 * The code actions between an operation's variables and its sidecar file (`x.variables.json`):
 * "Add `x` to the sidecar" on a variable definition, "Extract variable" on a literal argument
 * (its value goes to the sidecar). The sidecar is read when the action is asked for or picked.
 */
import * as vscode from 'vscode';
import type { GraphQLSchema } from 'graphql';
import type { ActionText } from '../core/language/codeActionsShared';
import { addToSidecar, extractVariable, sidecarHas, sidecarPlaceholder, type VariableAt } from '../core/language/codeActionsVariables';
import { sidecarPathFor } from '../core/run/variablesFile';
import type { Range } from '../core/text/position';
import { LineIndex } from '../core/text/lineIndex';
import { titleOf } from './codeActionTitles';
import { workspaceEdit, type GraphqlText } from './codeActionText';
import { toRange } from './convert';
import { readText } from '../platform/readText';

/** An action whose edit is made when it is picked (it reads the sidecar file then, not while the light bulb asks). */
export class LazyAction extends vscode.CodeAction {
  constructor(
    title: string,
    kind: vscode.CodeActionKind,
    readonly makeEdit: () => Promise<vscode.WorkspaceEdit | undefined>,
  ) {
    super(title, kind);
  }
}

/** The sidecar of a document (`x.graphql`, `x.ts` -> `x.variables.json`), for files on disk. */
export function sidecarUriOf(uri: vscode.Uri): vscode.Uri | undefined {
  const path = uri.scheme === 'untitled' ? undefined : sidecarPathFor(uri.path);
  return path ? uri.with({ path }) : undefined;
}

/** Adds the sidecar's new text to an edit: the whole file replaced (jsonc-parser kept its formatting), or created. */
function withSidecar(edit: vscode.WorkspaceEdit, uri: vscode.Uri, before: string | undefined, after: string): vscode.WorkspaceEdit {
  if (before === undefined) {
    edit.createFile(uri, { ignoreIfExists: true });
    edit.insert(uri, new vscode.Position(0, 0), after);
  } else {
    // The whole of `before` (the editor's text when open, else the file's): no document is opened to ask.
    edit.replace(uri, toRange(new LineIndex(before).rangeOf(0, before.length)), after);
  }
  return edit;
}

function basename(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1);
}

/** "Add `x` to tasks.variables.json" with a typed placeholder, when the sidecar's entry of the operation lacks the variable. */
export async function addToSidecarAction(sidecar: vscode.Uri, variable: VariableAt): Promise<vscode.CodeAction | undefined> {
  const before = await readText(sidecar);
  if (sidecarHas(before, variable.operationKey, variable.name)) {
    return undefined;
  }
  const action = new vscode.CodeAction(titleOf('addToSidecar', [variable.name, basename(sidecar)]), vscode.CodeActionKind.RefactorRewrite);
  action.edit = withSidecar(new vscode.WorkspaceEdit(), sidecar, before, addToSidecar(before, variable.operationKey, variable.name, sidecarPlaceholder(variable.type)));
  return action;
}

/** Extract a literal argument into a variable, its value to the sidecar (the edit made when picked: it reads the sidecar). */
export function extractVariableActions(document: vscode.TextDocument, at: GraphqlText, text: ActionText, schema: GraphQLSchema, local: Range): vscode.CodeAction[] {
  const sidecar = sidecarUriOf(document.uri);
  if (!sidecar) {
    return [];
  }
  const out: vscode.CodeAction[] = [];
  const extracted = extractVariable(text, schema, local);
  if (extracted) {
    const title = titleOf('extractVariable', [`$${extracted.name}`, basename(sidecar)]);
    out.push(
      new LazyAction(title, vscode.CodeActionKind.RefactorExtract, async () => {
        const before = await readText(sidecar);
        return withSidecar(workspaceEdit(document.uri, at, extracted.edits), sidecar, before, addToSidecar(before, extracted.operationKey, extracted.name, extracted.value));
      }),
    );
  }
  return out;
}
