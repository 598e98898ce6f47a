/**
 * Extract fragment, as the "Extract fragment…" refactoring's command runs it: asks for the name
 * (and, in a code template, where the fragment goes), then edits the document.
 */
import * as vscode from 'vscode';
import { extractFragment } from '../core/language/codeActionsRefactor';
import { extractFragmentToConstant, fragmentConstantName } from '../core/language/codeActionsConstant';
import { isName } from '../core/language/codeActionsShared';
import { inert } from '../core/text/inert';
import { offsetRange } from '../platform/ranges';
import { graphqlTextAt, toLocal, workspaceEdit, type ActionTexts } from './codeActionText';
import type { LanguageHost } from './languageHost';

/** Where Extract fragment puts the fragment of a code template. */
export type ExtractPlace = 'template' | 'constant';

/**
 * Extract fragment at a range of a document: the name is `name` when given (tests, scripts),
 * else asked for; in a code template, `place` says where the fragment goes ('template': the end
 * of the same template; 'constant': a new `gql` constant before the statement), else it is asked
 * for. Returns true when the document was changed.
 */
export async function extractFragmentAt(host: LanguageHost, texts: ActionTexts, uri: vscode.Uri, range: vscode.Range, name?: string, place?: ExtractPlace): Promise<boolean> {
  const document = await vscode.workspace.openTextDocument(uri);
  const at = graphqlTextAt(host, document, range);
  const schema = at && host.serviceFor(document.uri)?.snapshot.schema;
  const local = at && toLocal(at, range);
  if (!at || !schema || !local) {
    return false;
  }
  const chosen =
    name ??
    (await vscode.window.showInputBox({
      title: vscode.l10n.t('Extract fragment'),
      prompt: vscode.l10n.t('Name of the new fragment'),
      validateInput: (value) => (isName(value) ? undefined : vscode.l10n.t('A fragment name is letters, digits and _, not starting with a digit.')),
    }));
  if (!chosen) {
    return false;
  }
  const template = at.base ? host.templateAt(document, range.start)?.source.template : undefined;
  const where = template ? (place ?? (await pickPlace(chosen))) : 'template';
  if (!where) {
    return false;
  }
  if (where === 'constant' && template) {
    const hostEdits = extractFragmentToConstant(document.getText(), template, schema, local, chosen);
    if (!hostEdits) {
      cannotExtract(chosen);
      return false;
    }
    const edit = new vscode.WorkspaceEdit();
    for (const e of hostEdits) {
      edit.replace(uri, offsetRange(document, e.start, e.end), e.newText);
    }
    return vscode.workspace.applyEdit(edit);
  }
  const edits = extractFragment(texts.of(at), schema, local, chosen);
  if (!edits) {
    cannotExtract(chosen);
    return false;
  }
  return vscode.workspace.applyEdit(workspaceEdit(uri, at, edits));
}

function cannotExtract(name: string): void {
  void vscode.window.showWarningMessage(
    vscode.l10n.t(
      'Cannot extract a fragment named {0} here: select whole fields of one selection set, and pick a name no fragment of the document (and no constant of the file) has.',
      inert(name, { sink: 'notification' }),
    ),
  );
}

async function pickPlace(name: string): Promise<ExtractPlace | undefined> {
  const items: (vscode.QuickPickItem & { place: ExtractPlace })[] = [
    { label: vscode.l10n.t('Into this template'), description: vscode.l10n.t('after its last definition'), place: 'template' },
    {
      label: vscode.l10n.t('Into a new `gql` constant'),
      description: `const ${fragmentConstantName(inert(name, { sink: 'quickPick' }))} = gql\`…\``,
      place: 'constant',
    },
  ];
  const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Extract fragment: where does it go?') });
  return picked?.place;
}
