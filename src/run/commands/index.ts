import { clearHistory } from './clearHistory';
import { copyRunAsCurl, copyRunAsFetch, exportOperation, saveRunAsHttp } from './exportRun';
import type { RunCommand } from './runCommand';
import { runOperation } from './runOperation';
import { showHistory } from './showHistory';
import { clearHistorySearch, refreshHistory, searchHistory } from './historySearch';
import { pinRun, renameRun, unpinRun } from './pinRun';
import { deleteRuns, openRunResult, rerunRun } from './rerunRun';
import { compareRuns, compareWithPreviousRun } from './compareRuns';
import { runOnAnotherEnvironmentAndCompare } from './compareEnvironments';

export type { RunCommand } from './runCommand';

/** The run feature's commands, one file each. */
export const runCommands: readonly RunCommand[] = [
  runOperation,
  showHistory,
  clearHistory,
  copyRunAsCurl,
  copyRunAsFetch,
  saveRunAsHttp,
  exportOperation,
  searchHistory,
  clearHistorySearch,
  refreshHistory,
  pinRun,
  unpinRun,
  renameRun,
  rerunRun,
  openRunResult,
  deleteRuns,
  compareWithPreviousRun,
  compareRuns,
  runOnAnotherEnvironmentAndCompare,
];
