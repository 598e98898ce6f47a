// The integration runner: the integration suite (test/integration, bundled to out/integration) in a
// real VS Code, code-server driven headless by Debian Chromium through playwright-core, part by part
// (main, restricted, german, folders), then the whole-run secret scan.
// Exit code: 0 when every test passed and the scan found nothing; 1 when a test failed, hung (runner
// timeout), VS Code did not start or a secret leaked; 2 for a usage error. Leaves no process behind
// and no file outside .cache/.
//
// Usage: node scripts/testIntegration.mjs [flags]   (`--help` lists them; build first: node scripts/build.mjs)
// Its parts, one concern each, are in scripts/integration/:
//   options.mjs            the flags (parseArgs) and the options object
//   prerequisites.mjs      Node 24, code-server, Chromium, the build, the run folder
//   servers.mjs            the two Sandboxes, the recording proxy, the independent pair (interop servers)
//   workspaces.mjs         each part's workspace and profile (the German language pack)
//   testEnvironment.mjs    the variables the runner hands to the tests (the one list of them)
//   codeServerSession.mjs  code-server + Chromium for one part; testOutput.mjs: the tests' output and payload
//   browserHarness.mjs     the person at the browser: consent pages, sign-in tabs, the tests' instructions
//   faultInjection.mjs     webview host service worker faults on demand
//   resultsPageChecks.mjs  axe-core and the layout checks of the results page
//   webviewRecord.mjs      the webview record; serviceWorkerProbes.mjs: its service worker probes
//   runSecretScan.mjs      the whole-run secret scan (the search: scripts/secretScan.mjs)
//   lifecycle.mjs          the log line, the cleanups, processes and ports
import { randomBytes } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PrerequisiteError } from './prerequisites.mjs';
import { runSuite } from './integration/codeServerSession.mjs';
import { createCleanups } from './integration/lifecycle.mjs';
import { UsageError, helpText, resolveOptions } from './integration/options.mjs';
import { prepareRun } from './integration/prerequisites.mjs';
import { secretScan } from './integration/runSecretScan.mjs';
import { startServers } from './integration/servers.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

let resolved;
try {
  resolved = resolveOptions(process.argv.slice(2), process.env);
} catch (err) {
  if (!(err instanceof UsageError)) {
    throw err;
  }
  console.error(`[integration] ${err.message}\n\n${helpText()}`);
  process.exit(2);
}
const { options, notes } = resolved;
if (options.help) {
  console.log(helpText());
  process.exit(0);
}
for (const note of notes) {
  console.error(`[integration] ${note}`);
}

/** The value of the secret header the headers tests set; never to be found outside SecretStorage. */
const headerSecret = `hdr-${randomBytes(24).toString('base64url')}`;
const cleanups = createCleanups();

/** Every part of the suite asked for, one after the other, then the secret scan. Resolves to the exit code. */
async function main() {
  const { codeServer, chromium, tmp } = await prepareRun({ root, options, cleanups });
  const servers = await startServers({ root, tmp, cleanups });
  const browserEntries = [];
  let code = 0;
  for (const suite of options.suites) {
    const outcome = await runSuite({ root, tmp, suite, options, codeServer, chromium, servers, headerSecret, cleanups });
    browserEntries.push(...outcome.browserEntries);
    code = code || outcome.code;
  }
  const leaks = await secretScan({ tmp, ...servers, browserEntries, headerSecret });
  return code !== 0 ? code : leaks > 0 ? 1 : 0;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (err) {
  console.error(`[integration] ${err instanceof PrerequisiteError ? err.message : (err.stack ?? err)}`);
  exitCode = 1;
} finally {
  await cleanups.run();
}
process.exit(exitCode);
