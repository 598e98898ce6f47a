import * as vscode from 'vscode';
import type { Environment } from '../core/auth';
import type { FeatureContext } from '../featureContext';
import { errorMessage } from '../core/errors';
import { SandboxHost, type SandboxInfo } from './sandboxHost';
import { openSample, sampleArgument } from './samples';

/** Name of the environment that points at the Sandbox started from VS Code. */
export const BUILT_IN_SANDBOX = 'Built-in Sandbox';

/**
 * "Try it without a tenant": commands to start and stop the Sandbox that ships with the
 * extension; while it runs, the "Built-in Sandbox" environment exists and is pre-registered.
 */
export function registerSandboxFeature(features: FeatureContext): vscode.Disposable {
  const { context, config, auth, logger } = features;
  const host = new SandboxHost(context, logger);
  const toEnvironment = (info: NonNullable<SandboxHost['info']>): Environment => {
    const client = info.clients.find((c) => c.type === 'public') ?? info.clients[0];
    return {
      name: BUILT_IN_SANDBOX,
      authUrl: info.authUrl,
      baseUrl: info.baseUrl,
      clientId: client.clientId,
      scopes: [...client.scopes],
      redirectMode: 'uriHandler',
      loopbackPort: 33333,
      clientType: 'public',
    };
  };
  /** Starts the Sandbox with a progress notification and makes it the active environment. */
  const startAndActivate = async (): Promise<SandboxInfo> => {
    const info = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Starting the Tenant GraphQL Sandbox…') },
      () => host.start(),
    );
    await config.setActiveEnvironment(BUILT_IN_SANDBOX);
    return info;
  };
  const disposables: vscode.Disposable[] = [
    host,
    host.onDidChange((info) => config.setBuiltInEnvironments(info ? [toEnvironment(info)] : [])),
    auth.addRedirectRegistrar(async (env, redirectUri) => {
      if (env.name === BUILT_IN_SANDBOX) {
        await host.registerRedirectUri(redirectUri);
      }
    }),
    vscode.commands.registerCommand('tenantGraphql.startSandbox', async () => {
      try {
        const info = await startAndActivate();
        const signIn = vscode.l10n.t('Sign In');
        void vscode.window
          .showInformationMessage(
            vscode.l10n.t('The Sandbox is running at {0}. Sign in as one of its demo users ({1}) to try everything.', info.baseUrl, info.users.map((u) => u.id).join(', ')),
            signIn,
          )
          .then((c) => (c ? vscode.commands.executeCommand('tenantGraphql.signIn', { environment: BUILT_IN_SANDBOX }) : undefined));
        return { authUrl: info.authUrl, baseUrl: info.baseUrl, environment: BUILT_IN_SANDBOX };
      } catch (err) {
        void vscode.window.showErrorMessage(vscode.l10n.t('Could not start the Sandbox: {0}', errorMessage(err)));
        return undefined;
      }
    }),
    // "Try the Sandbox": start it, sign in (the browser opens on its consent page), open a sample query.
    vscode.commands.registerCommand('tenantGraphql.trySandbox', async () => {
      let info: SandboxInfo;
      try {
        info = await startAndActivate();
      } catch (err) {
        logger.error(`[sandbox] could not start: ${errorMessage(err)}`);
        void vscode.window.showErrorMessage(vscode.l10n.t('Could not start the Sandbox: {0}', errorMessage(err)));
        return undefined;
      }
      const existing = await auth.activeSession();
      const session =
        existing ??
        (await vscode.commands.executeCommand<{ account: string } | undefined>('tenantGraphql.signIn', { environment: BUILT_IN_SANDBOX }));
      const file = await openSample(context);
      if (!session) {
        void vscode.window.showInformationMessage(
          vscode.l10n.t('The Sandbox is running, but you are not signed in. Sign in as one of its demo users ({0}) to run the sample.', info.users.map((u) => u.id).join(', ')),
        );
      }
      return { environment: BUILT_IN_SANDBOX, baseUrl: info.baseUrl, signedIn: session !== undefined, file: file.toString() };
    }),
    vscode.commands.registerCommand('tenantGraphql.openSample', async (arg?: unknown) => {
      try {
        return (await openSample(context, sampleArgument(arg))).toString();
      } catch (err) {
        logger.error(`[sandbox] could not open the sample: ${errorMessage(err)}`);
        void vscode.window.showErrorMessage(vscode.l10n.t('Could not open the sample query: {0}', errorMessage(err)));
        return undefined;
      }
    }),
    vscode.commands.registerCommand('tenantGraphql.stopSandbox', async () => {
      const stopped = await host.stop();
      if (!stopped) {
        void vscode.window.showInformationMessage(vscode.l10n.t('The Sandbox is not running.'));
      }
      return stopped;
    }),
  ];
  return vscode.Disposable.from(...disposables);
}
