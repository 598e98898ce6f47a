// Runs the integration suite (test/integration, bundled to out/integration) inside a real VS Code:
// code-server (VS Code in the browser) driven headless by Debian Chromium through playwright-core.
// Exit code: 0 when every test passed; 1 when a test failed, hung (runner timeout) or VS Code did
// not start. Leaves no process behind and no file outside .cache/.
//
// Environment: TENANT_GRAPHQL_TEST_GREP (mocha grep), TENANT_GRAPHQL_BENCH=1 (run the *.bench files instead), TENANT_GRAPHQL_RUNNER_TIMEOUT_S (default 900),
//              TENANT_GRAPHQL_BENCH_PROFILE=<absolute folder> (the adapter bench writes a CPU profile of each row's calls there),
//              TENANT_GRAPHQL_BENCH_DETAIL=1 (the adapter bench prints CPU time per call and its 10 slowest calls),
//              TENANT_GRAPHQL_KEEP_TEMP=1 (keep the temp folder for debugging),
//              TENANT_GRAPHQL_VERBOSE=1 (also print the workbench's console),
//              TENANT_GRAPHQL_CODE_SERVER_ENTRY + TENANT_GRAPHQL_CODE_SERVER_NODE (another code-server's
//              out/node/entry.js and the Node to run it with, e.g. the oldest at engines.vscode),
//              TENANT_GRAPHQL_CODE_SERVER_LEGACY=1 for a code-server without --vscode-option (4.103):
//              `--enable-smoke-test-driver` instead, which its out/node/cli.js must list among its
//              options (VS Code's server reads it; code-server 4.103's CLI refuses unknown flags).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { format } from 'node:util';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve, dirname } from 'node:path';
import { startRecordingProxy } from './recordingProxy.mjs';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { ensurePrerequisites, cacheDir, PrerequisiteError } from './prerequisites.mjs';
import { startSandboxProcess } from './sandboxProcess.mjs';
import { recordTargets } from './cdpTargets.mjs';
import { CHROMIUM_ARGS, codeServerArgs } from './codeServer.mjs';
import { countKinds, dumpBrowserStorage, fetchIssuedSecrets, fileSources, searchSources } from './secretScan.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The value of the secret header the headers tests set; never to be found outside SecretStorage. */
const HEADER_SECRET = `hdr-${randomBytes(24).toString('base64url')}`;
const timeoutS = Number(process.env.TENANT_GRAPHQL_RUNNER_TIMEOUT_S ?? 900);
const verbose = Boolean(process.env.TENANT_GRAPHQL_VERBOSE);
// Must match TEST_OUTPUT_MARKER in test/integration/index.ts.
const TEST_OUTPUT_MARKER = '\u2063[tgq-test] ';
// Must match HARNESS_MARKER in test/integration/helpers.ts: instructions from a test to "the person
// at the browser" (this runner), e.g. {"consent":"deny","user":"bob"}.
const HARNESS_MARKER = '\u2063[tgq-harness] ';
const cleanups = [];
let finished = false;

function log(msg) {
  console.log(`[integration] ${msg}`);
}

function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

async function waitForHealth(url, child, timeoutMs) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) {
      throw new Error(`code-server exited with code ${child.exitCode} before it was ready`);
    }
    try {
      const r = await fetch(url);
      if (r.ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`code-server did not answer ${url} within ${timeoutMs / 1000} s`);
}

async function cleanup() {
  while (cleanups.length) {
    const fn = cleanups.pop();
    try {
      await fn();
    } catch (err) {
      console.error(`[integration] cleanup: ${err.message}`);
    }
  }
}

function killTree(child) {
  if (child && child.exitCode === null && child.pid) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
  }
}

async function main() {
  const prerequisites = await ensurePrerequisites();
  const { chromium } = prerequisites;
  // Another code-server (e.g. the oldest one at the engine floor) and the Node it needs, when given.
  const codeServerEntry = process.env.TENANT_GRAPHQL_CODE_SERVER_ENTRY || prerequisites.codeServerEntry;
  const node24 = process.env.TENANT_GRAPHQL_CODE_SERVER_NODE || prerequisites.node24;
  if (process.env.TENANT_GRAPHQL_CODE_SERVER_ENTRY) {
    log(`code-server: ${codeServerEntry} with ${node24}`);
  }
  if (!existsSync(join(root, 'out/integration/index.js')) || !existsSync(join(root, 'dist/extension.js'))) {
    throw new Error('Build first: `npm run build` (npm test does it for you).');
  }

  mkdirSync(join(cacheDir, 'tmp'), { recursive: true });
  const tmp = mkdtempSync(join(cacheDir, 'tmp', 'run-'));
  if (!process.env.TENANT_GRAPHQL_KEEP_TEMP) {
    cleanups.push(() => rmSync(tmp, { recursive: true, force: true }));
  } else {
    log(`keeping ${tmp}`);
  }
  for (const d of ['xdg-config', 'xdg-data', 'xdg-cache', 'tmp', 'user-data', 'extensions', 'chromium', 'listener']) {
    mkdirSync(join(tmp, d), { recursive: true });
  }
  writeFileSync(join(tmp, 'config.yaml'), 'auth: none\ncert: false\n');

  // The Sandbox (the local Service) that integration tests sign in to and run operations against.
  // Both with the admin endpoint (faults, clock, consents, the secret scan) and a key of this run.
  const sandbox = await startSandboxProcess({ cwd: root, env: { TMPDIR: join(tmp, 'tmp') }, admin: true });
  cleanups.push(() => sandbox.close());
  log(`Sandbox: auth ${sandbox.info.authUrl}, api ${sandbox.info.baseUrl}`);
  // A server somebody else runs: a repository's settings point an environment at it. A second
  // Sandbox behind a proxy that records every request it receives (scanned for secrets below).
  const other = await startSandboxProcess({ cwd: root, env: { TMPDIR: join(tmp, 'tmp') }, admin: true });
  cleanups.push(() => other.close());
  const listenerLog = join(tmp, 'listener', 'requests.jsonl');
  writeFileSync(listenerLog, '');
  const listener = await startRecordingProxy({ authUpstream: other.info.authUrl, apiUpstream: other.info.baseUrl, logFile: listenerLog });
  cleanups.push(() => listener.close());

  // A tenant made of independent software (oidc-provider + graphql-http, configured only: test/unit/interop/servers.ts).
  const interop = await startInterop();
  cleanups.push(() => interop.close());
  log(`independent pair (oidc-provider + graphql-http): ${interop.url}`);

  // `chat` needs the language model provider API (final in VS Code 1.104) and a built-in chat to set up
  // offline: written against code-server 4.139, not run on another one (the oldest, 4.103).
  const defaultSuites = process.env.TENANT_GRAPHQL_CODE_SERVER_ENTRY ? 'main,restricted,german,folders' : 'main,restricted,german,folders,chat';
  const suites = (process.env.TENANT_GRAPHQL_SUITES ?? (process.env.TENANT_GRAPHQL_BENCH === '1' ? 'main' : defaultSuites)).split(',').filter(Boolean);
  const browserEntries = [];
  let code = 0;
  for (const suite of suites) {
    const outcome = await runSuite({ suite, tmp, node24, codeServerEntry, chromium, sandbox, other, listener, interop });
    browserEntries.push(...outcome.browserEntries);
    code = code || outcome.code;
  }
  finished = true;
  const leaks = await secretScan({ tmp, sandbox, other, listenerLog, browserEntries, interop });
  return code !== 0 ? code : leaks > 0 ? 1 : 0;
}

