import { clearHistory } from './clearHistory';
import { copyRunAsCurl, copyRunAsFetch, exportOperation, saveRunAsHttp } from './exportRun';
import type { RunCommand } from './runCommand';
import { runOperation } from './runOperation';
import { showHistory } from './showHistory';

export type { RunCommand, RunCommandServices } from './runCommand';

/** The run feature's commands, one file each. */
export const runCommands: readonly RunCommand[] = [runOperation, showHistory, clearHistory, copyRunAsCurl, copyRunAsFetch, saveRunAsHttp, exportOperation];
