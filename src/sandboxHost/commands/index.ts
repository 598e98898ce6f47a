import type { SandboxCommand } from './sandboxCommand';
import { openSample } from './openSample';
import { startSandbox } from './startSandbox';
import { stopSandbox } from './stopSandbox';
import { trySandbox } from './trySandbox';

export { BUILT_IN_SANDBOX, type SandboxCommand, type SandboxCommandServices } from './sandboxCommand';

/** The Sandbox commands, one file each. */
export const sandboxCommands: readonly SandboxCommand[] = [startSandbox, trySandbox, openSample, stopSandbox];
