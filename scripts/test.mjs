// `npm test`: build, type-check (host and webview), lint, the prettier check, the prerequisites, unit tests (mocha in Node 24;
// test/unit, fast, no process or socket), contract tests (test/contract: against real processes, servers and tools), the
// benchmark's quick smoke (it fails when a figure is missing or not sane, never on time), integration tests (mocha in a
// real VS Code, the newest and the oldest it supports), and the main job: `npm start`
// run as a person runs it and used through the UI in Chromium (test/e2e). Stops at the first failing step;
// ends with one plain summary line of the test counts.
import { spawn } from 'node:child_process';

const steps = [
  ['build', ['node', 'scripts/build.mjs']],
  ['typecheck', ['npx', 'tsc', '-p', '.', '--noEmit']],
  ['typecheck webview', ['npx', 'tsc', '-p', 'tsconfig.webview.json', '--noEmit']],
  ['lint', ['npm', 'run', '--silent', 'lint']],
  ['format', ['npm', 'run', '--silent', 'format:check']],
  // Node 24, code-server and Chromium, before the test steps: a contract test drives Chromium (deep answers).
  ['prerequisites', ['node', 'scripts/prerequisites.mjs']],
  // Under Node 24 from .cache (graphql 17 needs Node 22 or later; the Node on PATH may be older).
  ['unit', ['node', 'scripts/mocha24.mjs']],
  ['contract', ['node', 'scripts/mocha24.mjs', '--config', 'test/contract/mocharc.cjs']],
  // A smoke run of the language benchmark: every part runs and its figures are there and sane (no time target).
  ['bench smoke', ['node', '--import', 'tsx', 'bench/bench.ts', '--quick']],
  ['integration', ['node', 'scripts/testIntegration.mjs']],
  // The same suites on the oldest code-server published for engines.vscode (4.103.2, VS Code 1.103.2, Node 22;
  // installed once into .cache/ by the script: about 6 minutes the first time).
  ['integration (oldest VS Code)', ['node', 'scripts/testOldest.mjs']],
  ['main job', ['node', 'scripts/mocha24.mjs', '--config', 'test/e2e/mocharc.json']],
];

const counts = { passed: 0, failed: 0, pending: 0 };

function runStep(name, [cmd, ...args]) {
  return new Promise((resolve) => {
    console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    // mocha's closing lines ("N passing", "N failing", "N pending"), every one of the step: the
    // integration steps run several suites, each with its own.
    let partial = '';
    const count = (line) => {
      for (const [re, key] of [
        [/^\s*(\d+) passing/, 'passed'],
        [/^\s*(\d+) failing/, 'failed'],
        [/^\s*(\d+) pending/, 'pending'],
      ]) {
        const m = re.exec(line);
        if (m && (name === 'unit' || name === 'contract' || name.startsWith('integration') || name === 'main job')) {
          counts[key] += Number(m[1]);
        }
      }
    };
    child.stdout.on('data', (d) => {
      process.stdout.write(d);
      const lines = (partial + d).split('\n');
      partial = lines.pop() ?? '';
      lines.forEach(count);
    });
    child.on('exit', (code) => {
      count(partial);
      resolve(code ?? 1);
    });
  });
}

let exit = 0;
for (const [name, cmd] of steps) {
  const code = await runStep(name, cmd);
  if (code !== 0) {
    console.error(`\n=== ${name} failed (exit ${code})`);
    exit = code;
    break;
  }
}
const pending = counts.pending ? `, ${counts.pending} skipped` : '';
if (exit !== 0 && counts.failed === 0) {
  counts.failed = 1; // a step failed outside mocha (build, lint, VS Code did not start): count it
}
console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed${pending}`);
process.exit(exit);
