/**
 * The GraphQL text a code action works on: a GraphQL document, or the template of a code file at
 * the range asked about; the ranges and edits of that text mapped to the host document.
 */
import * as vscode from 'vscode';
import { toHostRange, toTemplatePosition } from '../core/embedded/templateSources';
import { ActionText, type TextEdit } from '../core/language/codeActionsShared';
import type { TextDocumentSnapshot } from '../core/language/types';
import type { Position, Range } from '../core/text/position';
import { fromRange } from '../platform/ranges';
import { toCorePosition, toRange } from './convert';
import type { LanguageHost } from './languageHost';

/** The GraphQL text a range is in: a GraphQL document, or the template of a code file (and where it starts in the host). */
export interface GraphqlText {
  readonly text: string;
  /** The text as a document of its own (the GraphQL document, or the template). */
  readonly snapshot: TextDocumentSnapshot;
  readonly base?: Position;
  /** The same object for one version of the text (the snapshot, or the template's source): what parsed work is kept under. */
  readonly key: object;
}

export function graphqlTextAt(host: LanguageHost, document: vscode.TextDocument, range: vscode.Range): GraphqlText | undefined {
  if (document.languageId === 'graphql') {
    const snap = host.snapshotOf(document);
    return snap && { text: snap.text, snapshot: snap, key: snap };
  }
  const at = host.templateAt(document, range.start);
  if (!at) {
    return undefined;
  }
  // The whole range must lie in the same template: edits never touch the code around it.
  const end = toTemplatePosition(at.source.basePosition, toCorePosition(range.end));
  const endOffset = end && document.offsetAt(range.end) - at.source.baseOffset;
  if (endOffset === undefined || endOffset > at.source.text.length) {
    return undefined;
  }
  return { text: at.snap.text, snapshot: at.snap, base: at.source.basePosition, key: at.source };
}

/** A host range as a range of the GraphQL text (undefined when it starts before a template). */
export function toLocal(at: GraphqlText, r: vscode.Range): Range | undefined {
  if (!at.base) {
    return fromRange(r);
  }
  const start = toTemplatePosition(at.base, toCorePosition(r.start));
  const end = toTemplatePosition(at.base, toCorePosition(r.end));
  return start && end ? { start, end } : undefined;
}

export function toHost(at: GraphqlText, r: Range): vscode.Range {
  return toRange(at.base ? toHostRange(at.base, r) : r);
}

export function workspaceEdit(uri: vscode.Uri, at: GraphqlText, edits: readonly TextEdit[]): vscode.WorkspaceEdit {
  const edit = new vscode.WorkspaceEdit();
  for (const e of edits) {
    edit.replace(uri, toHost(at, e.range), e.newText);
  }
  return edit;
}

/** The parsed text of each version asked about (VS Code asks again at every cursor move). */
export class ActionTexts {
  private readonly texts = new WeakMap<object, ActionText>();

  constructor(private readonly host: LanguageHost) {}

  of(at: GraphqlText): ActionText {
    let text = this.texts.get(at.key);
    if (!text) {
      // The language service's split and parses of this version (no second parse of the text).
      text = new ActionText(at.text, this.host.definitionParses(at.snapshot));
      this.texts.set(at.key, text);
    }
    return text;
  }
}
