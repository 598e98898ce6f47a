// One part of the suite in a real VS Code: code-server started on the part's workspace, headless
// Chromium opening its workbench with the test payload, the browser harness and the webview record
// on, the tests' output relayed, until the tests report their exit code (or the runner timeout).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { format } from 'node:util';
import { CHROMIUM_ARGS, codeServerArgs } from '../codeServer.mjs';
import { dumpBrowserStorage } from '../secretScan.mjs';
import { createBrowserHarness, routeInterop } from './browserHarness.mjs';
import { injectServiceWorkerFaults } from './faultInjection.mjs';
import { freePort, killTree, log, waitForHealth } from './lifecycle.mjs';
import { testEnvironment } from './testEnvironment.mjs';
import { classifyLine, testPayload, workbenchUrl } from './testOutput.mjs';
import { recordWebviews } from './webviewRecord.mjs';
import { chatProfile, germanProfile, prepareWorkspace } from './workspaces.mjs';

/** Starts code-server for the part; resolves once it answers /healthz. */
async function startCodeServer({ root, tmp, suite, options, codeServer, folder, extensionEnvironment, cleanups }) {
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
    ...(options.codeServer.entry ? extensionEnvironment : {}),
  };
  const german = suite === 'german';
  const args = codeServerArgs({
    entry: codeServer.entry,
    port,
    stateDir: german ? germanProfile({ root, tmp }) : suite === 'chat' ? chatProfile({ root, tmp }) : tmp,
    folder,
    workspaceTrust: suite === 'restricted',
    legacySmokeTestOption: options.codeServer.legacy,
  });
  if (german) {
    args.push('--locale', 'de');
  }
  const serverLog = [];
  const server = spawn(codeServer.node, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout.on('data', (d) => serverLog.push(String(d)));
  server.stderr.on('data', (d) => serverLog.push(String(d)));
  const stop = async () => {
    killTree(server);
    await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
  };
  cleanups.add(stop);
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${base}/healthz`, server, 60_000);
  } catch (err) {
    console.error(serverLog.join(''));
    throw err;
  }
  return { base, env, serverLog, stop };
}

/**
 * Relays the workbench's console (the tests' output, the harness's instructions) and resolves to
 * `{ code, reason }` when the tests report their exit code, or after the runner timeout.
 * `state.documentFallback` turns true when a result was shown in its JSON document.
 */
function awaitTests({ context, harness, options, cleanups, state }) {
  return new Promise((resolveResult) => {
    const timer = setTimeout(() => {
      resolveResult({ code: 1, reason: `the integration tests did not finish within ${options.runnerTimeoutS} s (a test hung?)` });
    }, options.runnerTimeoutS * 1000);
    cleanups.add(() => clearTimeout(timer));
    context
      .exposeBinding('codeAutomationLog', (_source, type, args) => {
        const text = Array.isArray(args) ? format(...args) : String(args);
        for (const line of text.split('\n')) {
          const said = classifyLine(line);
          if (said.kind === 'harness') {
            harness.instruct(said.instruction);
          } else if (said.kind === 'test') {
            // A result the results page did not render (its JSON document showed it): the webview record tells why.
            state.documentFallback ||= said.inDocument;
            console.log(said.text);
          } else if (options.verbose) {
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
}

/**
 * Runs one part of the suite (see workspaces.mjs for what each part opens). `servers` are those of
 * startServers (servers.mjs); `codeServer` is `{ entry, node }`, `chromium` the browser's executable.
 * Resolves to its exit code and the browser's storage (read before the browser closed, for the secret scan).
 */
export async function runSuite({ root, tmp, suite, options, codeServer, chromium, servers, headerSecret, cleanups }) {
  const { sandbox, other, listener, interop } = servers;
  const folders = prepareWorkspace({ root, tmp, suite, listener });
  const extensionEnvironment = testEnvironment({ suite, options, sandbox, other, listener, interop, headerSecret });
  const { base, env, serverLog, stop } = await startCodeServer({
    root,
    tmp,
    suite,
    options,
    codeServer,
    folder: folders.multiRoot ?? folders.workspace,
    extensionEnvironment,
    cleanups,
  });
  log(`${suite}: code-server ready at ${base}${suite === 'restricted' ? ' (workspace trust on, the folder not trusted)' : ''}`);
  // code-server's port proxy (<code-server>/proxy/<port>/, the sign-in page's fallback address)
  // passes the browser's Host through unchanged: the Sandboxes also answer code-server's address,
  // as the extension's own Sandbox does once it has asked VS Code for its forwarding.
  for (const server of [sandbox, other]) {
    await server.control({ allowAuthHost: new URL(base).host });
  }

  const { chromium: pw } = await import('playwright-core');
  const browser = await pw.launch({ executablePath: chromium, headless: true, env: { ...env, HOME: join(tmp, 'chromium') }, args: CHROMIUM_ARGS });
  const closeBrowser = () => browser.close();
  cleanups.add(closeBrowser);
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const harness = createBrowserHarness({
    context,
    servers: [sandbox.info, { ...other.info, authUrl: listener.authUrl }, other.info],
    codeServerBase: base,
    interop,
    verbose: options.verbose,
    screenshots: options.screenshots,
  });
  routeInterop(context, interop);
  await injectServiceWorkerFaults(context, harness);

  const state = { documentFallback: false };
  const result = awaitTests({ context, harness, options, cleanups, state });
  const page = await context.newPage();
  page.on('pageerror', (err) => log(`workbench page error: ${err.message}`));
  const webviewRecord = recordWebviews({ page, context, browser });
  log(`${suite}: opening the workbench in Chromium; tests start when the extension host is up`);
  // The workbench's load event takes more than Playwright's default 30 s on a machine at load 20 (its scripts are many MB).
  await page.goto(workbenchUrl(base, folders, testPayload(root, extensionEnvironment)), { timeout: 180_000 });

  const { code, reason } = await result;
  log(`${suite}: ${reason}`);
  if (code !== 0 && options.showServerLog) {
    console.error(serverLog.join(''));
  }
  if (code !== 0 || options.verbose || state.documentFallback) {
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
  await stop();
  return { code, browserEntries: browserEntries.map((e) => ({ ...e, where: `${suite} ${e.where}` })) };
}
