import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';

const root = path.resolve(__dirname, '../../..');

/** The rule ids the tests rules (eslint.config.mjs's testsPlugin) report on `code`. */
async function lint(code: string): Promise<string[]> {
  const { testsPlugin } = (await import(pathToFileURL(path.join(root, 'eslint.config.mjs')).href)) as { testsPlugin: object };
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser as never },
        plugins: { tests: testsPlugin as never },
        rules: { 'tests/asserts-something': 'error', 'tests/no-exclusive-or-skipped': 'error' },
      },
    ],
    'test/unit/example.test.ts',
  );
  return messages.map((m) => m.ruleId ?? m.message);
}

describe('lint: tests that test (tests/asserts-something, tests/no-exclusive-or-skipped)', () => {
  it('refuses a test that asserts nothing, a pending test, and .only/.skip/xit left in', async () => {
    const refused: [string, string][] = [
      ["it('runs', () => { const x = 1 + 1; void x; });", 'tests/asserts-something'],
      ["it('logs', async () => { console.log(await Promise.resolve(1)); });", 'tests/asserts-something'],
      ["it('is pending');", 'tests/asserts-something'],
      ["function helper() { return 1; } it('calls a helper that asserts nothing', () => { helper(); });", 'tests/asserts-something'],
      ["import * as assert from 'node:assert'; it.only('one', () => assert.ok(true));", 'tests/no-exclusive-or-skipped'],
      ["import * as assert from 'node:assert'; describe.skip('all', () => { it('one', () => assert.ok(true)); });", 'tests/no-exclusive-or-skipped'],
      ["import * as assert from 'node:assert'; xit('one', () => assert.ok(true));", 'tests/no-exclusive-or-skipped'],
    ];
    for (const [code, rule] of refused) {
      assert.deepEqual(await lint(code), [rule], code);
    }
  });

  it('accepts assert, fc.assert, a helper of the file that asserts, an assert… or check… helper, and a throw', async () => {
    const accepted = [
      "import * as assert from 'node:assert/strict'; it('adds', () => assert.equal(1 + 1, 2));",
      "import assert from 'node:assert'; it('adds', () => { assert(1 + 1 === 2); });",
      "import fc from 'fast-check'; it('holds', () => { fc.assert(fc.property(fc.nat(), (n) => n >= 0)); });",
      "import * as assert from 'node:assert'; const same = (a: number, b: number) => assert.equal(a, b); it('adds', () => same(1 + 1, 2));",
      "import * as assert from 'node:assert'; function run(n: number) { return check(n); } function check(n: number) { assert.ok(n); } it('runs', () => { run(1); });",
      "declare function assertParity(x: number): void; it('is at par', () => assertParity(1));",
      "declare const checks: Record<string, () => void>; it('shows it', () => checks['x']());",
      "it('fails loudly', () => { if (Math.random() > 2) { throw new Error('never'); } });",
    ];
    for (const code of accepted) {
      assert.deepEqual(await lint(code), [], code);
    }
  });
});
