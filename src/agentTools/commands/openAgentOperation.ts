import * as vscode from 'vscode';
import type { Command } from '../../platform/commands';
import type { AgentDocuments } from '../agentDocuments';

/**
 * Tenant GraphQL: Open the Agent's Operation: the last operation an agent validated or ran, in a
 * new untitled GraphQL editor (its variables as a comment above it), to read, change, save or run.
 * Resolves to the new document's URI, or undefined when no agent wrote one yet.
 */
export const openAgentOperation: Command<{ readonly documents: AgentDocuments }> = {
  id: 'tenantGraphql.openAgentOperation',
  run: async ({ documents }) => {
    const last = documents.last;
    if (!last) {
      void vscode.window.showInformationMessage(vscode.l10n.t('No agent has validated or run an operation in this window yet.'));
      return undefined;
    }
    const variables =
      last.variables && Object.keys(last.variables).length > 0
        ? `${JSON.stringify(last.variables, null, 2)
            .split('\n')
            .map((line) => `# ${line}`)
            .join('\n')}\n`
        : '';
    const heading = variables ? `# ${vscode.l10n.t('Variables the agent gave:')}\n${variables}\n` : '';
    const document = await vscode.workspace.openTextDocument({ language: 'graphql', content: `${heading}${last.text}` });
    await vscode.window.showTextDocument(document);
    return document.uri.toString();
  },
};
