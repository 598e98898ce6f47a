// `npm run test:stress`: runs the integration step (scripts/testIntegration.mjs) several times, with
// and without CPU hogs (one busy loop per core, started and stopped by this script), and prints
// pass/fail and the duration of each run. It is how a flaky integration test is caught and a fix
// proven; it is not part of `npm test`.
//
// Usage: npm run test:stress -- [--runs N] [--hogs on|off|both] [--grep TEXT] [--suites LIST] [--sequence sign-in]
//   --runs N       how many runs (default 4)
//   --hogs both    alternate: even runs quiet, odd runs loaded (default)
//   --hogs on|off  every run loaded, or every run quiet
//   --grep TEXT    only the integration tests whose title has TEXT (the runner's --grep)
//   --suites LIST  only these parts of the suite (the runner's --suites, e.g. main)
//   --sequence sign-in  the blank-results sequence in a fresh browser each run: sign in, the person
//                  closes the tab, about 9 s, run (test/integration/resultsAfterSignIn.test.ts, against
//                  the Sandbox and the independent pair); the summary says how often the results page
//                  rendered the result and how often its JSON document had to show it
// Each run's whole output is kept in .cache/stress/run-<n>.log; a failing run's failures are printed.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '4' },
    hogs: { type: 'string', default: 'both' },
    grep: { type: 'string' },
    suites: { type: 'string' },
    sequence: { type: 'string' },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1 || !['on', 'off', 'both'].includes(values.hogs) || (values.sequence !== undefined && values.sequence !== 'sign-in')) {
  console.error('usage: npm run test:stress -- [--runs N] [--hogs on|off|both] [--grep TEXT] [--suites LIST] [--sequence sign-in]');
  process.exit(2);
}
// The sign-in sequence: each tenant's test alone, in the main part, in a browser of its own (its run
// makes the first webview of a fresh browser profile, as a newcomer's first run does).
// (Mocha makes a RegExp of the grep: no parentheses; each matches one test by its suite's title and its own.)
const SEQUENCE_TESTS = ['person closed the Sandbox: sign in, close the tab, run', 'person closed an independent pair'];
const greps = values.sequence === 'sign-in' ? SEQUENCE_TESTS : [values.grep];
const suites = values.sequence === 'sign-in' ? 'main' : values.suites;
const integrationArgs = (grep) => ['scripts/testIntegration.mjs', ...(grep !== undefined ? ['--grep', grep] : []), ...(suites !== undefined ? ['--suites', suites] : [])];
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

function run(cmd, args, logFile, env = process.env) {
  return new Promise((resolveRun) => {
    const out = logFile ? createWriteStream(logFile) : undefined;
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
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
  let code = 0;
  let text = '';
  for (const [g, grep] of greps.entries()) {
    const part = await run('node', integrationArgs(grep), g === 0 ? logFile : logFile.replace(/\.log$/, `-${g + 1}.log`));
    code = code || part.code;
    text += part.text;
  }
  stopHogs();
  stopHogs = () => undefined;
  const seconds = Math.round((Date.now() - started) / 1000);
  const count = (re) => [...text.matchAll(re)].reduce((n, m) => n + Number(m[1]), 0);
  const passing = String(count(/(\d+) passing/g));
  const failing = /(\d+) failing/.test(text) ? String(count(/(\d+) failing/g)) : code === 0 ? '0' : '?';
  // Lines of resultsAfterSignIn.test.ts: `(<tenant>: shown in the panel|document)`.
  const shown = [...text.matchAll(/\((.+): shown in the (panel|document)\)/g)].map((m) => `${m[1]}: ${m[2]}`);
  results.push({ i, loaded, code, seconds, passing, failing, shown });
  console.log(`[stress] run ${i}: ${code === 0 ? 'PASS' : 'FAIL'} in ${seconds} s (${passing} passing, ${failing} failing)${shown.length ? `; ${shown.join(', ')}` : ''}`);
  if (code !== 0) {
    const failures = text.indexOf(' failing');
    console.log(failures >= 0 ? text.slice(text.lastIndexOf('\n', failures), failures + 4000) : text.slice(-4000));
  }
}
console.log('\n[stress] summary');
for (const r of results) {
  console.log(
    `  run ${r.i} ${r.loaded ? 'loaded' : 'quiet '}  ${r.code === 0 ? 'PASS' : 'FAIL'}  ${String(r.seconds).padStart(4)} s  ${r.passing} passing, ${r.failing} failing${r.shown.length ? `  (${r.shown.join(', ')})` : ''}`,
  );
}
const shownAll = results.flatMap((r) => r.shown);
if (shownAll.length) {
  const inDocument = shownAll.filter((s) => s.endsWith(': document')).length;
  console.log(`[stress] results shown: ${shownAll.length - inDocument} by the results page, ${inDocument} as the JSON document (the page did not render them)`);
}
const failed = results.filter((r) => r.code !== 0).length;
console.log(`[stress] ${results.length - failed} of ${results.length} runs passed`);
process.exit(failed ? 1 : 0);
