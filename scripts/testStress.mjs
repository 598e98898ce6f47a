// `npm run test:stress`: runs the integration step (scripts/testIntegration.mjs) several times, with
// and without CPU hogs (one busy loop per core, started and stopped by this script), and prints
// pass/fail and the duration of each run. It is how a flaky integration test is caught and a fix
// proven; it is not part of `npm test`.
//
// Usage: npm run test:stress -- [--runs N] [--hogs on|off|both]
//   --runs N       how many runs (default 4)
//   --hogs both    alternate: even runs quiet, odd runs loaded (default)
//   --hogs on|off  every run loaded, or every run quiet
// Each run's whole output is kept in .cache/stress/run-<n>.log; a failing run's failures are printed.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '4' }, hogs: { type: 'string', default: 'both' } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1 || !['on', 'off', 'both'].includes(values.hogs)) {
  console.error('usage: npm run test:stress -- [--runs N] [--hogs on|off|both]');
  process.exit(2);
}
const logDir = join(root, '.cache', 'stress');
mkdirSync(logDir, { recursive: true });

/** Starts one busy loop per core; returns a function that stops them. */
function startHogs() {
  const hogs = Array.from({ length: availableParallelism() }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  return () => {
    for (const hog of hogs) {
      hog.kill('SIGKILL');
    }
  };
}

function run(cmd, args, logFile) {
  return new Promise((resolveRun) => {
    const out = logFile ? createWriteStream(logFile) : undefined;
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    const keep = (d) => {
      text += d;
      (out ?? process.stdout).write(d);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('exit', (code) => {
      out?.end();
      resolveRun({ code: code ?? 1, text });
    });
  });
}

// Hogs would stop a process that lingers; make sure none does, whatever happens.
let stopHogs = () => undefined;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopHogs();
    process.exit(130);
  });
}

const build = await run('node', ['scripts/build.mjs']);
if (build.code !== 0) {
  console.error('[stress] the build failed');
  process.exit(1);
}
const results = [];
for (let i = 1; i <= runs; i++) {
  const loaded = values.hogs === 'on' || (values.hogs === 'both' && i % 2 === 0);
  const logFile = join(logDir, `run-${i}.log`);
  console.log(`[stress] run ${i} of ${runs}${loaded ? `, with ${availableParallelism()} CPU hogs` : ', quiet'}: ${logFile}`);
  stopHogs = loaded ? startHogs() : () => undefined;
  const started = Date.now();
  const { code, text } = await run('node', ['scripts/testIntegration.mjs'], logFile);
  stopHogs();
  stopHogs = () => undefined;
  const seconds = Math.round((Date.now() - started) / 1000);
  const passing = /(\d+) passing/.exec(text)?.[1] ?? '0';
  const failing = /(\d+) failing/.exec(text)?.[1] ?? (code === 0 ? '0' : '?');
  results.push({ i, loaded, code, seconds, passing, failing });
  console.log(`[stress] run ${i}: ${code === 0 ? 'PASS' : 'FAIL'} in ${seconds} s (${passing} passing, ${failing} failing)`);
  if (code !== 0) {
    const failures = text.indexOf(' failing');
    console.log(failures >= 0 ? text.slice(text.lastIndexOf('\n', failures), failures + 4000) : text.slice(-4000));
  }
}
console.log('\n[stress] summary');
for (const r of results) {
  console.log(`  run ${r.i} ${r.loaded ? 'loaded' : 'quiet '}  ${r.code === 0 ? 'PASS' : 'FAIL'}  ${String(r.seconds).padStart(4)} s  ${r.passing} passing, ${r.failing} failing`);
}
const failed = results.filter((r) => r.code !== 0).length;
console.log(`[stress] ${results.length - failed} of ${results.length} runs passed`);
process.exit(failed ? 1 : 0);
