// `npm run test:upstream`: the upstream canary. Copies the repository (its tracked files) to a temp
// folder, installs there the newest release of every runtime dependency (`npm install <name>@latest`
// for each of package.json's "dependencies"), then builds, type-checks and runs the unit and contract suites
// (under Node 24 from .cache), and prints what changed and what broke. Not part of `npm test`: its
// result depends on what the registry serves that day.
// Usage: node scripts/testUpstream.mjs [--keep]   (--keep leaves the temp folder for a look)
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNode24, node24Home } from './prerequisites.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const keep = process.argv.includes('--keep');

function log(msg) {
  console.log(`[upstream] ${msg}`);
}

/** Runs a command in the copy, its output shown as it comes; resolves to its exit code. */
function run(cmd, args, cwd, env = {}) {
  log(`${cmd} ${args.join(' ')}`);
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
    child.once('error', () => done(1));
    child.once('exit', (code) => done(code ?? 1));
  });
}

/** The installed version of each package, from a package-lock.json. */
function lockedVersions(dir, names) {
  const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8'));
  return Object.fromEntries(names.map((n) => [n, lock.packages?.[`node_modules/${n}`]?.version ?? '(none)']));
}

/** The tracked files, without installed packages and caches. */
function trackedFiles() {
  const r = spawnSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) {
    throw new Error(`git ls-files failed: ${r.stderr}`);
  }
  return r.stdout.split('\0').filter((f) => f && !/^(node_modules|\.cache)(\/|$)/.test(f));
}

await ensureNode24();
const copy = mkdtempSync(join(tmpdir(), 'tgq-upstream-'));
log(`copying the repository to ${copy}`);
for (const file of trackedFiles()) {
  if (existsSync(join(root, file))) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(root, file), join(copy, file), { verbatimSymlinks: true });
  }
}
// Node 24, code-server and Chromium are not the subject here: the copy uses this clone's.
symlinkSync(join(root, '.cache'), join(copy, '.cache'));

const manifest = JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8'));
const names = Object.keys(manifest.dependencies ?? {});
const before = lockedVersions(copy, names);
// npm with Node 24 first on PATH: what npm checks of engines is then what the tests run on.
const env24 = { PATH: `${join(node24Home, 'bin')}:${process.env.PATH}`, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
const steps = [];
steps.push(['install the newest releases', await run('npm', ['install', '--no-audit', '--no-fund', ...names.map((n) => `${n}@latest`)], copy, env24)]);
const after = lockedVersions(copy, names);
const graphqls = spawnSync('npm', ['ls', 'graphql', '--all', '--parseable', '--long'], { cwd: copy, encoding: 'utf8', env: { ...process.env, ...env24 } });
const graphqlVersions = [
  ...new Set(
    (graphqls.stdout ?? '')
      .split('\n')
      .map((l) => /:graphql@([^:]+)/.exec(l)?.[1])
      .filter(Boolean),
  ),
];
steps.push(['build', await run('node', ['scripts/build.mjs'], copy)]);
steps.push(['typecheck', await run('npx', ['tsc', '-p', '.', '--noEmit'], copy)]);
// The unit suite, then the contract suite (the parity with graphql-language-service, the codegen CLI, the interop
// servers: what a new upstream release changes first), each with its own report.
const suites = [
  ['unit', join(copy, 'unit-results.json'), []],
  ['contract', join(copy, 'contract-results.json'), ['--config', 'test/contract/mocharc.cjs']],
];
for (const [suite, report, config] of suites) {
  steps.push([`${suite} (Node 24)`, await run('node', ['scripts/mocha24.mjs', ...config, '--reporter', 'json', '--reporter-option', `output=${report}`], copy)]);
}

// The summary: what changed, which steps failed, which tests failed (by file).
const lines = ['', '=== upstream canary: summary'];
const changed = names.filter((n) => before[n] !== after[n]);
lines.push(changed.length > 0 ? 'Changed versions:' : 'Changed versions: none (every runtime dependency was at its newest release).');
for (const n of changed) {
  lines.push(`  ${n}: ${before[n]} -> ${after[n]}`);
}
lines.push(`graphql in the tree: ${graphqlVersions.join(', ') || '(unknown)'}${graphqlVersions.length > 1 ? ' (more than one copy)' : ''}`);
lines.push(`npm ls: ${graphqls.status === 0 ? 'fine' : 'reports problems (peer ranges or missing packages); run npm ls in the copy with --keep'}`);
for (const [name, code] of steps) {
  lines.push(`${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`}`);
}
for (const [suite, report] of suites) {
  if (existsSync(report)) {
    const results = JSON.parse(readFileSync(report, 'utf8'));
    const { passes, failures, pending } = results.stats;
    lines.push(`${suite} tests: ${passes} passed, ${failures} failed${pending ? `, ${pending} pending` : ''}`);
    const byFile = new Map();
    for (const f of results.failures ?? []) {
      const file = (f.file ?? '(unknown file)').replace(`${copy}/`, '');
      byFile.set(file, [...(byFile.get(file) ?? []), f]);
    }
    for (const [file, failed] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
      lines.push(`  ${file} (${failed.length})`);
      for (const f of failed) {
        lines.push(
          `    - ${f.fullTitle}: ${String(f.err?.message ?? '')
            .split('\n')[0]
            .slice(0, 200)}`,
        );
      }
    }
  } else {
    lines.push(`${suite} tests: no results (the ${suite} step did not run to its end)`);
  }
}
console.log(lines.join('\n'));
if (keep) {
  log(`the copy is kept at ${copy}`);
} else {
  rmSync(copy, { recursive: true, force: true });
}
process.exit(steps.every(([, code]) => code === 0) ? 0 : 1);
