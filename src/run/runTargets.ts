import * as vscode from 'vscode';
import { chooseEmbeddedOperation, hostRange, wholeDocument, type EmbeddedChoice, type EmbeddedDocument, type EmbeddedOperation } from '../core/run/embeddedRun';
import { chooseOperation, type OperationInfo } from '../core/run/operations';
import { LineIndex } from '../core/text/lineIndex';
import type { Range } from '../core/text/position';
import type { HostTemplates } from './hostTemplates';
import { isCodeDocument } from '../platform/codeFiles';
import { basename, type RunArgs } from './runDocuments';

/** The operation a run sends, and the document (a .graphql file, or a template in a code file) it is in. */
export interface RunTarget {
  readonly document: vscode.TextDocument;
  /** Line index of the whole file. */
  readonly host: LineIndex;
  /** The GraphQL document sent (for a .graphql file: the whole file as one template). */
  readonly doc: EmbeddedDocument;
  /** The operation, in the GraphQL document's own positions. */
  readonly op: OperationInfo;
  /** The operation's name (or keyword) in the file's positions: where errors without a location go. */
  readonly nameRange: Range;
  /** True for a template in a code file. */
  readonly embedded: boolean;
}

/** Chosen, not runnable (message for the user), or undefined when the user cancelled the pick. */
export type TargetChoice = { target: RunTarget } | { failure: string } | undefined;

/** Picks the operation to run in a document: by name, at a position, at the cursor, or by asking. */
export async function chooseRunTarget(document: vscode.TextDocument, args: RunArgs, templates: HostTemplates): Promise<TargetChoice> {
  const embedded = isCodeDocument(document);
  const host = new LineIndex(document.getText());
  let position = args.position;
  if (args.operationName === undefined && !position) {
    const editor = vscode.window.activeTextEditor;
    if (editor && editor.document.uri.toString() === document.uri.toString()) {
      position = editor.selection.active;
    }
  }
  const choice = embedded ? embeddedChoice(templates, document, host, args.operationName, position) : fileChoice(document, host, args.operationName, position);
  if (choice.kind === 'error') {
    return { failure: choice.message };
  }
  let chosen: EmbeddedOperation;
  if (choice.kind === 'pick') {
    const picked = await vscode.window.showQuickPick(
      choice.candidates.map((c) => ({
        label: c.op.name ?? c.op.type,
        description: c.op.type,
        detail: vscode.l10n.t('line {0}', hostRange(host, c.doc, c.op.range).start.line + 1),
        c,
      })),
      { title: vscode.l10n.t('Which operation of {0} should run?', basename(document.uri)), placeHolder: vscode.l10n.t('The cursor is in no operation: pick one') },
    );
    if (!picked) {
      return undefined;
    }
    chosen = picked.c;
  } else {
    chosen = choice.target;
  }
  return { target: { document, host, doc: chosen.doc, op: chosen.op, nameRange: hostRange(host, chosen.doc, chosen.op.nameRange), embedded } };
}

function embeddedChoice(
  templates: HostTemplates,
  document: vscode.TextDocument,
  host: LineIndex,
  operationName: string | undefined,
  position: vscode.Position | undefined,
): EmbeddedChoice {
  const offset = position ? host.offsetAt({ line: position.line, character: position.character }) : undefined;
  return chooseEmbeddedOperation(templates.operationDocumentsOf(document), { operationName, offset }, basename(document.uri));
}

/** A .graphql file: the whole file is the document (as before code files could run). */
function fileChoice(document: vscode.TextDocument, host: LineIndex, operationName: string | undefined, position: vscode.Position | undefined): EmbeddedChoice {
  const doc = wholeDocument(host.text);
  if (operationName !== undefined) {
    const named = doc.parsed.operations.find((o) => o.name === operationName);
    if (!named) {
      return {
        kind: 'error',
        message: vscode.l10n.t('{0} holds no operation named "{1}" any more. Open it and run the operation you want.', basename(document.uri), operationName),
      };
    }
    position = new vscode.Position(named.range.start.line, named.range.start.character);
  }
  const choice = chooseOperation(doc.parsed, position);
  return choice.kind === 'single'
    ? { kind: 'single', target: { doc, op: choice.op } }
    : choice.kind === 'pick'
      ? { kind: 'pick', candidates: choice.candidates.map((op) => ({ doc, op })) }
      : choice;
}