/**
 * The `german` part's own profile: VS Code applies an extension's package.nls.de.json and
 * l10n/bundle.l10n.de.json only when German is a display language it has a language pack for. The
 * Marketplace's pack cannot be downloaded here, so a test pack (test/fixtures/languagePackDe) declares
 * German with no translations of VS Code's own texts: installed into a fresh extensions folder
 * (VS Code lists it on its first start) and entered in languagepacks.json, which code-server reads
 * to resolve `--locale de` before the workbench loads.
 */
function germanProfile(tmp) {
  const stateDir = join(tmp, 'german');
  const pack = join(stateDir, 'extensions', 'tenantlabs.test-language-pack-de-0.0.1');
  cpSync(join(root, 'test/fixtures/languagePackDe'), pack, { recursive: true });
  mkdirSync(join(stateDir, 'user-data'), { recursive: true });
  const entry = {
    hash: 'test-de',
    extensions: [{ extensionIdentifier: { id: 'tenantlabs.test-language-pack-de' }, version: '0.0.1' }],
    translations: { vscode: join(pack, 'translations', 'main.i18n.json') },
    label: 'Deutsch',
  };
  writeFileSync(join(stateDir, 'user-data', 'languagepacks.json'), JSON.stringify({ de: entry }));
  writeFileSync(join(stateDir, 'config.yaml'), 'auth: none\ncert: false\n');
  return stateDir;
}

/**
 * The `chat` part's own profile (test/integration/chat): the scripted language model of
 * test/fixtures/scriptedChatModel (test machinery, never packaged) installed in a fresh extensions
 * folder, so that no other part loads it or VS Code's chat set up by this part, and the setting
 * `chat.allowAnonymousAccess` (see docs/upstream/chat-turn-in-code-server.md).
 */
function chatProfile(tmp) {
  const stateDir = join(tmp, 'chat');
  cpSync(join(root, 'test/fixtures/scriptedChatModel'), join(stateDir, 'extensions', 'tenantlabs.test-scripted-chat-model-0.0.1'), { recursive: true });
  // VS Code's chat without an account (the setup the test runs needs it): an experimental setting no extension may write.
  mkdirSync(join(stateDir, 'user-data', 'User'), { recursive: true });
  writeFileSync(join(stateDir, 'user-data', 'User', 'settings.json'), `${JSON.stringify({ 'chat.allowAnonymousAccess': true }, null, 2)}\n`);
  writeFileSync(join(stateDir, 'config.yaml'), 'auth: none\ncert: false\n');
  return stateDir;
}

/**
 * One code-server run of a part of the suite, sharing the user profile (user-data) with the others:
 * `main` (test/integration, workspace trust off as in `npm start`) and `restricted`
 * (test/integration/restricted, workspace trust on and the workspace not trusted: Restricted Mode) and
 * `german` (test/integration/german, display language German, a profile of its own).
 * Resolves to its exit code and the browser's storage (read before the browser closed).
 */
