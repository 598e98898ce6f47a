import * as vscode from 'vscode';
import { TOKEN_VARIABLE, toCurl, toFetch, toHttpFile, type SentRequest } from '../../core/run/exportRun';
import { inert } from '../../core/text/inert';
import type { RunCommand, RunCommandServices } from './runCommand';

/** Arguments the export commands accept (from a test or a keybinding); none asks the person. */
export interface ExportArgs {
  /** false: write `$TENANT_GRAPHQL_TOKEN` without asking. */
  readonly includeToken?: false;
  /** Save as .http: the file to write (otherwise a save dialog). */
  readonly target?: vscode.Uri;
}

/**
 * The token to write, or undefined for `$TENANT_GRAPHQL_TOKEN`; null when the person cancelled.
 * The real token only after a modal confirmation that says it is a secret.
 */
async function chooseToken(services: RunCommandServices, args: ExportArgs | undefined): Promise<string | undefined | null> {
  if (args?.includeToken === false) {
    return undefined;
  }
  const placeholder = vscode.l10n.t('Token as ${0} (recommended)', TOKEN_VARIABLE);
  const include = vscode.l10n.t('Include my access token…');
  const pick = await vscode.window.showQuickPick([placeholder, include], {
    title: vscode.l10n.t('Export the last run'),
    placeHolder: vscode.l10n.t('How to write the access token'),
  });
  if (!pick) {
    return null;
  }
  if (pick === placeholder) {
    return undefined;
  }
  const yes = vscode.l10n.t('Include the Token');
  const answer = await vscode.window.showWarningMessage(
    vscode.l10n.t('Your access token is a secret: anyone who reads the exported text can call the Service as you until the token expires. Include it anyway?'),
    { modal: true },
    yes,
  );
  return answer === yes ? services.accessToken() : null;
}

/** The last run and the token to write into its export; undefined when there is none or the person cancelled. */
async function lastRunAndToken(services: RunCommandServices, args: ExportArgs | undefined): Promise<{ sent: SentRequest; token: string | undefined } | undefined> {
  const sent = services.controller.lastSent;
  if (!sent) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Run an operation first: the export is of the last run that got an answer.'));
    return undefined;
  }
  const token = await chooseToken(services, args);
  return token === null ? undefined : { sent, token };
}

function copyAs(id: string, what: string, render: (sent: SentRequest, token?: string) => string): RunCommand {
  return {
    id,
    run: async (services, args?: ExportArgs) => {
      const chosen = await lastRunAndToken(services, args);
      if (!chosen) {
        return undefined;
      }
      const { sent, token } = chosen;
      await vscode.env.clipboard.writeText(render(sent, token));
      vscode.window.setStatusBarMessage(
        inert(vscode.l10n.t('$(check) {0} copied as {1}{2}', sent.operationName ?? 'the operation', what, token === undefined ? ` (token: $${TOKEN_VARIABLE})` : ''), {
          sink: 'statusBar',
        }),
        5000,
      );
      return true;
    },
  };
}

/** Tenant GraphQL: Copy Last Run as cURL. */
export const copyRunAsCurl = copyAs('tenantGraphql.copyRunAsCurl', 'cURL', toCurl);
/** Tenant GraphQL: Copy Last Run as fetch. */
export const copyRunAsFetch = copyAs('tenantGraphql.copyRunAsFetch', 'fetch', toFetch);

/** Tenant GraphQL: Save Last Run as .http (REST Client / JetBrains HTTP client). Resolves to the file written. */
export const saveRunAsHttp: RunCommand = {
  id: 'tenantGraphql.saveRunAsHttp',
  run: async (services, args?: ExportArgs) => {
    const chosen = await lastRunAndToken(services, args);
    if (!chosen) {
      return undefined;
    }
    const { sent, token } = chosen;
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const name = `${(sent.operationName ?? 'operation').replace(/[^\w-]/g, '_')}.http`;
    const target =
      (args?.target instanceof vscode.Uri ? args.target : undefined) ??
      (await vscode.window.showSaveDialog({ defaultUri: folder ? vscode.Uri.joinPath(folder, name) : undefined, filters: { [vscode.l10n.t('HTTP request')]: ['http', 'rest'] } }));
    if (!target) {
      return undefined;
    }
    await vscode.workspace.fs.writeFile(target, Buffer.from(toHttpFile(sent, token), 'utf8'));
    await vscode.window.showTextDocument(target, { preview: false });
    return target;
  },
};
