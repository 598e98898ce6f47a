import * as vscode from 'vscode';
import type { Logger } from '../core/logger';
import type { ConfigurationService } from '../services/config';
import type { AuthService } from '../services/auth';
import { registerCommandsOnDemand } from '../platform/commands';
import type { SandboxFeature, startSandboxFeature } from './sandboxFeature';

/** The Sandbox commands (package.json `contributes.commands`): registered at activation, their code loaded on the first call. */
export const SANDBOX_COMMAND_IDS: readonly string[] = ['tenantGraphql.startSandbox', 'tenantGraphql.trySandbox', 'tenantGraphql.openSample', 'tenantGraphql.stopSandbox'];

/**
 * "Try it without a tenant": commands to start and stop the Sandbox that ships with the
 * extension. Its code (./sandboxFeature.ts) is in the on-demand bundle, loaded by `load` on the
 * first Sandbox command (less to load at activation); until then there is no Sandbox, so
 * no built-in environment to register a redirect for.
 */
export function registerSandboxFeature(features: {
  readonly context: vscode.ExtensionContext;
  readonly logger: Logger;
  readonly config: ConfigurationService;
  readonly auth: AuthService;
  readonly load: () => typeof startSandboxFeature;
}): vscode.Disposable {
  const { auth, logger, load } = features;
  let started: SandboxFeature | undefined;
  const feature = () => (started ??= load()(features));
  return vscode.Disposable.from(
    auth.addRedirectRegistrar(async (env, redirectUri) => {
      if (env.origin === 'builtIn') {
        await feature().host.registerRedirectUri(redirectUri);
      }
    }),
    registerCommandsOnDemand(SANDBOX_COMMAND_IDS, feature, logger, 'sandbox'),
    { dispose: () => started?.dispose() },
  );
}
