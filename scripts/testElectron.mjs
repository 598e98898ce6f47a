// Runs the same integration suite in a desktop VS Code downloaded by @vscode/test-electron.
// For machines that can download VS Code (a developer laptop, a CI runner with internet access);
// `npm test` uses the code-server runner instead (scripts/testIntegration.mjs).
// Environment: VSCODE_VERSION (default 'stable'), TENANT_GRAPHQL_TEST_GREP.
import { runTests } from '@vscode/test-electron';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandboxProcess } from './sandboxProcess.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
mkdirSync(join(root, '.cache', 'tmp'), { recursive: true });
const tmp = mkdtempSync(join(root, '.cache', 'tmp', 'electron-'));
const workspace = join(tmp, 'workspace');
cpSync(join(root, 'test/fixtures/workspace'), workspace, { recursive: true });
const sandbox = await startSandboxProcess({ cwd: root });
let code = 1;
try {
  await runTests({
    version: process.env.VSCODE_VERSION ?? 'stable',
    extensionDevelopmentPath: root,
    extensionTestsPath: join(root, 'out/integration/index.js'),
    extensionTestsEnv: {
      TENANT_GRAPHQL_TEST_SANDBOX: JSON.stringify(sandbox.info),
      TENANT_GRAPHQL_TEST_GREP: process.env.TENANT_GRAPHQL_TEST_GREP ?? '',
      TENANT_GRAPHQL_TEST_RUNNER: 'electron',
    },
    launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust', `--user-data-dir=${join(tmp, 'user-data')}`],
  });
  code = 0;
} catch (err) {
  console.error(`[electron] ${err instanceof Error ? err.message : err}`);
} finally {
  await sandbox.close();
  rmSync(tmp, { recursive: true, force: true });
}
process.exit(code);
