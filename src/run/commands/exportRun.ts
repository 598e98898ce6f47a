import * as vscode from 'vscode';
import { TOKEN_VARIABLE, toCurl, toFetch, toHttpFile, type SentRequest } from '../../core/run/exportRun';
import { inert } from '../../core/text/inert';
import { saveTextAs } from '../../platform/saveTextAs';
import type { RunCommand, RunCommandServices } from './runCommand';

/** Arguments the export commands accept (from the CodeLens, a test or a keybinding); none asks the person. */
export interface ExportArgs {
  /** false: write `$TENANT_GRAPHQL_TOKEN` without asking. */
  readonly includeToken?: false;
  /** Save as .http: the file to write (otherwise a save dialog). */
  readonly target?: vscode.Uri;
  /**
   * An operation to export instead of the last run (as Run Operation takes it: the document, and
   * the operation's name or a position in it; `variables` skips the sidecar and the prompts).
   */
  readonly uri?: vscode.Uri;
  readonly operationName?: string;
  readonly position?: { readonly line: number; readonly character: number };
  readonly variables?: Record<string, unknown>;
}

/** Export Operation's formats (its `format` argument skips the pick). */
export type ExportFormat = 'curl' | 'fetch' | 'http';

function isExportArgs(arg: unknown): arg is ExportArgs {
  return typeof arg === 'object' && arg !== null && !Array.isArray(arg);
}

/**
 * The token to write, or undefined for `$TENANT_GRAPHQL_TOKEN`; null when the person cancelled.
 * The real token only after a modal confirmation that says it is a secret.
 */
async function chooseToken(services: RunCommandServices, args: ExportArgs | undefined, sent: SentRequest): Promise<string | undefined | null> {
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
  const endpoint = new URL(sent.endpoint).host;
  const answer = await vscode.window.showWarningMessage(
    inert(
      vscode.l10n.t(
        'Your access token for "{0}" ({1}) is a secret: anyone who reads the exported text can call that server as you until the token expires. Include it anyway?',
        sent.environment,
        endpoint,
      ),
      { sink: 'notification' },
    ),
    { modal: true },
    yes,
  );
  // The token of the server the export names: the request's own environment's, never the active one's.
  return answer === yes ? services.accessToken(sent.target) : null;
}

/**
 * The request to export (the operation the arguments name, else the last run) and the token to
 * write into it; undefined when there is none or the person cancelled.
 */
async function requestAndToken(services: RunCommandServices, arg: unknown): Promise<{ sent: SentRequest; token: string | undefined } | undefined> {
  const args = isExportArgs(arg) ? arg : undefined;
  let sent: SentRequest | undefined;
  if (args?.uri instanceof vscode.Uri) {
    const prepared = await services.controller.request(args);
    // A failure was told already (invalid document or variables).
    sent = prepared && !('failure' in prepared) ? prepared : undefined;
    if (!sent) {
      return undefined;
    }
  } else {
    sent = services.controller.lastSent;
    if (!sent) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Run an operation first, or use Export… above an operation: the export is of the last run that got an answer.'));
      return undefined;
    }
  }
  // An export writes a workspace environment's name, server and headers into something the person
  // runs: only once they allowed that environment, with the question the sign-in asks.
  if (sent.target?.origin === 'workspace' && !(await services.ensureAllowed(sent.target, vscode.l10n.t('Exporting operations')))) {
    return undefined;
  }
  const token = await chooseToken(services, args, sent);
  return token === null ? undefined : { sent, token };
}

function copyAs(id: string, what: string, render: (sent: SentRequest, token?: string) => string): RunCommand {
  return {
    id,
    run: async (services, args?: unknown) => {
      const chosen = await requestAndToken(services, args);
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
  run: async (services, arg?: unknown) => {
    const chosen = await requestAndToken(services, arg);
    if (!chosen) {
      return undefined;
    }
    const args = isExportArgs(arg) ? arg : undefined;
    const { sent, token } = chosen;
    const name = `${(sent.operationName ?? 'operation').replace(/[^\w-]/g, '_')}.http`;
    const target = await saveTextAs(
      toHttpFile(sent, token),
      name,
      {
        filter: { name: vscode.l10n.t('HTTP request'), extensions: ['http', 'rest'] },
        saveLabel: vscode.l10n.t('Save Request'),
        title: vscode.l10n.t('Save the request as .http'),
        what: 'the request',
        tag: 'run',
        failed: (where, error) => vscode.l10n.t('Could not save the request to {0}: {1}. Choose another place, or check that the folder is writable.', where, error),
        saved: (where) => vscode.l10n.t('Saved the request to {0}.', where),
      },
      services.logger,
      args?.target instanceof vscode.Uri ? args.target : undefined,
    );
    if (!target) {
      return undefined;
    }
    await vscode.window.showTextDocument(target, { preview: false });
    return target;
  },
};

/**
 * Tenant GraphQL: Export Operation… (the "Export…" CodeLens over each operation, and the palette
 * for the operation at the cursor): Copy as cURL, Copy as fetch or Save as .http, of what running
 * it would send, without running it. Resolves to what the chosen export resolves to.
 */
export const exportOperation: RunCommand = {
  id: 'tenantGraphql.exportOperation',
  run: async (services, arg?: unknown) => {
    const args: ExportArgs & { format?: ExportFormat } = isExportArgs(arg) ? arg : {};
    const editor = vscode.window.activeTextEditor;
    const target: ExportArgs =
      args.uri instanceof vscode.Uri
        ? args
        : editor
          ? { ...args, uri: editor.document.uri, position: { line: editor.selection.active.line, character: editor.selection.active.character } }
          : args;
    if (!(target.uri instanceof vscode.Uri)) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Open a GraphQL file, or a code file with a gql template, and put the cursor in the operation to export.'));
      return undefined;
    }
    const formats: { format: ExportFormat; label: string; detail: string }[] = [
      { format: 'curl', label: vscode.l10n.t('Copy as cURL'), detail: vscode.l10n.t('A curl command for bash or zsh') },
      { format: 'fetch', label: vscode.l10n.t('Copy as fetch'), detail: vscode.l10n.t('A fetch call for JavaScript or TypeScript') },
      { format: 'http', label: vscode.l10n.t('Save as .http'), detail: vscode.l10n.t('A request file for the REST Client or JetBrains HTTP client') },
    ];
    const format = args.format ?? (await vscode.window.showQuickPick(formats, { title: vscode.l10n.t('Export the operation'), placeHolder: vscode.l10n.t('Export as') }))?.format;
    if (!format) {
      return undefined;
    }
    const command = format === 'curl' ? copyRunAsCurl : format === 'fetch' ? copyRunAsFetch : saveRunAsHttp;
    return command.run(services, target);
  },
};
