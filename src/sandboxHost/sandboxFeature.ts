import * as vscode from 'vscode';
import type { Environment } from '../core/auth';
import type { Logger } from '../core/logger';
import type { ConfigurationService } from '../services/config';
import type { AuthService } from '../services/auth';
import type { CommandsOnDemand } from '../platform/commands';
import { BUILT_IN_SANDBOX, sandboxCommands, type SandboxCommandServices } from './commands';
import { SandboxHost } from './sandboxHost';
import { setContextKey } from '../platform/contextKeys';

/** The Sandbox feature once its code is loaded (on the first Sandbox command): the host and its commands. */
export interface SandboxFeature extends CommandsOnDemand<SandboxCommandServices>, vscode.Disposable {
  readonly host: SandboxHost;
}

/**
 * The Sandbox feature's code, loaded from the on-demand bundle (src/onDemand.ts) on first use: the
 * host of the Sandbox process; while it runs, the "Built-in Sandbox" environment exists and is
 * pre-registered.
 */
export function startSandboxFeature(features: {
  readonly context: vscode.ExtensionContext;
  readonly logger: Logger;
  readonly config: ConfigurationService;
  readonly auth: AuthService;
}): SandboxFeature {
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
  const listener = host.onDidChange((info) => {
    config.setBuiltInEnvironments(info ? [toEnvironment(info)] : []);
    // Stop Sandbox is in the Command Palette only while it runs.
    setContextKey('tenantGraphql.sandboxRunning', info !== undefined);
  });
  return {
    host,
    commands: sandboxCommands,
    services: { context, logger, host, config, auth },
    dispose: () => {
      listener.dispose();
      host.dispose();
    },
  };
}
