import type { ResultsCommand } from './resultsCommand';
import { showResults } from './showResults';
import { copyNodePath, filterToNode, showNodeAsTable } from './nodePath';

export type { ResultsCommand } from './resultsCommand';

/** The results feature's commands, one file each. */
export const resultsCommands: readonly ResultsCommand[] = [showResults, copyNodePath, filterToNode, showNodeAsTable];
