import * as vscode from 'vscode';
import type { LanguageCommand } from './languageCommand';
import { EXTRACT_FRAGMENT_COMMAND } from '../codeActions';

/**
 * Extract fragment (the "Extract fragment…" refactoring runs it): the whole fields selected in a
 * GraphQL document or template become a fragment on their parent type, a spread takes their place.
 * Arguments: the document's URI and the range, and optionally the name (else asked for) and, in a
 * code template, where the fragment goes: 'template' or 'constant' (a new `gql` constant; else asked for).
 * Resolves to true when the document was changed.
 */
export const extractFragment: LanguageCommand = {
  id: EXTRACT_FRAGMENT_COMMAND,
  run: async ({ codeActions }, uri, range, name, place): Promise<boolean> => {
    const editor = vscode.window.activeTextEditor;
    const target = uri instanceof vscode.Uri ? uri : editor?.document.uri;
    const selection = range instanceof vscode.Range ? range : editor?.selection;
    if (!target || !selection) {
      return false;
    }
    return codeActions.extractFragment(target, selection, typeof name === 'string' ? name : undefined, place === 'template' || place === 'constant' ? place : undefined);
  },
};
