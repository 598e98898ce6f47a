import * as path from 'node:path';
import { FilterClient } from '../core/results/filterClient';

/** Set by the extension's build: the filter worker's bundle beside dist/extension.js (scripts/build.mjs). */
declare const __FILTER_WORKER__: string | undefined;

/**
 * The window's one filter worker (a thread of its own): the results panel's JSONPath filter and the
 * run feature's pretty-printing for Compare both go to it, so one answer's text is parsed in one
 * place and one thread is started. Made by the composition root, disposed with the extension. In
 * the built extension it is dist/<worker bundle>; run from source, the TypeScript file with tsx.
 */
export function createFilterClient(extensionPath: string): FilterClient {
  const built = typeof __FILTER_WORKER__ === 'string';
  return new FilterClient({
    script: built ? path.join(extensionPath, 'dist', __FILTER_WORKER__) : path.join(extensionPath, 'src', 'core', 'results', 'filterWorker.ts'),
    execArgv: built ? [] : ['--import', 'tsx'],
  });
}
