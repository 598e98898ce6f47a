// `npm start`: build, start the Sandbox, and open the extension in a real VS Code pointed at it,
// with a sample workspace of queries. Desktop VS Code when `code` is on PATH (URI-handler sign-in),
// otherwise code-server on 127.0.0.1 (loopback sign-in), with the address printed for the browser.
// Options: --code-server (force code-server), --port N (code-server port, default 8080).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandboxProcess } from './sandboxProcess.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const forceCodeServer = argv.includes('--code-server');
const portArg = argv.indexOf('--port');
const port = portArg >= 0 ? Number(argv[portArg + 1]) : 8080;

function hasCode() {
  return spawnSync('code', ['--version'], { stdio: 'ignore' }).status === 0;
}

console.log('[start] building...');
if (spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' }).status !== 0) {
  process.exit(1);
}

const sandbox = await startSandboxProcess({ cwd: root });
const { authUrl, baseUrl, clients } = sandbox.info;
const publicClient = clients.find((c) => c.type === 'public') ?? clients[0];
const desktop = !forceCodeServer && hasCode();

// A fresh copy of the sample workspace, pointed at this Sandbox.
const workspace = join(root, '.cache', 'start', 'workspace');
mkdirSync(dirname(workspace), { recursive: true });
cpSync(join(root, 'test/fixtures/workspace'), workspace, { recursive: true });
mkdirSync(join(workspace, '.vscode'), { recursive: true });
const settingsPath = join(workspace, '.vscode', 'settings.json');
const settings = existsSync(settingsPath) ? JSON.parse(readFileSync(settingsPath, 'utf8')) : {};
settings['tenantGraphql.environments'] = [
  {
    name: 'Sandbox',
    authUrl,
    baseUrl,
    clientId: publicClient.clientId,
    scopes: publicClient.scopes,
    redirectMode: desktop ? 'uriHandler' : 'loopback',
  },
];
settings['tenantGraphql.activeEnvironment'] = 'Sandbox';
writeFileSync(settingsPath, JSON.stringify(settings, null, 2));

const stopAll = [];
const stop = async () => {
  for (const fn of stopAll.reverse()) {
    await fn();
  }
  await sandbox.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

console.log(`\nSandbox running: sign-in at ${authUrl}, API at ${baseUrl}`);
console.log(`Demo users: ${sandbox.info.users.map((u) => `${u.id} (${u.name})`).join(', ')}`);
if (desktop) {
  console.log('\nOpening VS Code with the extension under development...');
  spawn('code', ['--new-window', `--extensionDevelopmentPath=${root}`, workspace], { stdio: 'inherit' });
  console.log('In VS Code: run "Tenant GraphQL: Sign In", pick a demo user, then open tasks.graphql.');
} else {
  const { ensurePrerequisites } = await import('./prerequisites.mjs');
  const { node24, codeServerEntry } = ensurePrerequisites();
  const state = join(root, '.cache', 'start');
  const cs = spawn(
    node24,
    [codeServerEntry, '--auth', 'none', '--bind-addr', `127.0.0.1:${port}`, '--disable-telemetry', '--disable-update-check',
      '--disable-workspace-trust', '--user-data-dir', join(state, 'user-data'), '--extensions-dir', join(state, 'extensions'),
      '--config', join(state, 'config.yaml'), workspace],
    { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, EXTENSIONS_GALLERY: '{}' } },
  );
  stopAll.push(() => new Promise((r) => { cs.once('exit', r); cs.kill('SIGTERM'); }));
  const payload = encodeURIComponent(JSON.stringify([['extensionDevelopmentPath', `vscode-remote://remote${root}`]]));
  console.log(`\nOpen this address in a browser on this machine:\n  http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}&payload=${payload}`);
  console.log('Then run "Tenant GraphQL: Sign In" and pick a demo user. Ctrl-C stops everything.');
}