async function runSuite({ suite, tmp, node24, codeServerEntry, chromium, sandbox, other, listener, interop }) {
  const restricted = suite === 'restricted';
  const workspace = join(tmp, `workspace-${suite}`);
  // `folders`: a multi-root workspace of two folders, each choosing its own environment in its own settings
  // (the environments themselves are the person's, in user settings: see test/integration/folders).
  const multiRoot = suite === 'folders' ? join(workspace, 'folders.code-workspace') : undefined;
  if (multiRoot) {
    for (const [folder, environment] of [
      ['alpha', 'Alpha'],
      ['beta', 'Beta'],
    ]) {
      mkdirSync(join(workspace, folder, '.vscode'), { recursive: true });
      writeFileSync(join(workspace, folder, '.vscode', 'settings.json'), `${JSON.stringify({ 'tenantGraphql.activeEnvironment': environment }, null, 2)}\n`);
    }
    writeFileSync(multiRoot, `${JSON.stringify({ folders: [{ path: 'alpha' }, { path: 'beta' }], settings: {} }, null, 2)}\n`);
  } else {
    cpSync(join(root, 'test/fixtures/workspace'), workspace, { recursive: true });
  }
  if (restricted) {
    // The repository's settings name an environment at the other server, and write the schema and
    // generated types through `generated`, a link to a folder outside the workspace (see test/integration/restricted).
    mkdirSync(join(workspace, '.vscode'), { recursive: true });
    mkdirSync(join(tmp, 'outside-restricted'), { recursive: true });
    symlinkSync(join(tmp, 'outside-restricted'), join(workspace, 'generated'));
    writeFileSync(
      join(workspace, '.vscode', 'settings.json'),
      `${JSON.stringify(
        {
          'tenantGraphql.environments': [{ name: 'Sandbox', authUrl: listener.authUrl, baseUrl: listener.baseUrl, clientId: 'tenant-graphql-vscode', scopes: ['tasks:read'] }],
          'tenantGraphql.schema.writeTo': 'generated/settings.json',
          'tenantGraphql.codegen': { graphqlFiles: true, templatesFile: 'generated/graphql.generated.ts' },
        },
        null,
        2,
      )}\n`,
    );
    // No trust question at startup: the folder simply stays untrusted (Restricted Mode). Files are saved
    // when a test saves them (the web build's default saves after 1 s, which raced a test's own save on a
    // loaded machine: its save found the document already saved, and returned false).
    const userSettings = join(tmp, 'user-data', 'User', 'settings.json');
    mkdirSync(dirname(userSettings), { recursive: true });
    const current = existsSync(userSettings) ? JSON.parse(readFileSync(userSettings, 'utf8')) : {};
    writeFileSync(
      userSettings,
      `${JSON.stringify({ ...current, 'security.workspace.trust.startupPrompt': 'never', 'security.workspace.trust.enabled': true, 'files.autoSave': 'off' }, null, 2)}\n`,
    );
  }

  const extensionEnvironment = {
    TENANT_GRAPHQL_TEST_SANDBOX: JSON.stringify(sandbox.info),
    // A secret header value the headers tests store with Set Header Secret: searched for by the scan.
    TENANT_GRAPHQL_TEST_HEADER_SECRET: HEADER_SECRET,
    TENANT_GRAPHQL_TEST_LISTENER: JSON.stringify({
      authUrl: listener.authUrl,
      baseUrl: listener.baseUrl,
      adminUrl: other.info.adminUrl,
      adminKey: other.info.adminKey,
      // The other Sandbox's own addresses (not through the proxy): a server identity of its own (the folders suite's Beta).
      direct: { authUrl: other.info.authUrl, baseUrl: other.info.baseUrl },
    }),
    TENANT_GRAPHQL_TEST_INTEROP: JSON.stringify({
      url: interop.url,
      control: interop.control,
      clientId: interop.clientId,
      resource: interop.resource,
      teamClientId: interop.teamClientId,
      teamSecret: interop.teamSecret,
    }),
    TENANT_GRAPHQL_TEST_GREP: process.env.TENANT_GRAPHQL_TEST_GREP ?? '',
    TENANT_GRAPHQL_TEST_SUITE: suite,
    TENANT_GRAPHQL_TEST_RUNNER: 'code-server',
    TENANT_GRAPHQL_BENCH: process.env.TENANT_GRAPHQL_BENCH ?? '',
    TENANT_GRAPHQL_BENCH_PROFILE: process.env.TENANT_GRAPHQL_BENCH_PROFILE ?? '',
    TENANT_GRAPHQL_BENCH_DETAIL: process.env.TENANT_GRAPHQL_BENCH_DETAIL ?? '',
  };
  const port = await freePort();
  const env = {
    ...process.env,
    EXTENSIONS_GALLERY: '{}',
    XDG_CONFIG_HOME: join(tmp, 'xdg-config'),
    XDG_DATA_HOME: join(tmp, 'xdg-data'),
    XDG_CACHE_HOME: join(tmp, 'xdg-cache'),
    TMPDIR: join(tmp, 'tmp'),
    // Older code-servers (before VS Code 1.104 or so) ignore the payload's extensionEnvironment; their
    // extension host inherits the server's environment instead.
    ...(process.env.TENANT_GRAPHQL_CODE_SERVER_ENTRY ? extensionEnvironment : {}),
  };
  const german = suite === 'german';
  const args = codeServerArgs({
    entry: codeServerEntry,
    port,
    stateDir: german ? germanProfile(tmp) : suite === 'chat' ? chatProfile(tmp) : tmp,
    folder: multiRoot ?? workspace,
    workspaceTrust: restricted,
    legacySmokeTestOption: process.env.TENANT_GRAPHQL_CODE_SERVER_LEGACY === '1',
  });
  if (german) {
    args.push('--locale', 'de');
  }
  const serverLog = [];
  const server = spawn(node24, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout.on('data', (d) => serverLog.push(String(d)));
  server.stderr.on('data', (d) => serverLog.push(String(d)));
  const stopServer = async () => {
    killTree(server);
    await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
  };
  cleanups.push(stopServer);
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${base}/healthz`, server, 60_000);
  } catch (err) {
    console.error(serverLog.join(''));
    throw err;
  }
  log(`${suite}: code-server ready at ${base}${restricted ? ' (workspace trust on, the folder not trusted)' : ''}`);
  // code-server's port proxy (<code-server>/proxy/<port>/, the sign-in page's fallback address)
  // passes the browser's Host through unchanged: the Sandboxes also answer code-server's address,
  // as the extension's own Sandbox does once it has asked VS Code for its forwarding.
  for (const server of [sandbox, other]) {
    await server.control({ allowAuthHost: new URL(base).host });
  }

  const { chromium: pw } = await import('playwright-core');
  const browser = await pw.launch({
    executablePath: chromium,
    headless: true,
    env: { ...env, HOME: join(tmp, 'chromium') },
    args: CHROMIUM_ARGS,
  });
  const closeBrowser = () => browser.close();
  cleanups.push(closeBrowser);
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const harness = createBrowserHarness(context, [sandbox.info, { ...other.info, authUrl: listener.authUrl }, other.info], base, interop);
  routeInterop(context, interop);
  await injectServiceWorkerFaults(context, harness);

  const payload = [
    ['extensionDevelopmentPath', `vscode-remote://remote${root}`],
    ['extensionTestsPath', `vscode-remote://remote${join(root, 'out/integration/index.js')}`],
    ['extensionEnvironment', JSON.stringify(extensionEnvironment)],
    ['skipWelcome', 'true'],
  ];

  let documentFallback = false;
  const result = new Promise((resolveResult) => {
    const timer = setTimeout(() => {
      resolveResult({ code: 1, reason: `the integration tests did not finish within ${timeoutS} s (a test hung?)` });
    }, timeoutS * 1000);
    cleanups.push(() => clearTimeout(timer));
    context
      .exposeBinding('codeAutomationLog', (_source, type, args) => {
        const text = Array.isArray(args) ? format(...args) : String(args);
        for (const line of text.split('\n')) {
          const h = line.indexOf(HARNESS_MARKER);
          if (h >= 0) {
            harness.instruct(JSON.parse(line.slice(h + HARNESS_MARKER.length)));
            continue;
          }
          const i = line.indexOf(TEST_OUTPUT_MARKER);
          if (i >= 0) {
            // A result the results page did not render (its JSON document showed it): the record below tells why.
            documentFallback ||= line.includes('shown in the document');
            console.log(line.slice(i + TEST_OUTPUT_MARKER.length));
          } else if (verbose) {
            console.log(`[vscode:${type}] ${line}`);
          }
        }
      })
      .then(() =>
        context.exposeBinding('codeAutomationExit', (_source, code) => {
          clearTimeout(timer);
          resolveResult({ code: Number(code) === 0 ? 0 : 1, reason: Number(code) === 0 ? 'all tests passed' : 'tests failed' });
        }),
      )
      .catch((err) => resolveResult({ code: 1, reason: `could not drive the browser: ${err.message}` }));
  });

  const page = await context.newPage();
  page.on('pageerror', (err) => log(`workbench page error: ${err.message}`));
  const webviewRecord = recordWebviews(page, browser);
  context.on('serviceworker', (worker) => {
    const note = (line) => webviewRecord.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    note(`service worker started: ${worker.url().slice(0, 160)}`);
    worker.on('close', () => note('service worker closed'));
    void watchServiceWorker(worker, note);
  });
  // The service workers' script requests (the webview host's update() checks fetch the script
  // again): with a route on the context, Playwright intercepts the workers' requests too, so the
  // record says whether each such request finished.
  const workerScript = (request) => /service-?worker\.js/i.test(request.url());
  const describeRequest = (request) => {
    let from = 'from a frame';
    try {
      from = request.serviceWorker() ? `from the service worker ${new URL(request.serviceWorker().url()).pathname.split('/').pop()}` : (request.frame(), 'from a frame');
    } catch {
      from = 'from no frame';
    }
    return `${request.method()} ${new URL(request.url()).pathname.split('/').pop()} (${from})`;
  };
  context.on('request', (request) => workerScript(request) && webviewRecord.push(`${new Date().toISOString().slice(11, 23)} request: ${describeRequest(request)}`));
  context.on(
    'requestfinished',
    (request) => workerScript(request) && webviewRecord.push(`${new Date().toISOString().slice(11, 23)} request finished: ${describeRequest(request)}`),
  );
  context.on(
    'requestfailed',
    (request) =>
      workerScript(request) && webviewRecord.push(`${new Date().toISOString().slice(11, 23)} request failed: ${describeRequest(request)} ${request.failure()?.errorText ?? ''}`),
  );
  // Other tabs (sign-in pages): a tab closing while a webview starts once blanked every webview of a run.
  context.on('page', (tab) => {
    const note = (line) => webviewRecord.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    note('tab opened');
    tab.on('close', () => note(`tab closed: ${tab.url().slice(0, 100)}`));
  });
  const url = `${base}/?${multiRoot ? `workspace=${encodeURIComponent(multiRoot)}` : `folder=${encodeURIComponent(workspace)}`}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
  log(`${suite}: opening the workbench in Chromium; tests start when the extension host is up`);
  // The workbench's load event takes more than Playwright's default 30 s on a machine at load 20 (its scripts are many MB).
  await page.goto(url, { timeout: 180_000 });

  const { code, reason } = await result;
  log(`${suite}: ${reason}`);
  if (code !== 0 && process.env.TENANT_GRAPHQL_SHOW_SERVER_LOG) {
    console.error(serverLog.join(''));
  }
  if (code !== 0 || verbose || documentFallback) {
    // The results page's side of its life (the extension's side is in the failing test's message).
    log(`webview record (${webviewRecord.length} events; browser clock):\n${webviewRecord.join('\n')}`);
  }
  // The workbench's own storage lives in the browser (VS Code in a browser keeps globalState,
  // workspaceState and webview state in IndexedDB, in memory for this browser context): read it
  // for the secret scan before the browser closes.
  const browserEntries = await page.evaluate(dumpBrowserStorage).catch((err) => {
    log(`secret scan: could not read the browser's storage: ${err.message}`);
    return [];
  });
  // Stop VS Code so that everything it keeps on disk (logs, storage databases) is flushed.
  await closeBrowser().catch(() => undefined);
  await stopServer();
  return { code, browserEntries: browserEntries.map((e) => ({ ...e, where: `${suite} ${e.where}` })) };
}

