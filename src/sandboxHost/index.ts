import * as vscode from 'vscode';
import type { Environment } from '../core/auth';
import type { Logger } from '../core/logger';
import type { ConfigurationService } from '../config';
import type { AuthService } from '../auth';
import { registerCommands } from '../platform/commands';
import { BUILT_IN_SANDBOX, sandboxCommands } from './commands';
import { SandboxHost } from './sandboxHost';
import { setContextKey } from '../platform/contextKeys';

/**
 * "Try it without a tenant": commands to start and stop the Sandbox that ships with the
 * extension; while it runs, the "Built-in Sandbox" environment exists and is pre-registered.
 */
export function registerSandboxFeature(features: {
  readonly context: vscode.ExtensionContext;
  readonly logger: Logger;
  readonly config: ConfigurationService;
  readonly auth: AuthService;
}): vscode.Disposable {
  const { context, config, auth, logger } = features;
  const host = new SandboxHost(context, logger);
  const toEnvironment = (info: NonNullable<SandboxHost['info']>): Environment => {
    const client = info.clients.find((c) => c.type === 'public') ?? info.clients[0];
    return {
      name: BUILT_IN_SANDBOX,
      origin: 'builtIn',
      authUrl: info.authUrl,
      baseUrl: info.baseUrl,
      clientId: client.clientId,
      scopes: [...client.scopes],
      redirectMode: 'uriHandler',
      loopbackPort: 33333,
      clientType: 'public',
      confirmMutations: false,
      readOnly: false,
    };
  };
  const disposables: vscode.Disposable[] = [
    host,
    host.onDidChange((info) => {
      config.setBuiltInEnvironments(info ? [toEnvironment(info)] : []);
      // Stop Sandbox is in the Command Palette only while it runs.
      setContextKey('tenantGraphql.sandboxRunning', info !== undefined);
    }),
    auth.addRedirectRegistrar(async (env, redirectUri) => {
      if (env.origin === 'builtIn') {
        await host.registerRedirectUri(redirectUri);
      }
    }),
    registerCommands(sandboxCommands, { context, logger, host, config, auth }, logger, 'sandbox'),
  ];
  return vscode.Disposable.from(...disposables);
}
