import * as vscode from 'vscode';
import { CODE_FILE_EXTENSIONS } from '../core/run/variablesFile';

/** Language ids of the code files that may hold GraphQL templates. */
export const CODE_LANGUAGES: readonly string[] = ['typescript', 'typescriptreact', 'javascript', 'javascriptreact', 'vue', 'svelte'];

/** The documents whose GraphQL templates get language features and Run (Vue and Svelte also by file name, for when no extension gives them a language). */
export const CODE_SELECTOR: readonly vscode.DocumentFilter[] = [...CODE_LANGUAGES.map((language) => ({ language })), { pattern: '**/*.{vue,svelte}' }];

const CODE_EXTENSION = new RegExp(`\\.(${CODE_FILE_EXTENSIONS.join('|')})$`, 'i');

/** Whether a document is a code file that may hold GraphQL templates. */
export function isCodeDocument(document: Pick<vscode.TextDocument, 'languageId' | 'uri'>): boolean {
  return CODE_LANGUAGES.includes(document.languageId) || (document.languageId !== 'graphql' && CODE_EXTENSION.test(document.uri.path));
}
