import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { eventually, instructBrowser, resultsApi, resultsRendered, workspaceRoot } from './helpers';

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

interface LayoutReport {
  error?: string;
  bodyClass: string;
  viewportWidth: number;
  scrollWidth: number;
  title: Box;
  toolbar: (Box & { label: string })[];
  tableControls: (Box & { tag: string; text: string })[];
  emptySelects: number;
  unnamedButtons: number;
  placeholder?: { text: string; width: number; room: number };
  hints: string[];
  png?: string;
}

const WIDTH = 600;
const tasks = (n: number) => ({ tasks: { edges: Array.from({ length: n }, (_, i) => ({ node: { id: `t${i}`, name: `Task ${i}`, priority: 'HIGH' } })) } });

/**
 * The results panel's chrome at 600 px in light, dark and high-contrast themes, measured in the real
 * Chromium by the runner (checkPanelLayout in scripts/integration/resultsPageChecks.mjs): the toolbar is one row of
 * named icon buttons, nothing is wider than the page, the filter's placeholder fits its box, and an
 * answer without data shows no list picker or Show as Table. With TENANT_GRAPHQL_SCREENSHOTS=<dir>
 * the runner also saves each state as a PNG there, to be looked at.
 */
describe('Results panel layout at 600 px (light, dark, high contrast)', function () {
  this.timeout(180_000);
  const themes = [
    { theme: 'Default Light Modern', themeClass: 'vscode-light', short: 'light' },
    { theme: 'Default Dark Modern', themeClass: 'vscode-dark', short: 'dark' },
    { theme: 'Default High Contrast', themeClass: 'vscode-high-contrast', short: 'hc' },
  ];
  const documentUri = vscode.Uri.joinPath(workspaceRoot(), 'run/overview.graphql').toString();
  const at = new Date().toISOString();
  const answers = [
    {
      kind: 'data',
      view: {
        runId: 'layout-data',
        operationName: 'UrgentTasks',
        operationType: 'query' as const,
        environment: 'Sandbox',
        status: 200,
        durationMs: 42,
        at,
        documentUri,
        bytes: 180,
        body: { data: tasks(2) },
      },
    },
    {
      kind: 'error',
      view: {
        runId: 'layout-error',
        operationName: 'Typo',
        operationType: 'query' as const,
        environment: 'Sandbox',
        status: 200,
        durationMs: 12,
        at,
        documentUri,
        bytes: 120,
        body: { errors: [{ message: 'Cannot query field "nmae" on type "Task". Did you mean "name"?', locations: [{ line: 3, column: 5 }] }] },
      },
    },
  ];

  after(async () => {
    await vscode.workspace.getConfiguration('workbench').update('colorTheme', undefined, vscode.ConfigurationTarget.Global);
  });

  for (const { theme, themeClass, short } of themes) {
    for (const { kind, view } of answers) {
      it(`${theme}, an answer with ${kind === 'data' ? 'data' : 'errors and no data'}: one toolbar row, no empty control, nothing cut off`, async () => {
        await vscode.workspace.getConfiguration('workbench').update('colorTheme', theme, vscode.ConfigurationTarget.Global);
        (await resultsApi()).show({ ...view, runId: `${view.runId}-${short}` });
        await resultsRendered(`${view.runId}-${short}`);
        const out = join(tmpdir(), `layout-${randomBytes(6).toString('hex')}.json`);
        instructBrowser({ panelLayout: { themeClass, title: view.operationName, width: WIDTH, name: `results-${kind}-${short}`, out } });
        const report = await eventually(
          () => (existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as LayoutReport) : undefined),
          'the layout report of the results page',
          60_000,
        );
        rmSync(out, { force: true });
        assert.equal(report.error, undefined, report.error);
        if (report.png) {
          console.log(`  results panel screenshot: ${report.png}`);
        }
        assert.ok(report.bodyClass.includes(themeClass), report.bodyClass);
        assert.ok(Math.abs(report.viewportWidth - WIDTH) <= 20, `the page is ${report.viewportWidth} px wide`);
        assert.ok(report.scrollWidth <= report.viewportWidth, `nothing wider than the page (${report.scrollWidth} > ${report.viewportWidth})`);
        // The toolbar: named icon buttons on one row, beside the title.
        const labels = report.toolbar.map((b) => b.label);
        assert.deepEqual(labels, ['Run Again', 'Pin This Result', 'Copy JSON', 'Save to File…', 'Open as JSON Document']);
        assert.equal(new Set(report.toolbar.map((b) => b.top)).size, 1, `one row: ${JSON.stringify(report.toolbar)}`);
        assert.ok(
          report.toolbar.every((b) => b.right <= report.viewportWidth),
          'the toolbar fits',
        );
        assert.ok(report.toolbar[0].top < report.title.bottom, 'on the title’s row');
        assert.equal(report.unnamedButtons, 0);
        assert.equal(report.emptySelects, 0, 'no empty list picker');
        if (kind === 'data') {
          // One list: the Show as Table button alone (no picker of one entry).
          assert.deepEqual(
            report.tableControls.map((c) => [c.tag, c.text]),
            [['button', 'Show as Table']],
          );
        } else {
          assert.deepEqual(report.tableControls, [], 'no table controls without data');
          assert.ok(report.hints.includes('The response has no data.'), report.hints.join(' | '));
        }
        if (kind === 'data') {
          assert.ok(report.placeholder, 'the filter box is shown');
          assert.ok(
            report.placeholder.width <= report.placeholder.room,
            `the placeholder "${report.placeholder.text}" fits (${report.placeholder.width} of ${report.placeholder.room} px)`,
          );
        } else {
          assert.equal(report.placeholder, undefined, 'no filter box without data');
        }
      });
    }
  }
});
