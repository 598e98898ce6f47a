/**
 * Makes `import * as vscode from 'vscode'` resolve to ./vscodeFake in plain Node (mocha), for the
 * glue's unit tests. Import it first in a test file, before the glue it tests.
 */
import { Module } from 'node:module';
import * as path from 'node:path';

const fakePath = path.join(__dirname, 'vscodeFake.ts');
const loader = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
const resolve = loader._resolveFilename;
loader._resolveFilename = function (request: string, ...rest: unknown[]): string {
  return request === 'vscode' ? fakePath : resolve.call(this, request, ...rest);
};
