import { clearHistory } from './clearHistory';
import type { RunCommand } from './runCommand';
import { runOperation } from './runOperation';
import { showHistory } from './showHistory';
import { clearHistorySearch, refreshHistory, searchHistory } from './historySearch';
import { pinRun, renameRun, unpinRun } from './pinRun';
import { deleteRuns, openRunResult, rerunRun } from './rerunRun';

export type { RunCommand, RunCommandServices } from './runCommand';

/** The run feature's commands loaded at activation, one file each (the others: ./onDemand.ts). */
export const runCommands: readonly RunCommand[] = [
  runOperation,
  showHistory,
  clearHistory,
  searchHistory,
  clearHistorySearch,
  refreshHistory,
  pinRun,
  unpinRun,
  renameRun,
  rerunRun,
  openRunResult,
  deleteRuns,
];

/**
 * The run feature's commands whose code is in the on-demand bundle (./onDemand.ts, src/onDemand.ts):
 * registered at activation, loaded on the first call (less to load at activation).
 */
export const RUN_COMMAND_IDS_ON_DEMAND: readonly string[] = [
  'tenantGraphql.copyRunAsCurl',
  'tenantGraphql.copyRunAsFetch',
  'tenantGraphql.saveRunAsHttp',
  'tenantGraphql.exportOperation',
  'tenantGraphql.compareWithPreviousRun',
  'tenantGraphql.compareRuns',
  'tenantGraphql.runOnAnotherEnvironmentAndCompare',
];