/**
 * Looks into a webview host frame (VS Code's webview/browser/pre/index.html) 6 s after it loaded:
 * whether a service worker controls it, whether it made its page's frame, and whether an update
 * check of its registration (what the host awaits when it starts controlled) settles.
 */
async function probeHostFrame(frame, browser, note) {
  await new Promise((r) => setTimeout(r, 6000));
  const probe = () =>
    frame
      .evaluate(async () => {
        const container = navigator.serviceWorker;
        const registration = await Promise.race([container.getRegistration(), new Promise((r) => setTimeout(() => r('no answer'), 3000))]);
        const update =
          registration && typeof registration === 'object'
            ? await Promise.race([
                registration.update().then(
                  (r) => `settles (${r === undefined ? 'undefined' : 'a registration'})`,
                  (e) => `rejects (${e})`,
                ),
                new Promise((r) => setTimeout(() => r('does not settle within 5 s'), 5000)),
              ])
            : `no registration (${registration})`;
        return JSON.stringify({
          controlled: container.controller ? `${container.controller.state} by ${new URL(container.controller.scriptURL).pathname.split('/').pop()}` : null,
          frames: globalThis.document.querySelectorAll('iframe').length,
          activeFrame: Boolean(globalThis.document.getElementById('active-frame')),
          update,
        });
      })
      .catch((err) => `gone (${err.message.split('\n')[0]})`);
  const facts = await probe();
  note(`host frame after 6 s: ${facts}`);
  if (facts.includes('does not settle')) {
    note(`service worker versions: ${await describeServiceWorkerVersions(frame.page())}`);
    note(`service worker targets: ${await describeServiceWorkerTargets(browser)}`);
  }
}

/** The service worker registrations and versions as DevTools' ServiceWorker domain reports them. */
async function describeServiceWorkerVersions(page) {
  try {
    const cdp = await page.context().newCDPSession(page);
    const seen = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) =>
      seen.push({ registrations: e.registrations.map((r) => ({ id: r.registrationId, deleted: r.isDeleted, scope: r.scopeURL.slice(-40) })) }),
    );
    cdp.on('ServiceWorker.workerVersionUpdated', (e) =>
      seen.push({
        versions: e.versions.map((v) => ({
          id: v.versionId,
          reg: v.registrationId,
          running: v.runningStatus,
          status: v.status,
          target: v.targetId?.slice(0, 8),
          clients: v.controlledClients?.length,
        })),
      }),
    );
    cdp.on('ServiceWorker.workerErrorReported', (e) => seen.push({ error: e.errorMessage }));
    await cdp.send('ServiceWorker.enable');
    await new Promise((r) => setTimeout(r, 1500));
    await cdp.detach();
    return JSON.stringify(seen);
  } catch (err) {
    return `could not read them: ${err.message}`;
  }
}

/** The browser's service worker targets (id, attached, script) as DevTools lists them. */
async function describeServiceWorkerTargets(browser) {
  try {
    const cdp = await browser.newBrowserCDPSession();
    const { targetInfos } = await cdp.send('Target.getTargets');
    await cdp.detach();
    const workers = targetInfos.filter((t) => t.type === 'service_worker');
    return JSON.stringify(workers.map((t) => ({ id: t.targetId.slice(0, 8), attached: t.attached, url: t.url.split('/').pop()?.slice(0, 40) })));
  } catch (err) {
    return `could not list them: ${err.message}`;
  }
}

/** The registration's workers' states, as the service worker itself sees them. */
const SERVICE_WORKER_STATE = `JSON.stringify({
  self: self.serviceWorker ? self.serviceWorker.state : undefined,
  installing: self.registration.installing ? self.registration.installing.state : null,
  waiting: self.registration.waiting ? self.registration.waiting.state : null,
  active: self.registration.active ? self.registration.active.state : null,
})`;

