import * as vscode from 'vscode';
import type { Command } from '../../platform/commands';
import type { ConfigurationService } from '../../services/config';
import type { AuthService } from '../../services/auth';
import type { Logger } from '../../core/logger';
import type { SandboxHost, SandboxInfo } from '../sandboxHost';

/** What the Sandbox commands may use. */
export interface SandboxCommandServices {
  readonly context: vscode.ExtensionContext;
  readonly logger: Logger;
  readonly host: SandboxHost;
  readonly config: ConfigurationService;
  readonly auth: AuthService;
}

/** One command of the built-in Sandbox. */
export type SandboxCommand = Command<SandboxCommandServices>;

/** Name of the environment that points at the Sandbox started from VS Code. */
export const BUILT_IN_SANDBOX = 'Built-in Sandbox';

/** Starts the Sandbox (with progress in the status bar) unless it runs, and makes it the active environment. */
export async function startAndActivate({ host, config }: SandboxCommandServices): Promise<SandboxInfo> {
  const info = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Starting the Tenant GraphQL Sandbox…') }, () => host.start());
  await config.setActiveEnvironment(BUILT_IN_SANDBOX);
  return info;
}
