import * as vscode from 'vscode';
import { isCodeDocument } from '../../platform/codeFiles';
import type { LanguageCommand } from './languageCommand';

/** Arguments for tests and keybindings: the document (else the active editor's). */
interface FormatTemplatesArgs {
  readonly uri?: vscode.Uri;
}

/**
 * Tenant GraphQL: Format GraphQL Templates. Formats the GraphQL templates of the active code file
 * (the ones the selection touches, or all) with the printer of `.graphql` files; a template that
 * does not parse, or has a `${}` inside a definition, is left as it is, and the message says so.
 * Resolves to how many were formatted and left alone.
 */
export const formatTemplates: LanguageCommand = {
  id: 'tenantGraphql.formatTemplates',
  run: async ({ codeFiles, formatCode }, arg?: unknown): Promise<{ formatted: number; skipped: number } | undefined> => {
    const args = (typeof arg === 'object' && arg !== null ? arg : {}) as FormatTemplatesArgs;
    const editor = args.uri instanceof vscode.Uri ? await vscode.window.showTextDocument(args.uri) : vscode.window.activeTextEditor;
    if (!editor || !isCodeDocument(editor.document)) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Open a TypeScript, JavaScript, Vue or Svelte file with GraphQL templates to format them.'));
      return undefined;
    }
    const { document } = editor;
    const version = document.version;
    const { edits, result, found } = await formatCode().templateFormatEdits(
      document,
      { tabSize: Number(editor.options.tabSize) || 2, insertSpaces: editor.options.insertSpaces !== false },
      codeFiles.templateTags(),
      editor.selection,
    );
    if (found === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('No GraphQL template here (gql`…`, graphql`…`, /* GraphQL */ `…` or `#graphql …`).'));
      return { formatted: 0, skipped: 0 };
    }
    if (edits.length > 0) {
      if (document.version !== version) {
        // Typed into meanwhile: the edits are of an older text.
        return undefined;
      }
      const workspaceEdit = new vscode.WorkspaceEdit();
      workspaceEdit.set(document.uri, edits);
      await vscode.workspace.applyEdit(workspaceEdit);
    }
    if (result.skipped.length > 0) {
      const first = result.skipped[0];
      const line = document.positionAt(first.template.start).line + 1;
      const why =
        first.reason === 'syntax'
          ? vscode.l10n.t('its GraphQL does not parse, or a ${} lies inside a definition')
          : first.reason === 'unclosed'
            ? vscode.l10n.t('it has no closing backtick')
            : vscode.l10n.t('it holds no GraphQL');
      void vscode.window.showWarningMessage(vscode.l10n.t('{0} GraphQL template(s) left as they are; the first, on line {1}: {2}.', result.skipped.length, line, why));
    } else {
      vscode.window.setStatusBarMessage(vscode.l10n.t('$(check) {0} GraphQL template(s) formatted', result.formatted), 5000);
    }
    return { formatted: result.formatted, skipped: result.skipped.length };
  },
};
