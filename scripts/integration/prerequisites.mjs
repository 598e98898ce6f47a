// What a run needs before anything starts: Node 24, code-server and Chromium in .cache/ (installed by
// scripts/prerequisites.mjs when missing), the build's output, and a run folder of its own.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir, ensurePrerequisites } from '../prerequisites.mjs';
import { log } from './lifecycle.mjs';

/** The folders of the run folder: code-server's and Chromium's homes, the shared profile, the recording proxy's record. */
export const RUN_FOLDERS = ['xdg-config', 'xdg-data', 'xdg-cache', 'tmp', 'user-data', 'extensions', 'chromium', 'listener'];

/** The build outputs a run loads: the tests' entry and the extension. */
export const BUILD_OUTPUTS = ['out/integration/index.js', 'dist/extension.js'];

/** The code-server to run and the Node to run it with: the flags' (e.g. the oldest at the engine floor), else .cache's. */
export function chooseCodeServer(flags, installed) {
  return { entry: flags.entry || installed.codeServerEntry, node: flags.node || installed.node24 };
}

/**
 * Installs what is missing, checks the build, and makes the run folder (under .cache/tmp; removed at
 * the end unless --keep-temp). Resolves to `{ codeServer: { entry, node }, chromium, tmp }`.
 */
export async function prepareRun({ root, options, cleanups }) {
  const installed = await ensurePrerequisites();
  const codeServer = chooseCodeServer(options.codeServer, installed);
  if (options.codeServer.entry) {
    log(`code-server: ${codeServer.entry} with ${codeServer.node}`);
  }
  if (BUILD_OUTPUTS.some((file) => !existsSync(join(root, file)))) {
    throw new Error('Build first: `npm run build` (npm test does it for you).');
  }
  mkdirSync(join(cacheDir, 'tmp'), { recursive: true });
  const tmp = mkdtempSync(join(cacheDir, 'tmp', 'run-'));
  if (!options.keepTemp) {
    cleanups.add(() => rmSync(tmp, { recursive: true, force: true }));
  } else {
    log(`keeping ${tmp}`);
  }
  for (const d of RUN_FOLDERS) {
    mkdirSync(join(tmp, d), { recursive: true });
  }
  writeFileSync(join(tmp, 'config.yaml'), 'auth: none\ncert: false\n');
  return { codeServer, chromium: installed.chromium, tmp };
}