/**
 * Follows a service worker the browser started until its registration is active (or a minute
 * passed), as the worker itself sees its registration: the record then shows whether the webview
 * worker ran, installed and activated, and when.
 */
async function watchServiceWorker(worker, note) {
  const answer = (ms) =>
    Promise.race([
      worker.evaluate(SERVICE_WORKER_STATE).then(
        (state) => `runs (${state})`,
        (err) => `gone (${err.message.split('\n')[0]})`,
      ),
      new Promise((r) => setTimeout(() => r(undefined), ms)),
    ]);
  let state = await answer(10_000);
  note(`service worker ${state ?? 'does not answer within 10 s'}`);
  for (let i = 0; i < 12 && !/active":"activated|gone/.test(String(state)); i++) {
    await new Promise((r) => setTimeout(r, 5_000));
    state = await answer(5_000);
    note(`service worker ${state ?? 'no answer'}`);
  }
}

/** Marks the results page's trace lines on its console (TRACE_PREFIX in src/webview/results/page.ts). */
const RESULTS_PAGE_TRACE = '[tenant-graphql results page] ';

/**
 * Records the life of the workbench's webview frames as the browser sees it: frames attached,
 * navigated and detached, and the results page's own trace lines from its console.
 * Returns the record (a growing list of lines, the newest last, at most 2,000).
 */
function recordWebviews(page, browser) {
  const record = [];
  const add = (line) => {
    record.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (record.length > 2000) {
      record.splice(0, record.length - 2000);
    }
  };
  const frameNames = new Map();
  const isWebview = (frame) => frame !== page.mainFrame() && /webview|vscode-resource|vscode-cdn/.test(frame.url());
  const nameOf = (frame) => {
    if (!frameNames.has(frame)) {
      frameNames.set(frame, `frame ${frameNames.size + 1}`);
    }
    return frameNames.get(frame);
  };
  const short = (url) => {
    try {
      const u = new URL(url);
      return `${u.pathname.split('/').slice(-2).join('/')}${u.searchParams.get('purpose') ? ` purpose=${u.searchParams.get('purpose')}` : ''}${u.searchParams.get('extensionId') ? ` ${u.searchParams.get('extensionId')}` : ''}`;
    } catch {
      return url.slice(0, 120);
    }
  };
  page.on('frameattached', (frame) => add(`${nameOf(frame)} attached (parent ${frame.parentFrame() === page.mainFrame() ? 'workbench' : nameOf(frame.parentFrame())})`));
  page.on('framenavigated', (frame) => {
    if (isWebview(frame)) {
      add(`${nameOf(frame)} navigated: ${short(frame.url())}`);
      if (/\/pre\/index\.html/.test(frame.url())) {
        void probeHostFrame(frame, browser, (line) => add(`${nameOf(frame)} ${line}`));
      }
    }
  });
  page.on('framedetached', (frame) => {
    if (frameNames.has(frame)) {
      add(`${nameOf(frame)} detached`);
    }
  });
  page.on('console', (message) => {
    const text = message.text();
    const i = text.indexOf(RESULTS_PAGE_TRACE);
    if (i >= 0) {
      add(`results page: ${text.slice(i + RESULTS_PAGE_TRACE.length)}`);
      return;
    }
    // What the webview host frames (pre/index.html, the service worker's clients) and the workbench say about webviews.
    const fromWebview = /webview/i.test(message.location()?.url ?? '');
    if ((fromWebview && message.type() !== 'debug') || /webview|service worker/i.test(text)) {
      add(`console ${message.type()}${fromWebview ? ' (webview frame)' : ''}: ${text.slice(0, 300)}`);
    }
  });
  page.on('worker', (worker) => add(`worker started: ${short(worker.url())}`));
  void recordTargets(browser, add);
  return record;
}

/**
 * The whole-run secret scan: every secret the runner's Sandbox issued or received is
 * searched for in everything the run produced, the other server's record of what it received
 * included (a credential of the person there is a leak); the other server's own secrets are
 * searched everywhere but in its record. Returns how many (place, kind) pairs were found.
 * Sandboxes that the extension starts itself ("Start Sandbox") are separate processes whose
 * secrets are not collected here.
 */
async function secretScan({ tmp, sandbox, other, listenerLog, browserEntries, interop }) {
  // The independent pair: the access tokens its API received, the codes and refresh tokens (rotated ones too) its
  // provider issued (the provider's own events, see test/unit/interop/servers.ts) and the verifiers its token endpoint got.
  const interopTokens = [
    ...(await interop.tokens()).map(({ kind, value }) => ({ kind: `interop_${kind}`, value })),
    // The confidential client's secret: the runner hands it to the Client Credentials test, which keeps it in SecretStorage.
    { kind: 'interop_client_secret', value: interop.teamSecret },
  ];
  const secrets = [...(await fetchIssuedSecrets(sandbox.info.adminUrl, sandbox.info.adminKey)), { kind: 'header_secret', value: HEADER_SECRET }, ...interopTokens];
  const otherSecrets = await fetchIssuedSecrets(other.info.adminUrl, other.info.adminKey);
  // Excluded, and only this: VS Code's SecretStorage, the one place tokens must be. In code-server
  // it is the workbench's localStorage entry "secrets.provider" (AES-GCM sealed with a key made of
  // user-data/serve-web-key-half and a browser part); everything else in the browser and on disk is searched.
  const secretStorage = (e) => /(^| )localStorage$/.test(e.where) && e.key === 'secrets.provider';
  const files = fileSources(tmp).map((f) =>
    [join('user-data', 'coder.json'), join('german', 'user-data', 'coder.json'), join('chat', 'user-data', 'coder.json')].includes(f.where) ? withoutLastQuery(f) : f,
  );
  const searchedEntries = browserEntries.filter((e) => !secretStorage(e));
  const sources = [
    ...files,
    ...searchedEntries.map((e) => ({ where: `browser ${e.where} key ${JSON.stringify(e.key.slice(0, 120))}`, bytes: Buffer.from(`${e.key}\n${e.value}`, 'utf8') })),
  ];
  const listenerRecord = join('listener', 'requests.jsonl');
  const findings = [
    ...searchSources(sources, secrets),
    ...searchSources(
      sources.filter((s) => s.where !== listenerRecord),
      otherSecrets,
    ),
  ];
  for (const f of findings) {
    console.error(`[integration] secret scan: ${f.count} ${f.kind} value(s) found in ${f.where}`);
  }
  const received = readFileSync(listenerLog, 'utf8').split('\n').filter(Boolean).length;
  log(
    `secret scan: ${secrets.length} secrets issued (${countKinds(secrets)}) and ${otherSecrets.length} by the other server, ${files.length} files (the other server's record of ${received} requests among them) and ${searchedEntries.length} browser storage entries searched (SecretStorage ${browserEntries.some(secretStorage) ? 'excluded' : 'empty'}), ${findings.length} found`,
  );
  return findings.length;
}

