import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../../..');
const fixture = path.join(__dirname, 'fixtures', 'layers');

interface Violation {
  readonly from: string;
  readonly to: string;
  readonly rule: { readonly name: string };
}

/** Runs dependency-cruiser with the repository's configuration on the fixture tree (its own src/). */
function cruiseFixture(): Violation[] {
  const bin = path.join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
  let out: string;
  try {
    out = execFileSync(process.execPath, [bin, 'src', '--config', path.join(root, '.dependency-cruiser.cjs'), '--output-type', 'json'], {
      cwd: fixture,
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (err) {
    // depcruise exits non-zero when it finds violations (which the fixture is made of); its report is on stdout.
    out = (err as { stdout?: string }).stdout ?? '';
  }
  return (JSON.parse(out) as { summary: { violations: Violation[] } }).summary.violations;
}

// Each broken arrow of the layers (CONTRIBUTING.md, "Architecture"), one file of the fixture each: [from, to, rule].
const broken: [string, string, string][] = [
  // The ten cases the former local ESLint rule (tenant/layers) rejected.
  ['src/core/run/history.ts', 'src/auth/index.ts', 'core-only-core'],
  ['src/core/schema/environmentSchema.ts', 'src/services/schemas/schemas.ts', 'core-only-core'],
  ['src/shared/badMessages.ts', 'src/results/resultsModel.ts', 'shared-only-shared'],
  ['src/webview/results/format.ts', 'src/core/logger.ts', 'webview-only-shared'],
  ['src/sandbox/clock.ts', 'src/core/logger.ts', 'sandbox-alone'],
  ['src/run/runController.ts', 'src/results/resultsPanel.ts', 'through-index'],
  ['src/language/languageHost.ts', 'src/services/schemas/schemas.ts', 'through-index'],
  ['src/sandboxHost/index.ts', 'src/sandbox/server.ts', 'bundles-not-imported'],
  ['src/platform/badCommands.ts', 'src/auth/index.ts', 'platform-only-core'],
  ['src/auth/index.ts', 'src/extension.ts', 'no-root'],
  // Arrows the local rule did not see.
  ['src/run/dynamicImport.ts', 'src/results/resultsPanel.ts', 'through-index'],
  ['src/run/requireCall.ts', 'src/results/resultsPanel.ts', 'through-index'],
  ['src/run/importEquals.ts', 'src/results/resultsPanel.ts', 'through-index'],
  ['src/run/typeofImport.ts', 'src/results/resultsPanel.ts', 'through-index'],
  ['src/services/config/configuration.ts', 'src/run/index.ts', 'service-not-feature'],
  ['src/services/auth/authService.ts', 'src/auth/signInErrors.ts', 'service-not-feature'],
  ['src/services/graphql/graphqlService.ts', 'src/services/auth/authService.ts', 'through-index'],
  ['src/platform/badService.ts', 'src/services/misc/helper.ts', 'services-known'],
  ['src/language/schemaEdge.ts', 'src/schema/index.ts', 'feature-edge'],
  ['src/results/resultActions.ts', 'src/run/index.ts', 'feature-edge'],
  ['src/core/cycleA.ts', 'src/core/cycleB.ts', 'no-circular'],
  ['src/core/usesVscode.ts', 'vscode', 'core-no-vscode'],
];

// Files whose arrows are all allowed: none of them may be reported.
const allowed = [
  'src/extension.ts',
  'src/run/index.ts',
  'src/core/run/runRecord.ts',
  'src/webview/results/main.ts',
  'src/platform/debouncer.ts',
  'src/language/index.ts',
  'src/schema/index.ts',
  'src/services/schemas/index.ts',
  'src/services/auth/index.ts',
  'src/results/index.ts',
  'src/sandbox/server.ts',
];

describe('layers (dependency-cruiser, .dependency-cruiser.cjs)', function () {
  let violations: Violation[];
  before(function () {
    violations = cruiseFixture();
  });

  for (const [from, to, rule] of broken) {
    it(`rejects ${from} -> ${to} (${rule})`, function () {
      const found = violations.filter((v) => v.from === from && v.to === to).map((v) => v.rule.name);
      assert.ok(found.includes(rule), `expected ${rule}, found ${found.join(', ') || 'nothing'}`);
    });
  }

  it('accepts the allowed arrows', function () {
    assert.deepEqual(
      violations.filter((v) => allowed.includes(v.from)),
      [],
    );
  });

  it('reports nothing beyond the broken arrows', function () {
    const expected = new Set(broken.map(([from, to]) => `${from} -> ${to}`));
    assert.deepEqual(
      violations.map((v) => `${v.from} -> ${v.to}`).filter((edge) => !expected.has(edge)),
      [],
    );
  });
});
