import * as vscode from 'vscode';
import type { ReferenceSymbol } from '../core/language/referenceIndex';
import { sidecarKeyEdit, sidecarKeySpan, type SidecarKeyRename } from '../core/language/renameEdits';
import { ANONYMOUS_OPERATION_KEY, sidecarPathFor } from '../core/run/variablesFile';
import { LineIndex } from '../core/text/lineIndex';
import { toRange } from './convert';

/** The variables file next to a GraphQL document, with its current text (open editor first), if it exists. */
async function readSidecar(documentUri: string): Promise<{ uri: vscode.Uri; text: string } | undefined> {
  const path = sidecarPathFor(documentUri);
  if (!path) {
    return undefined;
  }
  const uri = vscode.Uri.parse(path);
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) {
    return { uri, text: open.getText() };
  }
  try {
    return { uri, text: new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)) };
  } catch {
    return undefined; // no variables file
  }
}

function rangeOf(text: string, span: { offset: number; length: number }): vscode.Range {
  const lines = new LineIndex(text);
  return toRange({ start: lines.positionAt(span.offset), end: lines.positionAt(span.offset + span.length) });
}

/** Adds the rename of the key in the document's variables file, when it has that key. */
export async function addSidecarEdit(edit: vscode.WorkspaceEdit, rename: SidecarKeyRename): Promise<void> {
  const sidecar = await readSidecar(rename.documentUri);
  const change = sidecar && sidecarKeyEdit(sidecar.text, rename.path, rename.newKey);
  if (sidecar && change) {
    edit.replace(sidecar.uri, rangeOf(sidecar.text, change), change.content);
  }
}

/**
 * Where the variables file next to `documentUri` names an operation (its entry) or a variable
 * of it (the key inside the operation's entry), for find references.
 */
export async function sidecarKeyLocation(documentUri: string, symbol: ReferenceSymbol): Promise<vscode.Location | undefined> {
  let path: string[];
  if (symbol.kind === 'operation') {
    path = [symbol.name];
  } else if (symbol.kind === 'variable' && !symbol.inFragment) {
    path = [symbol.owner || ANONYMOUS_OPERATION_KEY, symbol.name];
  } else {
    return undefined;
  }
  const sidecar = await readSidecar(documentUri);
  const span = sidecar && sidecarKeySpan(sidecar.text, path);
  return sidecar && span ? new vscode.Location(sidecar.uri, rangeOf(sidecar.text, span)) : undefined;
}
