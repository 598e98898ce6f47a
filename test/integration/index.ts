/**
 * Integration test entry, loaded by VS Code's extension host (the code-server runner,
 * scripts/testIntegration.mjs): runs every bundled *.test.js file next to this one with mocha (or, for
 * the benchmark, every *.bench.js file).
 */
import * as path from 'node:path';
import * as fs from 'node:fs';
import * as util from 'node:util';
import Mocha from 'mocha';

/** Marks mocha's lines so the code-server runner can tell them from the workbench's own console noise. */
export const TEST_OUTPUT_MARKER = '\u2063[tgq-test] ';

/** The benchmark (`npm run bench`) runs *.bench.js files instead of the tests. */
const SUFFIX = process.env.TENANT_GRAPHQL_BENCH === '1' ? '.bench.js' : '.test.js';

/** The parts of the suite that VS Code runs in a setup of their own, each from its folder. */
const SUITE_FOLDERS = ['restricted', 'german', 'folders', 'chat'];

/**
 * Which part of the suite this run is (the runner starts VS Code once per part): `restricted` runs
 * the files in restricted/ (workspace trust on, the folder untrusted), `german` those in german/
 * (display language German), `folders` those in folders/ (a multi-root workspace of two folders),
 * `chat` those in chat/ (with a scripted language model, and VS Code's chat set up), `main` everything else.
 */
const SUITE = SUITE_FOLDERS.includes(process.env.TENANT_GRAPHQL_TEST_SUITE ?? '') ? process.env.TENANT_GRAPHQL_TEST_SUITE! : 'main';

/** The part of the suite a test file belongs to: the suite folder it lies in, else `main`. */
function suiteOf(file: string): string {
  return (
    path
      .relative(__dirname, file)
      .split(path.sep)
      .find((part) => SUITE_FOLDERS.includes(part)) ?? 'main'
  );
}

function findTests(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      out.push(...findTests(p));
    } else if (entry.name.endsWith(SUFFIX) && suiteOf(p) === SUITE) {
      out.push(p);
    }
  }
  return out.sort();
}

export function run(): Promise<void> {
  const reporterBase = Mocha.reporters.Base as unknown as { consoleLog: (...args: unknown[]) => void };
  if (process.env.TENANT_GRAPHQL_TEST_RUNNER === 'code-server') {
    reporterBase.consoleLog = (...args: unknown[]) => {
      for (const line of util.format(...args).split('\n')) {
        console.log(TEST_OUTPUT_MARKER + line);
      }
    };
  }
  const mocha = new Mocha({
    ui: 'bdd',
    color: false,
    reporter: 'spec',
    timeout: Number(process.env.TENANT_GRAPHQL_TEST_TIMEOUT_MS ?? 60_000),
    grep: process.env.TENANT_GRAPHQL_TEST_GREP || undefined,
  });
  for (const file of findTests(__dirname)) {
    mocha.addFile(file);
  }
  return new Promise((resolve, reject) => {
    try {
      mocha.run((failures) => {
        if (failures > 0) {
          reject(new Error(`${failures} integration test(s) failed.`));
        } else {
          resolve();
        }
      });
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
