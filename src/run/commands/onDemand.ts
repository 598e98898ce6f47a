import type { RunCommand } from './runCommand';
import { copyRunAsCurl, copyRunAsFetch, exportOperation, saveRunAsHttp } from './exportRun';
import { compareRuns, compareWithPreviousRun } from './compareRuns';
import { runOnAnotherEnvironmentAndCompare } from './compareEnvironments';

/** The run feature's export and compare commands: in the on-demand bundle (src/onDemand.ts), loaded on the first call of one of them. */
export const runCommandsOnDemand: readonly RunCommand[] = [
  copyRunAsCurl,
  copyRunAsFetch,
  saveRunAsHttp,
  exportOperation,
  compareWithPreviousRun,
  compareRuns,
  runOnAnotherEnvironmentAndCompare,
];
