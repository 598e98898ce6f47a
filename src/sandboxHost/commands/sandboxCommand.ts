import type { Command } from '../../platform/commands';
import type { ConfigurationService } from '../../config';
import type { SandboxHost } from '../sandboxHost';

/** What the Sandbox commands may use. */
export interface SandboxCommandServices {
  readonly host: SandboxHost;
  readonly config: ConfigurationService;
}

/** One command of the built-in Sandbox. */
export type SandboxCommand = Command<SandboxCommandServices>;

/** Name of the environment that points at the Sandbox started from VS Code. */
export const BUILT_IN_SANDBOX = 'Built-in Sandbox';