/**
 * code-server's coder.json with its `query` left out: that is the address this runner opened,
 * whose test payload carries the runner Sandbox's info the tests need (with the demo confidential
 * client's secret for the Client Credentials test). The runner put it there, not the extension.
 */
function withoutLastQuery(file) {
  try {
    const json = JSON.parse(file.bytes.toString('utf8'));
    delete json.query;
    return { ...file, bytes: Buffer.from(JSON.stringify(json), 'utf8') };
  } catch {
    return file;
  }
}

/**
 * Plays the person at the browser during sign-in tests:
 * - as the tenant admin, registers the exact redirect URI of this code-server's callback before
 *   the authorization request reaches the Sandbox (code-server's callback address carries a
 *   per-request id, so it cannot be registered in advance: see README, "Sign-in in code-server, Codespaces or a remote window");
 * - on the Sandbox consent page, picks the user and approves or denies, as the test asked.
 */
/**
 * A fault of VS Code's webview host in browsers, on demand: the next `harness.serviceWorkerFaults`
 * calls of `navigator.serviceWorker.register` in a webview host frame (webview/browser/pre/) fail
 * the way microsoft/vscode#125993 reports ("Could not register service worker: InvalidStateError").
 * Such a host frame never loads the page it is given. The workbench's own service worker is left alone.
 */
async function injectServiceWorkerFaults(context, harness) {
  await context.exposeBinding('__tgqServiceWorkerFault', () => {
    if (harness.serviceWorkerFaults > 0) {
      harness.serviceWorkerFaults--;
      log("browser harness: failing a webview host frame's service worker registration, as asked");
      return 'fail';
    }
    if (harness.webviewHostHangs > 0) {
      harness.webviewHostHangs--;
      log("browser harness: a webview host frame's service worker registration never settles, as asked");
      return 'hang';
    }
    return undefined;
  });
  await context.addInitScript(`(() => {
    const container = navigator.serviceWorker;
    if (!container || !location.pathname.includes('/webview/browser/pre/')) return;
    const register = container.register.bind(container);
    container.register = async (...args) => {
      const fault = await window.__tgqServiceWorkerFault();
      if (fault === 'fail') {
        throw new DOMException('Failed to register a ServiceWorker: The document is in an invalid state.', 'InvalidStateError');
      }
      if (fault === 'hang') {
        // The host frame waits for its worker and never ends its wait (no fake.html, no page), as in the failing runs after a sign-in.
        return new Promise(() => undefined);
      }
      return register(...args);
    };
  })();`);
}

/**
 * Starts the independent pair of test/unit/interop (scripts/interopServer.ts, through tsx) as a
 * child process and reads its first line: `INTEROP {...}`.
 */
