// `npm start`: the main job on the Sandbox. Builds the extension, starts the Sandbox on 127.0.0.1,
// and opens the extension in a real VS Code with a sample workspace pointed at it:
//   - desktop VS Code when `code` is on PATH (sign-in through the URI handler);
//   - otherwise code-server (VS Code in the browser; sign-in through a loopback redirect), whose
//     address is printed last, once it answers.
// Options: --code-server      use code-server even when `code` is on PATH
//          --port N           code-server's port (default 8080)
//          --state-dir DIR    where the sample workspace, VS Code's user data and logs live
//                             (default .cache/start; the main-job test passes a temp folder)
// Ctrl-C stops code-server and the Sandbox and leaves no process behind.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, writeFileSync, readFileSync, createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_KEY_ENV, startSandboxProcess } from './sandboxProcess.mjs';
import { PrerequisiteError } from './prerequisites.mjs';
import { codeServerArgs } from './codeServer.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SAMPLE_FILE = 'tasks.graphql';

/** Something the user can fix; its message says what to do, and no stack trace is printed. */
class UserError extends Error {}

function say(msg = '') {
  console.log(msg ? `[start] ${msg}` : '');
}

function parseOptions(argv) {
  const options = { codeServer: false, port: 8080, stateDir: join(root, '.cache', 'start') };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--code-server') {
      options.codeServer = true;
    } else if (arg === '--port') {
      options.port = Number(argv[++i]);
      if (!Number.isInteger(options.port) || options.port < 1 || options.port > 65535) {
        throw new UserError('--port needs a port number between 1 and 65535, e.g. `npm start -- --port 8081`.');
      }
    } else if (arg === '--state-dir') {
      options.stateDir = resolve(argv[++i] ?? '');
    } else {
      throw new UserError(`Unknown option ${arg}. Options: --code-server, --port N, --state-dir DIR.`);
    }
  }
  return options;
}

function hasDesktopCode() {
  return spawnSync('code', ['--version'], { stdio: 'ignore' }).status === 0;
}

function readJson(path) {
  if (!existsSync(path)) {
    return {};
  }
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return {}; // a settings file the user broke: start from the defaults rather than fail
  }
}

/** Merges `values` into a JSON settings file, keeping every other setting the user has there. */
function mergeSettings(path, values) {
  writeJson(path, { ...readJson(path), ...values });
}

function writeJson(path, value) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}

function portIsFree(port) {
  return new Promise((res) => {
    const srv = createServer();
    srv.once('error', () => res(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => res(true)));
  });
}

