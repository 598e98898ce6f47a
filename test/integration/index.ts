/**
 * Integration test entry, loaded by VS Code's extension host (code-server runner or
 * @vscode/test-electron): runs every bundled *.test.js file next to this one with mocha (or, for
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

/**
 * Which part of the suite this run is (the runner starts VS Code once per part): `restricted` runs
 * the files in restricted/ (workspace trust on, the folder untrusted), `main` everything else.
 */
const SUITE = process.env.TENANT_GRAPHQL_TEST_SUITE === 'restricted' ? 'restricted' : 'main';

function findTests(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      out.push(...findTests(p));
    } else if (entry.name.endsWith(SUFFIX) && path.relative(__dirname, p).split(path.sep).includes('restricted') === (SUITE === 'restricted')) {
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
