import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { parse } from 'csv-parse/sync';
import { panelTraced, resultsApi, resultsRendered } from './helpers';

/** Waits for the panel's life trace to say the page showed a table of this run, and returns that line. */
const tableShown = (runId: string, after: number): Promise<string> => panelTraced(`page table ${runId}`, after, `the page to show a table of ${runId}`);

describe('Results table', function () {
  this.timeout(60_000);
  const edges = Array.from({ length: 10_000 }, (_, i) => ({
    cursor: `c${i}`,
    node: { id: `task-${i}`, title: i === 1 ? '<img src=x onerror=alert(1)>, "quoted"\n\u202etxt.exe' : `Task ${i}`, owner: { name: `Owner ${i % 7}` }, done: i % 2 === 0 },
  }));
  const view = { runId: 'table-run', operationName: 'Tasks', environment: 'Sandbox', status: 200, at: new Date().toISOString(), body: { data: { tasks: { edges } } } };

  it('shows a connection’s edges[].node as a virtualised table (Show as Table), with columns from the union of keys', async () => {
    const api = await resultsApi();
    api.show(view);
    await resultsRendered('table-run');
    const mark = api.info().trace.length;
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.results.showAsTable', { nodePath: JSON.stringify(['data', 'tasks']) }), true);
    const line = await tableShown('table-run', mark);
    const m = /(\d+) rows, (\d+) columns, (\d+) rows in the page/.exec(line);
    assert.ok(m, line);
    assert.equal(Number(m[1]), 10_000);
    assert.equal(Number(m[2]), 4, 'id, title, done, owner.name');
    assert.ok(Number(m[3]) > 0 && Number(m[3]) < 200, `only the rows in view are in the page: ${m[3]}`);
  });

  it('copies the table as CSV (RFC 4180; parses back) and as a Markdown table', async () => {
    const api = await resultsApi();
    assert.equal(await api.receive({ type: 'tableExport', runId: 'table-run', path: ['data', 'tasks'], format: 'copyCsv', sort: { column: 'id', direction: 'descending' } }), true);
    const csv = await vscode.env.clipboard.readText();
    const records = parse(csv, { record_delimiter: '\r\n' }) as string[][];
    assert.deepEqual(records[0], ['id', 'title', 'done', 'owner.name']);
    assert.equal(records.length, 10_001);
    assert.deepEqual(records[1], ['task-9999', 'Task 9999', 'false', 'Owner 3'], 'in the order the page shows (sorted by id, descending)');
    const hostile = records.find((r) => r[0] === 'task-1');
    assert.deepEqual(hostile, ['task-1', edges[1].node.title, 'false', 'Owner 1']);
    assert.equal(await api.receive({ type: 'tableExport', runId: 'table-run', path: ['data', 'tasks'], format: 'copyMarkdown' }), true);
    const md = await vscode.env.clipboard.readText();
    assert.ok(md.startsWith('| id | title | done | owner.name |\n| --- | --- | --- | --- |\n| task-0 | Task 0 | true | Owner 0 |\n'));
    assert.ok(md.includes('| task-1 | &lt;img src=x onerror=alert(1)&gt;, "quoted"<br>\u202etxt.exe |'));
    assert.equal(await api.receive({ type: 'tableExport', runId: 'other-run', path: ['data', 'tasks'], format: 'copyCsv' }), false, 'only the shown run');
  });
});