async function waitForHealth(url, child, timeoutMs) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) {
      return false;
    }
    try {
      if ((await fetch(url)).ok) {
        return true;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

function tail(path, lines = 30) {
  try {
    return readFileSync(path, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** Sends a signal to a detached child's whole process group, and waits for the child to exit. */
function stopGroup(child, signal = 'SIGTERM') {
  return new Promise((res) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) {
      res();
      return;
    }
    child.once('exit', () => res());
    try {
      process.kill(-child.pid, signal);
    } catch {
      child.kill(signal);
    }
    setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }, 5000).unref();
  });
}

const cleanups = [];
let stopping = false;

/** Stops what was started, newest first, then exits. */
async function stopAll(code) {
  if (stopping) {
    return;
  }
  stopping = true;
  if (cleanups.length) {
    say('stopping...');
    for (const fn of cleanups.reverse()) {
      await fn().catch(() => undefined);
    }
    say('stopped: no process of ours is left running.');
  }
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
process.on('SIGHUP', () => void stopAll(0));

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const desktop = !options.codeServer && hasDesktopCode();

  say('building the extension (a few seconds)...');
  if (spawnSync(process.execPath, [join(root, 'scripts/build.mjs'), '--quiet'], { stdio: 'inherit' }).status !== 0) {
    throw new UserError('The build failed (see the errors above).');
  }

  // The sample workspace: copied once (later starts keep your edits), settings refreshed every time.
  const workspace = join(options.stateDir, 'workspace');
  mkdirSync(workspace, { recursive: true });
  cpSync(join(root, 'test/fixtures/workspace'), workspace, { recursive: true, force: false, errorOnExist: false });

  let codeServer;
  let prerequisites;
  if (!desktop) {
    // Before the Sandbox starts, so that a first run's install (minutes) does not hold its ports.
    say('checking code-server (VS Code in the browser); the first run installs it into .cache/ (3 to 8 minutes)...');
    const { ensurePrerequisites } = await import('./prerequisites.mjs');
    prerequisites = await ensurePrerequisites({ browser: false });
    if (!(await portIsFree(options.port))) {
      throw new UserError(`Port ${options.port} is taken (another \`npm start\`?): stop that, or pick another port: \`npm start -- --port ${options.port + 1}\`.`);
    }
  }

  say('starting the Sandbox (the local Service)...');
  // No admin endpoint for a person's demo: it is test machinery. A test that drives `npm start`
  // (the e2e main job) turns it on by handing over a key of its run in TENANT_GRAPHQL_SANDBOX_ADMIN_KEY.
  const sandbox = await startSandboxProcess({ cwd: root, args: ['--quiet'], admin: process.env[ADMIN_KEY_ENV] || false });
  cleanups.push(() => sandbox.close());
  const { authUrl, baseUrl, clients, users } = sandbox.info;
  const publicClient = clients.find((c) => c.type === 'public') ?? clients[0];

  const sandboxSettings = {
    'tenantGraphql.environments': [
      {
        name: 'Sandbox',
        authUrl,
        baseUrl,
        clientId: publicClient.clientId,
        scopes: publicClient.scopes,
        redirectMode: desktop ? 'uriHandler' : 'loopback',
      },
    ],
    'tenantGraphql.activeEnvironment': 'Sandbox',
  };
  // In desktop VS Code (the person's own profile) the Sandbox is the demo workspace's environment:
  // the extension asks once before it signs in there. In code-server the profile is this script's
  // own (.cache/start), so the Sandbox goes into its user settings (below), like a person's own tenant.
  const workspaceSettings = join(workspace, '.vscode', 'settings.json');
  const keptWorkspaceSettings = Object.fromEntries(Object.entries(readJson(workspaceSettings)).filter(([key]) => !(key in sandboxSettings)));
  writeJson(workspaceSettings, {
    ...keptWorkspaceSettings,
    ...(desktop ? sandboxSettings : {}),
    // The sample lives inside this checkout: no "open the parent repository?" prompt.
    'git.openRepositoryInParentFolders': 'never',
  });
  const demoUsers = users.map((u) => `${u.id} (${u.name})`).join(', ');

  if (desktop) {
    say('opening desktop VS Code with the extension under development...');
    spawn('code', ['--new-window', `--extensionDevelopmentPath=${root}`, workspace, join(workspace, SAMPLE_FILE)], { stdio: 'inherit' });
    say();
    say(`Sandbox running: sign-in at ${authUrl}, API at ${baseUrl}. Demo users: ${demoUsers}.`);
    say('First step, in VS Code: F1 > "Tenant GraphQL: Try the Sandbox" (or its button in the Tenant GraphQL side view):');
    say('pick alice and approve in the browser, then "Run the sample" (or Ctrl+Enter in tasks.graphql).');
    say('Ctrl-C here stops the Sandbox.');
    return;
  }

  const { node24, codeServerEntry } = prerequisites;
  const state = options.stateDir;
  for (const d of ['user-data/User', 'extensions', 'xdg-config', 'xdg-data', 'xdg-cache']) {
    mkdirSync(join(state, d), { recursive: true });
  }
  writeFileSync(join(state, 'config.yaml'), 'auth: none\ncert: false\n');
  // A quiet first window: no Welcome page, no Chat side bar, no tips; only where the user has not chosen otherwise.
  const userSettings = join(state, 'user-data', 'User', 'settings.json');
  mergeSettings(userSettings, {
    'workbench.startupEditor': 'none',
    'workbench.secondarySideBar.defaultVisibility': 'hidden',
    'chat.disableAIFeatures': true,
    'workbench.tips.enabled': false,
    'extensions.ignoreRecommendations': true,
    'telemetry.telemetryLevel': 'off',
    'git.openRepositoryInParentFolders': 'never',
    ...readJson(userSettings),
    ...sandboxSettings,
  });
  const logPath = join(state, 'code-server.log');
  const logStream = createWriteStream(logPath);
  say(`starting code-server on 127.0.0.1:${options.port} (its log: ${logPath})...`);
  codeServer = spawn(node24, codeServerArgs({ entry: codeServerEntry, port: options.port, stateDir: state, folder: workspace }), {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      EXTENSIONS_GALLERY: '{}',
      XDG_CONFIG_HOME: join(state, 'xdg-config'),
      XDG_DATA_HOME: join(state, 'xdg-data'),
      XDG_CACHE_HOME: join(state, 'xdg-cache'),
    },
  });
  codeServer.stdout.pipe(logStream);
  codeServer.stderr.pipe(logStream);
  cleanups.push(() => stopGroup(codeServer));
  codeServer.once('exit', (code) => {
    if (!stopping) {
      console.error(`[start] code-server stopped unexpectedly (exit ${code}). The end of its log:\n${tail(logPath)}`);
      void stopAll(1);
    }
  });

  const base = `http://127.0.0.1:${options.port}`;
  // The sign-in page's fallback address goes through code-server's port proxy, which passes the
  // browser's Host (code-server's address) through unchanged.
  await sandbox.control({ allowAuthHost: `127.0.0.1:${options.port}` });
  await sandbox.control({ allowAuthHost: `localhost:${options.port}` });
  if (!(await waitForHealth(`${base}/healthz`, codeServer, 60_000))) {
    throw new UserError(`code-server did not start. The end of its log (${logPath}):\n${tail(logPath)}`);
  }

  const remote = (p) => `vscode-remote://remote${p}`;
  const payload = [
    ['extensionDevelopmentPath', remote(root)],
    // Named with the address's own authority (the one the workspace folder gets), so that the sample
    // is one editor: Try the Sandbox shows this tab instead of opening the file a second time.
    ['openFile', `vscode-remote://127.0.0.1:${options.port}${join(workspace, SAMPLE_FILE)}`],
    ['skipWelcome', 'true'],
  ];
  const address = `${base}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
  say();
  say(`Sandbox running: sign-in at ${authUrl}, API at ${baseUrl}. Demo users: ${demoUsers}.`);
  say('First step, in VS Code: F1 > "Tenant GraphQL: Try the Sandbox" (or its button in the Tenant GraphQL side view):');
  say('pick alice and approve in the new tab, then "Run the sample" (or Ctrl+Enter in tasks.graphql) to see the results.');
  say('The walkthrough "Get started with Tenant GraphQL" (F1 > "Welcome: Open Walkthrough") shows the rest.');
  say('Ctrl-C here stops code-server and the Sandbox.');
  say();
  say('Ready. Open this address in a browser on this machine:');
  console.log(address);
}

try {
  await main();
} catch (err) {
  const known = err instanceof UserError || err instanceof PrerequisiteError;
  console.error(`[start] ${known ? err.message : (err.stack ?? String(err))}`);
  await stopAll(1);
}
