import * as vscode from 'vscode';
import { addressProblem, clientIdProblem, environmentEntry, nameProblem, type EnvironmentAnswers, type EnvironmentEntry } from '../../core/auth';
import { errorMessage } from '../../core/errors';
import { joinUrl } from '../../core/urlPolicy';
import { inert } from '../../core/text/inert';
import type { AuthCommand, AuthCommandServices } from './authCommand';

/** How long each address has to answer. */
const PROBE_TIMEOUT_MS = 10_000;

/**
 * Tenant GraphQL: Add Environment…: asks for a tenant's name, sign-in address, API address, client
 * ID, scopes and client type, checks that both addresses answer, and adds the entry to the USER
 * settings (never a repository's), then offers to make it active and sign in. Optional argument:
 * the answers (automation), which skips the questions. Resolves to the entry written, or undefined.
 */
export const addEnvironment: AuthCommand = {
  id: 'tenantGraphql.addEnvironment',
  run: async (services, arg) => {
    const config = vscode.workspace.getConfiguration('tenantGraphql');
    const current = config.inspect<unknown[]>('environments')?.globalValue;
    const existing = Array.isArray(current) ? current : [];
    const taken = existing.map((e) => (e && typeof e === 'object' ? String((e as { name?: unknown }).name ?? '') : ''));
    const answers = asAnswers(arg) ?? (await ask(taken));
    if (!answers) {
      return undefined;
    }
    const built = environmentEntry(answers, taken);
    if ('problems' in built) {
      void vscode.window.showErrorMessage(inert(vscode.l10n.t('The environment was not added: {0}', built.problems.join(' ')), { sink: 'notification' }));
      return undefined;
    }
    const entry = built.entry;
    const silent = arg !== undefined;
    if (!(await addressesAnswer(services, entry, silent))) {
      return undefined;
    }
    await config.update('environments', [...existing, entry], vscode.ConfigurationTarget.Global);
    services.logger.info(`[auth] environment "${entry.name}" added to the user settings (${entry.authUrl}, ${entry.baseUrl})`);
    if (!silent) {
      void offerNextSteps(services, entry);
    }
    return entry;
  },
};

function asAnswers(arg: unknown): EnvironmentAnswers | undefined {
  if (!arg || typeof arg !== 'object') {
    return undefined;
  }
  const a = arg as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : Array.isArray(v) ? v.filter((s) => typeof s === 'string').join(' ') : '');
  return {
    name: text(a.name),
    authUrl: text(a.authUrl),
    baseUrl: text(a.baseUrl),
    clientId: text(a.clientId),
    scopes: text(a.scopes),
    clientType: a.clientType === 'confidential' ? 'confidential' : 'public',
  };
}

/** The questions, one input box each (Escape at any step cancels). */
async function ask(taken: readonly string[]): Promise<EnvironmentAnswers | undefined> {
  const title = vscode.l10n.t('Add Environment');
  const step = async (n: number, options: vscode.InputBoxOptions) => vscode.window.showInputBox({ title: `${title} (${n}/6)`, ignoreFocusOut: true, ...options });
  const name = await step(1, {
    prompt: vscode.l10n.t('A short name for the tenant, shown in the status bar.'),
    placeHolder: 'Acme production',
    validateInput: (v) => nameProblem(v, taken),
  });
  if (name === undefined) {
    return undefined;
  }
  const authUrl = await step(2, {
    prompt: vscode.l10n.t('The sign-in address (authUrl): the browser signs in at its /oauth/authorize.'),
    placeHolder: 'https://login.acme.example',
    validateInput: (v) => addressProblem(v, 'authUrl'),
  });
  if (authUrl === undefined) {
    return undefined;
  }
  const baseUrl = await step(3, {
    prompt: vscode.l10n.t('The API address (baseUrl): queries go to its /v1/graphql.'),
    value: authUrl,
    validateInput: (v) => addressProblem(v, 'baseUrl'),
  });
  if (baseUrl === undefined) {
    return undefined;
  }
  const clientId = await step(4, { prompt: vscode.l10n.t('The client ID of the application registered for you on the tenant.'), validateInput: clientIdProblem });
  if (clientId === undefined) {
    return undefined;
  }
  const scopes = await step(5, { prompt: vscode.l10n.t('Scopes to request, separated by spaces (empty: none).'), placeHolder: 'tasks:read files:read' });
  if (scopes === undefined) {
    return undefined;
  }
  const pub = { label: vscode.l10n.t('Public client'), detail: vscode.l10n.t('No client secret (most desktop applications).'), type: 'public' as const };
  const conf = {
    label: vscode.l10n.t('Confidential client'),
    detail: vscode.l10n.t('Has a client secret (set it with Set Client Secret); can get team tokens.'),
    type: 'confidential' as const,
  };
  const kind = await vscode.window.showQuickPick([pub, conf], { title: `${title} (6/6)`, placeHolder: vscode.l10n.t('The client type'), ignoreFocusOut: true });
  return kind && { name, authUrl, baseUrl, clientId, scopes, clientType: kind.type };
}

/**
 * Whether both addresses answer (any HTTP answer counts: the sign-in page wants parameters, the API
 * a token). Nothing secret is sent. When one does not, the person may save anyway (an offline
 * tenant) unless `silent`.
 */
async function addressesAnswer({ fetch }: AuthCommandServices, entry: EnvironmentEntry, silent: boolean): Promise<boolean> {
  const probe = async (url: string, init: RequestInit): Promise<string | undefined> => {
    try {
      await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
      return undefined;
    } catch (err) {
      return `${url}: ${errorMessage(err)}`;
    }
  };
  const failures = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Checking that {0} answers…', entry.name) }, async () =>
    (
      await Promise.all([
        probe(joinUrl(entry.authUrl, 'oauth/authorize'), { method: 'GET' }),
        probe(joinUrl(entry.baseUrl, 'v1/graphql'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' }),
      ])
    ).filter((f): f is string => f !== undefined),
  );
  if (failures.length === 0) {
    return true;
  }
  const message = inert(vscode.l10n.t('These addresses do not answer: {0}', failures.join('; ')), { sink: 'notification' });
  if (silent) {
    void vscode.window.showErrorMessage(message);
    return false;
  }
  const save = vscode.l10n.t('Save Anyway');
  return (await vscode.window.showWarningMessage(message, { modal: true, detail: vscode.l10n.t('Check the addresses, your network and the proxy settings.') }, save)) === save;
}

/** After saving: make it active and sign in, or copy the redirect address to register first. */
async function offerNextSteps({ config }: AuthCommandServices, entry: EnvironmentEntry): Promise<void> {
  const signIn = vscode.l10n.t('Make Active and Sign In');
  const copy = vscode.l10n.t('Copy Redirect URI');
  const choice = await vscode.window.showInformationMessage(
    inert(vscode.l10n.t('"{0}" was added to your user settings. Register the redirect address with the tenant if you have not yet.', entry.name), { sink: 'notification' }),
    signIn,
    copy,
  );
  if (choice === signIn) {
    await config.setActiveEnvironment(entry.name);
    await vscode.commands.executeCommand('tenantGraphql.signIn', { environment: entry.name });
  } else if (choice === copy) {
    await vscode.commands.executeCommand('tenantGraphql.copyRedirectUri');
  }
}
