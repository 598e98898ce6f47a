import type { SandboxCommand } from './sandboxCommand';
import { startSandbox } from './startSandbox';
import { stopSandbox } from './stopSandbox';

export { BUILT_IN_SANDBOX, type SandboxCommand, type SandboxCommandServices } from './sandboxCommand';

/** The Sandbox commands, one file each. */
export const sandboxCommands: readonly SandboxCommand[] = [startSandbox, stopSandbox];
