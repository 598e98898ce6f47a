import * as vscode from 'vscode';
import { DEFAULT_TAGS, isTagList } from '../core/embedded/templates';
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

/** The tag names of `tenantGraphql.embedded.tags` (the scanner's defaults when unset or invalid). */
export function configuredTags(): readonly string[] {
  // Read here rather than through the configuration snapshot: the scanners of both features ask
  // per scan, and an invalid value is reported with the other settings problems (config/).
  const tags = vscode.workspace.getConfiguration('tenantGraphql').get<unknown>('embedded.tags');
  return isTagList(tags) ? tags : DEFAULT_TAGS;
}
