import * as vscode from 'vscode';
import { inert } from '../../core/text/inert';
import type { LanguageCommand } from './languageCommand';
import { SHOW_DEPRECATION_REASON_COMMAND } from '../codeActions';

/** Show deprecation reason (a quick fix runs it): the schema's reason for a deprecated field or enum value, in a message. */
export const showDeprecationReason: LanguageCommand = {
  id: SHOW_DEPRECATION_REASON_COMMAND,
  run: async (_services, name, reason): Promise<void> => {
    if (typeof name !== 'string' || typeof reason !== 'string') {
      return;
    }
    // The reason is the Service's text: inert.
    await vscode.window.showInformationMessage(inert(vscode.l10n.t('{0} is deprecated: {1}', name, reason), { sink: 'notification' }));
  },
};
