import * as vscode from 'vscode';
import type { WorkspaceValidationSummary } from '../../core/language/workspaceValidation';
import { inert } from '../../core/text/inert';
import type { LanguageCommand } from './languageCommand';

/**
 * Tenant GraphQL: Validate Workspace. Validates every GraphQL file of the workspace and every
 * GraphQL template of its code files (open or not) against its schema, with a cancellable progress notification; problems of closed files go
 * to Problems. Resolves to the run's summary, or `{ cancelled: true }`.
 */
export const validateWorkspace: LanguageCommand = {
  id: 'tenantGraphql.validateWorkspace',
  run: async ({ workspaceDiagnostics }): Promise<WorkspaceValidationSummary | { cancelled: true }> => {
    const summary = await workspaceDiagnostics.validateAll(vscode.ProgressLocation.Notification);
    if (!summary) {
      return { cancelled: true };
    }
    const problems = vscode.l10n.t('Show Problems');
    const text =
      summary.validated === 0
        ? vscode.l10n.t('No GraphQL file of the workspace could be validated: sign in or refresh the schema first.')
        : summary.codeFiles === 0
          ? vscode.l10n.t(
              'Validated {0} GraphQL file(s): {1} with errors ({2} error(s), {3} warning(s)).',
              summary.validated,
              summary.documentsWithErrors,
              summary.errors,
              summary.warnings,
            )
          : vscode.l10n.t(
              'Validated {0} file(s) with GraphQL ({1} of them code files with {2} template(s)): {3} with errors ({4} error(s), {5} warning(s)).',
              summary.validated,
              summary.codeFiles,
              summary.templates,
              summary.documentsWithErrors,
              summary.errors,
              summary.warnings,
            );
    void vscode.window
      .showInformationMessage(inert(text, { sink: 'notification' }), ...(summary.errors + summary.warnings > 0 ? [problems] : []))
      .then((choice) => (choice === problems ? vscode.commands.executeCommand('workbench.actions.view.problems') : undefined));
    return summary;
  },
};
