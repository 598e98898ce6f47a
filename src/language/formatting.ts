import * as vscode from 'vscode';
import { errorMessage } from '../core/errors';
import type { Logger } from '../core/logger';
import type { CodeFileSettings } from '../services/config';
import type { FormatEdit } from '../core/format/formatGraphql';
import { isCodeDocument } from '../platform/codeFiles';
import { offsetRange } from '../platform/ranges';

/** The formatting code (./formatCode.ts), from the on-demand bundle: loaded on the first format. */
export type FormatCode = typeof import('./formatCode');

const GRAPHQL_SELECTOR: vscode.DocumentSelector = { language: 'graphql' };

/**
 * Format Document and Format Selection for GraphQL documents (prettier's GraphQL printer; comments
 * kept; a document that does not parse is left alone). Format on save works through VS Code's
 * `editor.formatOnSave`. The GraphQL templates of code files are formatted by Format GraphQL
 * Templates, and on save with `tenantGraphql.embedded.formatOnSave` (the code file's own
 * formatter stays the host language's: no second document formatter for TypeScript).
 * The providers are registered now; their code (`formatCode`) is loaded on the first format.
 */
export function registerFormatting(logger: Logger, codeFiles: Pick<CodeFileSettings, 'templateTags' | 'formatTemplatesOnSave'>, formatCode: () => FormatCode): vscode.Disposable {
  const toEdits = (document: vscode.TextDocument, edits: readonly FormatEdit[]) => edits.map((e) => vscode.TextEdit.replace(offsetRange(document, e.start, e.end), e.text));
  const guarded = async (what: string, body: () => Promise<vscode.TextEdit[]>): Promise<vscode.TextEdit[]> => {
    try {
      return await body();
    } catch (err) {
      logger.error(`[language] ${what} failed: ${errorMessage(err)}`);
      return [];
    }
  };
  return vscode.Disposable.from(
    vscode.workspace.onWillSaveTextDocument((e) => {
      // As VS Code's editor.formatOnSave: not on a save after a delay (files.autoSave), which would move the text as the person types.
      if (e.reason === vscode.TextDocumentSaveReason.AfterDelay || !isCodeDocument(e.document) || !codeFiles.formatTemplatesOnSave(e.document)) {
        return;
      }
      const editor = vscode.window.visibleTextEditors.find((ed) => ed.document === e.document);
      const editorConfig = vscode.workspace.getConfiguration('editor', e.document);
      const options = {
        tabSize: Number(editor?.options.tabSize ?? editorConfig.get<number>('tabSize')) || 2,
        insertSpaces: (editor?.options.insertSpaces ?? editorConfig.get<boolean>('insertSpaces')) !== false,
      };
      e.waitUntil(guarded('formatting templates on save', async () => (await formatCode().templateFormatEdits(e.document, options, codeFiles.templateTags())).edits));
    }),
    vscode.languages.registerDocumentFormattingEditProvider(GRAPHQL_SELECTOR, {
      provideDocumentFormattingEdits: (document, options) => guarded('formatting', async () => toEdits(document, await formatCode().formatDocument(document.getText(), options))),
    }),
    vscode.languages.registerDocumentRangeFormattingEditProvider(GRAPHQL_SELECTOR, {
      provideDocumentRangeFormattingEdits: (document, range, options) =>
        guarded('range formatting', async () =>
          toEdits(document, await formatCode().formatRange(document.getText(), document.offsetAt(range.start), document.offsetAt(range.end), options)),
        ),
    }),
  );
}
