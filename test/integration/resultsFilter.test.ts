import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { admin, openFixture, panelTraced, resultsApi, resultsRendered, signInToSandbox, workspaceRoot } from './helpers';

interface Outcome {
  runId: string;
  status?: number;
}

const fixture = (path: string) => vscode.Uri.joinPath(workspaceRoot(), path);
const run = (operationName: string) => vscode.commands.executeCommand<Outcome | undefined>('tenantGraphql.runOperation', { uri: fixture('run/overview.graphql'), operationName });

/** Waits for the panel's life trace to say the page showed a filter of this run, and returns that line. */
const filtered = (runId: string, after = 0): Promise<string> => panelTraced(`page filtered ${runId}`, after, `the page to show a filter of ${runId}`);

// Sign-in needs the runner's browser (code-server); the desktop runner cannot drive it.
describe('Results filter (JSONPath)', function () {
  this.timeout(60_000);

  before(async () => {
    await admin('/reset', {});
    await openFixture('tasks.graphql');
    await signInToSandbox('alice');
  });

  it('Filter to This puts a node’s path in the page’s filter box, the worker evaluates it, the page shows the matches', async () => {
    const outcome = await run('MyGroups');
    assert.equal(outcome?.status, 200);
    await resultsRendered(outcome.runId);
    const mark = (await resultsApi()).info().trace.length;
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.results.filterToThis', { webview: 'tenantGraphql.results', jsonPath: '$.data.groups[*].name' }), true);
    const line = await filtered(outcome.runId, mark);
    assert.match(line, /\d+ matches shown/);
    assert.doesNotMatch(line, / 0 matches/);
  });

  it('explains an invalid expression in the page', async () => {
    const { shownRunId } = (await resultsApi()).info();
    const mark = (await resultsApi()).info().trace.length;
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.results.filterToThis', { jsonPath: '$[?(' }), true);
    assert.match(await filtered(shownRunId!, mark), /expression refused/);
  });

  it('remembers the last filter of an operation and applies it to its next run', async () => {
    const { shownRunId } = (await resultsApi()).info();
    let mark = (await resultsApi()).info().trace.length;
    await vscode.commands.executeCommand('tenantGraphql.results.filterToThis', { jsonPath: '$..id' });
    await filtered(shownRunId!, mark);
    mark = (await resultsApi()).info().trace.length;
    const next = await run('MyGroups');
    assert.equal(next?.status, 200);
    assert.match(await filtered(next.runId, mark), /\d+ matches shown/);
  });

  it('Copy Path copies the JSONPath the page gave a node', async () => {
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.results.copyPath', { jsonPath: "$.data.groups[0]['odd key']" }), "$.data.groups[0]['odd key']");
    assert.equal(await vscode.env.clipboard.readText(), "$.data.groups[0]['odd key']");
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.results.copyPath', { jsonPath: 'javascript:alert(1)' }), undefined, 'only JSONPath');
  });

  it('filters a hostile answer (HTML, bidi, 100,000 levels) without breaking the page; a recursive descent into it is refused with a reason', async () => {
    let deep: unknown = '<script>alert(1)</script>';
    for (let i = 0; i < 100_000; i++) {
      deep = [deep];
    }
    const api = await resultsApi();
    const view = {
      runId: 'hostile-filter',
      operationName: 'Hostile',
      environment: 'Sandbox',
      status: 200,
      at: new Date().toISOString(),
      body: { data: { html: '<img src=x onerror=alert(1)>', bidi: '\u202etxt.exe', deep } },
    };
    api.show(view);
    await resultsRendered('hostile-filter');
    let mark = api.info().trace.length;
    // The first filter of a result without the Service's bytes: the page asks, the worker gets the JSON text.
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.results.filterToThis', { jsonPath: '$.data.html' }), true);
    assert.match(await filtered('hostile-filter', mark), /1 matches shown/);
    mark = api.info().trace.length;
    await vscode.commands.executeCommand('tenantGraphql.results.filterToThis', { jsonPath: '$..x' });
    assert.match(await filtered('hostile-filter', mark), /expression refused/, 'a recursive descent into 100,000 levels is refused with a reason');
    mark = api.info().trace.length;
    await vscode.commands.executeCommand('tenantGraphql.results.filterToThis', { jsonPath: '$.data.deep[0][0]' });
    assert.match(await filtered('hostile-filter', mark), /1 matches shown/);
    // The page is still alive and answers.
    assert.equal(api.info().rendered?.runId, 'hostile-filter');
  });
});
