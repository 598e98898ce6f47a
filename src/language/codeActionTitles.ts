/** The titles and kinds of the code actions, as VS Code shows them (the core names them by id). */
import * as vscode from 'vscode';
import type { CodeActionTitleId, CoreCodeActionKind } from '../core/language/codeActionsShared';
import { inert } from '../core/text/inert';

export const KINDS: Record<CoreCodeActionKind, vscode.CodeActionKind> = {
  quickfix: vscode.CodeActionKind.QuickFix,
  'refactor.extract': vscode.CodeActionKind.RefactorExtract,
  'refactor.inline': vscode.CodeActionKind.RefactorInline,
  'refactor.rewrite': vscode.CodeActionKind.RefactorRewrite,
};

/** Each action's title, localised. */
export function titleOf(id: CodeActionTitleId, args: readonly string[]): string {
  const [a = '', b = ''] = args.map((s) => inert(s, { sink: 'quickPick' }));
  switch (id) {
    case 'didYouMean':
      return vscode.l10n.t('Change `{0}` to `{1}`', a, b);
    case 'declareVariable':
      return vscode.l10n.t('Declare `{0}`', a);
    case 'removeUnusedVariable':
      return vscode.l10n.t('Remove unused `{0}`', a);
    case 'useReplacement':
      return vscode.l10n.t('Replace deprecated `{0}` with `{1}`', a, b);
    case 'showDeprecationReason':
      return vscode.l10n.t('Show why `{0}` is deprecated', a);
    case 'removeUnusedFragment':
      return vscode.l10n.t('Remove unused fragment `{0}`', a);
    case 'addRequiredArgument':
      return vscode.l10n.t('Add required argument `{0}:`', a);
    case 'addSelection':
      return vscode.l10n.t('Add selection `{0}`', a);
    case 'addTypename':
      return vscode.l10n.t('Add `__typename` (selection on {0})', a);
    case 'nameOperation':
      return vscode.l10n.t('Name the operation `{0}`', a);
    case 'extractFragment':
      return vscode.l10n.t('Extract fragment…');
    case 'inlineFragment':
      return vscode.l10n.t('Inline fragment `{0}`', a);
    case 'inlineAllSpreads':
      return vscode.l10n.t('Inline all spreads of `{0}`', a);
    case 'addToSidecar':
      return vscode.l10n.t('Add `{0}` to {1}', a, b);
    case 'extractVariable':
      return vscode.l10n.t('Extract variable `{0}` (value to {1})', a, b);
  }
}