async function startInterop() {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'interopServer.ts')], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const stderr = [];
  child.stderr.on('data', (d) => stderr.push(String(d)));
  const info = await new Promise((resolveInfo, reject) => {
    const timer = setTimeout(() => reject(new Error(`the independent pair did not start within 60 s\n${stderr.join('')}`)), 60_000);
    child.once('exit', (code) => reject(new Error(`the independent pair exited with code ${code}\n${stderr.join('')}`)));
    let text = '';
    child.stdout.on('data', (d) => {
      text += String(d);
      const m = /^INTEROP (\{.*\})$/m.exec(text);
      if (m) {
        clearTimeout(timer);
        resolveInfo(JSON.parse(m[1]));
      }
    });
  });
  return {
    ...info,
    tokens: async () => (await fetch(`${info.control}/tokens`)).json(),
    register: async (redirectUri) => {
      const res = await fetch(`${info.control}/register`, { method: 'POST', body: JSON.stringify({ redirectUri }) });
      if (!res.ok) {
        throw new Error((await res.json()).error);
      }
    },
    close: () =>
      new Promise((resolveClose) => {
        if (child.exitCode !== null) {
          resolveClose();
          return;
        }
        child.once('exit', () => resolveClose());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The tenant admin of the independent provider: when the browser asks for its authorize address,
 * the redirect URI the extension asked for is registered first (code-server's callback address
 * changes at every sign-in), then the request goes on to the provider. The person's part, its login
 * and consent pages, is done in Chromium by the browser harness (driveInterop), so the provider's
 * path cookies and absolute form actions are exercised as a person's browser meets them. Only the
 * unchanged address is registered: a sign-in that went through code-server's port proxy breaks
 * there, as it does for a person.
 */
function routeInterop(context, interop) {
  void context.route(`${interop.url}/oauth/authorize**`, async (route) => {
    const redirectUri = new URL(route.request().url()).searchParams.get('redirect_uri');
    try {
      if (redirectUri) {
        await interop.register(redirectUri);
      }
      await route.continue();
    } catch (err) {
      log(`interop harness: ${err.message}`);
      await route.fulfill({ status: 500, contentType: 'text/plain', body: `interop harness: ${err.message}` });
    }
  });
}

/**
 * The person at the independent provider's pages, in Chromium: the development login page (any login;
 * the test's user is the opaque sub), then the consent page, until the provider sends the tab on to
 * the redirect URI.
 */
async function driveInterop(page, interop) {
  const origin = new URL(interop.url).origin;
  for (let step = 0; step < 6; step++) {
    const url = new URL(page.url());
    if (url.origin !== origin) {
      return;
    }
    if (!url.pathname.startsWith('/interaction/')) {
      log(`interop harness: no login or consent page at ${url.pathname}: ${(await page.textContent('body').catch(() => ''))?.slice(0, 300)}`);
      return;
    }
    const login = page.locator('input[name=login]');
    if ((await login.count()) > 0) {
      await login.fill(interop.login);
      await page.fill('input[name=password]', 'any');
    }
    if (verbose) {
      log(`interop harness: submitting the ${(await login.count()) > 0 ? 'login' : 'consent'} page`);
    }
    await page.click('button[type=submit]');
    await page.waitForLoadState('domcontentloaded', { timeout: 20_000 });
  }
  log('interop harness: the sign-in took more than 6 pages');
}

function createBrowserHarness(context, servers, codeServerBase, interop) {
  let next = { consent: 'approve', user: 'alice' };
  // Any Sandbox's consent page (the runner's, the other server's, or one the extension started itself).
  const isAuthorizePage = (url) => {
    try {
      return new URL(url).pathname.endsWith('/oauth/authorize');
    } catch {
      return false;
    }
  };
  // The extension's one-shot page in front of a loopback sign-in page (src/auth/browserOpener.ts), through code-server's port proxy.
  const isInterstitial = (url) => url.startsWith(`${codeServerBase}/proxy/`) && /^\/proxy\/\d+\/[A-Za-z0-9_-]{20,}$/.test(new URL(url).pathname);
  const registerRoute =
    ({ adminUrl, adminKey }) =>
    async (route) => {
      const request = route.request();
      if (request.method() === 'GET') {
        const url = new URL(request.url());
        const redirectUri = url.searchParams.get('redirect_uri') ?? '';
        const clientId = url.searchParams.get('client_id') ?? '';
        if (redirectUri.startsWith(`${codeServerBase}/`) && next.registerRedirectUri !== false) {
          if (verbose) {
            log(`browser harness: registering redirect URI ${redirectUri.slice(0, 120)}`);
          }
          await fetch(`${adminUrl}/redirect-uris`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-sandbox-admin-key': adminKey },
            body: JSON.stringify({ clientId, uri: redirectUri }),
          });
        }
      }
      await route.continue();
    };
  for (const server of servers) {
    // code-server's openExternal sends 127.0.0.1:<port> addresses through its own port proxy
    // (<code-server>/proxy/<port>/...): both forms lead to the server.
    const proxiedAuthUrl = `${codeServerBase}/proxy/${new URL(server.authUrl).port}`;
    void context.route(`${server.authUrl}/oauth/authorize**`, registerRoute(server));
    void context.route(`${proxiedAuthUrl}/oauth/authorize**`, registerRoute(server));
  }
  const consentOn = async (page, todo) => {
    const approve = page.locator('#approve');
    if ((await approve.count()) === 0) {
      // An error page of the Sandbox: the test looks at the outcome in VS Code.
      log(`browser harness: no consent form on ${page.url().slice(0, 100)}: ${(await page.textContent('body').catch(() => ''))?.slice(0, 300)}`);
      return;
    }
    if (todo.user) {
      await page.selectOption('select[name=user]', todo.user);
    }
    await page.click(todo.consent === 'deny' ? '#deny' : '#approve');
    await page.waitForLoadState('load', { timeout: 10_000 }).catch(() => undefined);
    if (verbose) {
      log(`browser harness: after consent: ${page.url().slice(0, 200)} ${(await page.textContent('body').catch(() => ''))?.slice(0, 200)}`);
    }
    // The tab stays open until the browser closes, as a person's would ("You can close this tab").
    // Closing it here blanked every webview of the run: this tab shows code-server's
    // origin once the sign-in comes back, so Playwright's auto-attach on it also attaches to that
    // origin's service workers, and Chromium holds a service worker's update check until every
    // attached page has answered. A tab closed while VS Code's webview host awaited that update
    // check (its first frame always does) never answered: the update never settled, every later
    // job of the webview worker's registration queued behind it, and no webview made its page.
    // The record of each failing run showed the tab's session attaching to both workers, then
    // 'Render process gone', then host frames whose update check never settles.
    // A test may ask for the tab to be closed once the sign-in came back, as a person closes it.
    if (todo.closeTab) {
      await closeSignInTab(page);
    }
  };
  /** Closes a sign-in tab once the sign-in came back (code-server's callback page or the loopback one: "You can close this tab"), as a person does. */
  const closeSignInTab = async (page) => {
    const away = (u) => !isAuthorizePage(u.href) && !isInterstitial(u.href) && !u.href.startsWith(`${interop.url}/`);
    await page.waitForURL(away, { waitUntil: 'load', timeout: 20_000 }).catch(() => undefined);
    log(`browser harness: closing the sign-in tab, as asked (${new URL(page.url()).pathname.slice(0, 60)})`);
    await page.close();
  };
  context.on('page', (page) => {
    void (async () => {
      try {
        await page.waitForLoadState('domcontentloaded');
        if (verbose) {
          log(`browser harness: new tab ${page.url().slice(0, 160)}`);
        }
        const signIn = isInterstitial(page.url());
        if (signIn) {
          // It replaces itself with the sign-in page (directly when the browser reaches it).
          await page.waitForURL((u) => !isInterstitial(u.href), { waitUntil: 'domcontentloaded', timeout: 30_000 });
          if (verbose) {
            log(`browser harness: the interstitial went to ${page.url().slice(0, 160)}`);
          }
        }
        if (page.url().startsWith(`${interop.url}/`)) {
          const todo = next;
          await driveInterop(page, interop);
          if (todo.closeTab) {
            await closeSignInTab(page);
          }
          return;
        }
        if (!isAuthorizePage(page.url()) || next.consent === 'ignore') {
          // A sign-in that asked for no consent (a returning user) came straight back: the person closes the tab all the same.
          if (signIn && next.closeTab && next.consent !== 'ignore') {
            await closeSignInTab(page);
          }
          return;
        }
        await consentOn(page, next);
      } catch (err) {
        log(`browser harness: ${err.message}`);
      }
    })();
  });
  return {
    /** Service worker registrations of webview hosts still to fail (see injectServiceWorkerFaults). */
    serviceWorkerFaults: 0,
    /** Webview host frames still to be left waiting for their service worker forever (see injectServiceWorkerFaults). */
    webviewHostHangs: 0,
    instruct(instruction) {
      const { open, approveOpenPage, serviceWorkerFaults, webviewHostHangs, axe, panelLayout, chatView, ...rest } = instruction;
      if (chatView) {
        void readChatView(context, chatView);
        return;
      }
      if (axe) {
        void checkAccessibility(context, axe);
        return;
      }
      if (panelLayout) {
        void checkPanelLayout(context, panelLayout);
        return;
      }
      next = { ...next, ...rest };
      if (serviceWorkerFaults !== undefined) {
        this.serviceWorkerFaults = serviceWorkerFaults;
      }
      if (webviewHostHangs !== undefined) {
        this.webviewHostHangs = webviewHostHangs;
      }
      if (open) {
        void context
          .newPage()
          .then((p) => p.goto(open))
          .catch((err) => log(`browser harness: ${err.message}`));
      }
      if (approveOpenPage) {
        const page = context.pages().find((p) => isAuthorizePage(p.url()));
        if (page) {
          consentOn(page, next).catch((err) => log(`browser harness: ${err.message}`));
        } else {
          log('browser harness: no authorization page is open');
        }
      }
    },
  };
}

/**
 * The Chat view's text as a person sees it (the `chat` part of the suite): waits at most 60 s for the
 * workbench's chat session (`.interactive-session`) to show `contains`, then writes `{ text }` to `out`
 * (a file the test in the extension host reads); on failure `{ error, text }` with what it showed.
 */
async function readChatView(context, { contains, out }) {
  const write = (value) => {
    writeFileSync(`${out}.partial`, JSON.stringify(value));
    renameSync(`${out}.partial`, out);
  };
  let text = '';
  try {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      for (const page of context.pages()) {
        text = await page
          .locator('.interactive-session')
          .first()
          .innerText({ timeout: 2_000 })
          .catch(() => text);
        if (text.includes(contains)) {
          write({ text });
          return;
        }
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    write({ error: `the Chat view did not show ${JSON.stringify(contains)} within 60 s`, text });
  } catch (err) {
    write({ error: String(err?.stack ?? err), text });
  }
}

/**
 * Runs axe-core (https://github.com/dequelabs/axe-core, from node_modules) inside the results
 * webview's page frame once its body has the theme class the test waits for (`vscode-dark`,
 * `vscode-high-contrast`), and writes to `out` (a file the test in the extension host reads) the
 * violations and a few facts about the page's live regions and tree items. Waits at most 30 s for
 * the frame (a hang guard); on failure, writes the error.
 */
async function checkAccessibility(context, { themeClass, out }) {
  // Written whole, then renamed into place: the test reads `out` as soon as it exists, and a plain
  // write let it read the file between its creation and its content once (JSON.parse of '').
  const write = (value) => {
    writeFileSync(`${out}.partial`, JSON.stringify(value));
    renameSync(`${out}.partial`, out);
  };
  try {
    const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    const deadline = Date.now() + 30_000;
    let frame;
    while (!frame && Date.now() < deadline) {
      for (const page of context.pages()) {
        for (const f of page.frames()) {
          const ok = await f.evaluate((cls) => !!document.querySelector('main#root') && document.body.classList.contains(cls), themeClass).catch(() => false);
          if (ok) {
            frame = f;
          }
        }
      }
      if (!frame) {
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    if (!frame) {
      write({ error: `no results page with the ${themeClass} theme within 30 s` });
      return;
    }
    await frame.evaluate(source);
    const result = await frame.evaluate(async () => {
      /* global axe, document -- runs in the page; axe injected above */
      const r = await axe.run(document, { resultTypes: ['violations'] });
      const items = [...document.querySelectorAll('[role="treeitem"]')];
      return {
        bodyClass: document.body.className,
        violations: r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) })),
        liveRegions: [...document.querySelectorAll('[aria-live], [role="status"], [role="alert"]')].map((e) => ({
          tag: e.tagName.toLowerCase(),
          id: e.id,
          role: e.getAttribute('role'),
          live: e.getAttribute('aria-live'),
          text: e.textContent,
        })),
        treeItems: items.length,
        treeItemsWithoutPosition: items.filter((e) => !e.hasAttribute('aria-posinset') || !e.hasAttribute('aria-setsize') || !e.hasAttribute('aria-level')).length,
      };
    });
    write(result);
  } catch (err) {
    write({ error: String(err?.stack ?? err) });
  }
}

/**
 * The results page as a person sees it at `width` px: once its body has `themeClass` and its title
 * shows `title`, the webview is made that wide, its layout measured (the toolbar's buttons, the
 * visible controls, the filter box's placeholder against its room, horizontal overflow), and, with
 * TENANT_GRAPHQL_SCREENSHOTS=<dir>, a PNG of it saved there as `<name>.png`. Writes the facts to `out`.
 */
async function checkPanelLayout(context, { themeClass, title, width, name, out }) {
  const write = (value) => {
    writeFileSync(`${out}.partial`, JSON.stringify(value));
    renameSync(`${out}.partial`, out);
  };
  let host;
  try {
    const deadline = Date.now() + 30_000;
    let frame;
    while (!frame && Date.now() < deadline) {
      for (const page of context.pages()) {
        for (const f of page.frames()) {
          const ok = await f
            .evaluate(({ cls, text }) => document.body.classList.contains(cls) && (document.querySelector('h1.operation')?.textContent ?? '').includes(text), {
              cls: themeClass,
              text: title,
            })
            .catch(() => false);
          if (ok) {
            frame = f;
          }
        }
      }
      if (!frame) {
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    if (!frame) {
      write({ error: `no results page titled ${title} with the ${themeClass} theme within 30 s` });
      return;
    }
    // The page's frame sits in the webview's host frame, whose <iframe> is in the workbench.
    host = await frame.parentFrame()?.frameElement();
    if (!host) {
      write({ error: 'the results page has no host frame' });
      return;
    }
    await host.evaluate((e, w) => {
      e.style.width = `${w}px`;
    }, width);
    /* global requestAnimationFrame, getComputedStyle -- run in the page */
    await frame.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const facts = await frame.evaluate(() => {
      const visible = (e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
      };
      const box = (e) => {
        const r = e.getBoundingClientRect();
        return { top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left), right: Math.round(r.right) };
      };
      const controls = [...document.querySelectorAll('button, select, input')].filter(visible);
      const input = document.querySelector('input.filter-input');
      let placeholder;
      if (input && visible(input)) {
        const cs = getComputedStyle(input);
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
        placeholder = {
          text: input.placeholder,
          width: Math.ceil(ctx.measureText(input.placeholder).width),
          room: Math.floor(input.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight)),
        };
      }
      return {
        bodyClass: document.body.className,
        viewportWidth: document.documentElement.clientWidth,
        scrollWidth: document.documentElement.scrollWidth,
        title: box(document.querySelector('h1.operation')),
        toolbar: [...document.querySelectorAll('.toolbar button')].filter(visible).map((b) => ({ label: b.getAttribute('aria-label'), ...box(b) })),
        tableControls: [...document.querySelectorAll('.table-controls > *')].filter(visible).map((e) => ({ tag: e.tagName.toLowerCase(), text: e.textContent, ...box(e) })),
        emptySelects: controls.filter((e) => e.tagName === 'SELECT' && e.options.length === 0).length,
        unnamedButtons: controls.filter((e) => e.tagName === 'BUTTON' && !(e.textContent.trim() || e.getAttribute('aria-label'))).length,
        placeholder,
        hints: [...document.querySelectorAll('.hint')].filter(visible).map((e) => e.textContent),
      };
    });
    const dir = process.env.TENANT_GRAPHQL_SCREENSHOTS;
    let png;
    if (dir) {
      mkdirSync(resolve(dir), { recursive: true });
      png = join(resolve(dir), `${name}.png`);
      await host.screenshot({ path: png });
    }
    write({ ...facts, png });
  } catch (err) {
    write({ error: String(err?.stack ?? err) });
  } finally {
    await host
      ?.evaluate((e) => {
        e.style.width = '';
      })
      .catch(() => undefined);
  }
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (err) {
  console.error(`[integration] ${err instanceof PrerequisiteError ? err.message : (err.stack ?? err)}`);
  exitCode = 1;
} finally {
  await cleanup();
}
if (!finished) {
  exitCode = 1;
}
process.exit(exitCode);
