import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { admin, eventually, instructBrowser, resultsRendered, signInToSandbox, workspaceRoot } from './helpers';

interface AxeReport {
  error?: string;
  bodyClass: string;
  violations: { id: string; impact: string | null; help: string; nodes: string[] }[];
  liveRegions: { tag: string; id: string; role: string | null; live: string | null; text: string }[];
  treeItems: number;
  treeItemsWithoutPosition: number;
}

const run = (arg?: unknown) => vscode.commands.executeCommand<{ runId: string; status?: number } | undefined>('tenantGraphql.runOperation', arg);

/**
 * Accessibility of the results page in the real Chromium: the runner's browser harness runs
 * axe-core inside the results webview's frame once it shows the theme, and reports its violations
 * and the page's live regions and tree items. Serious and critical violations fail the test.
 */
describe('Results page accessibility (axe-core in Chromium)', function () {
  this.timeout(120_000);
  const themes = [
    { theme: 'Default Dark Modern', themeClass: 'vscode-dark' },
    { theme: 'Default High Contrast', themeClass: 'vscode-high-contrast' },
  ];

  before(async () => {
    await admin('/reset', {});
    await signInToSandbox('alice');
    const outcome = await run({ uri: vscode.Uri.joinPath(workspaceRoot(), 'run/overview.graphql'), operationName: 'Me' });
    assert.equal(outcome?.status, 200);
    await resultsRendered(outcome.runId);
  });

  after(async () => {
    await vscode.workspace.getConfiguration('workbench').update('colorTheme', undefined, vscode.ConfigurationTarget.Global);
  });

  for (const { theme, themeClass } of themes) {
    it(`has no serious or critical violation, a one-line status and positioned tree items in ${theme}`, async () => {
      await vscode.workspace.getConfiguration('workbench').update('colorTheme', theme, vscode.ConfigurationTarget.Global);
      const out = join(tmpdir(), `axe-${randomBytes(6).toString('hex')}.json`);
      instructBrowser({ axe: { themeClass, out } });
      const report = await eventually(() => (existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as AxeReport) : undefined), 'the axe report of the results page', 60_000);
      rmSync(out, { force: true });
      assert.equal(report.error, undefined);
      assert.ok(report.bodyClass.includes(themeClass), report.bodyClass);
      const serious = report.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      assert.deepEqual(serious, [], JSON.stringify(serious, null, 2));
      // The page itself is not live; the status line (and the filter's count) are short regions of their own.
      assert.deepEqual(
        report.liveRegions.filter((r) => r.tag === 'main' || r.text.length > 200),
        [],
      );
      const status = report.liveRegions.find((r) => r.id === 'announce');
      assert.equal(status?.role, 'status');
      assert.equal(status.live, 'polite');
      assert.match(status.text, /^Me \(query\): 200 OK, \d/, 'one line: operation, status, duration');
      assert.ok(report.treeItems > 0);
      assert.equal(report.treeItemsWithoutPosition, 0, 'every tree item has aria-level, aria-posinset and aria-setsize');
    });
  }
});
