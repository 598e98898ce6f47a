import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TenantGraphqlTestApi } from '../../src/extension';
import type { HistoryRow } from '../../src/run';
import { HistoryStore } from '../../src/run/historyStore';
import { admin, eventually, extensionId, openFixture, panelTraced, resultsApi, resultsRendered, sandbox, signInToSandbox, workspaceRoot } from './helpers';

/** What tenantGraphql.runOperation resolves to (the part this suite needs). */
interface Outcome {
  runId: string;
  status?: number;
  data?: unknown;
}

const fixture = (path: string) => vscode.Uri.joinPath(workspaceRoot(), path);
const run = (operationName: string) => vscode.commands.executeCommand<Outcome | undefined>('tenantGraphql.runOperation', { uri: fixture('run/overview.graphql'), operationName });
const api = async (): Promise<TenantGraphqlTestApi['run']> => (await vscode.extensions.getExtension<TenantGraphqlTestApi>(extensionId)!.activate()).run;
const rows = async (): Promise<HistoryRow[]> => (await api()).historyRows();
const runRow = (all: HistoryRow[], runId: string) => all.flatMap((g) => g.children ?? []).find((r) => r.runId === runId);
const diffTabs = () =>
  vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .map((t) => t.input)
    .filter((i): i is vscode.TabInputTextDiff => i instanceof vscode.TabInputTextDiff && i.original.scheme === 'tenant-graphql-run');

/** A second store on the history's folder, as a window after a reload opens it. */
const openHistoryStore = async () =>
  new HistoryStore({
    dir: (await api()).historyDir,
    limits: () => ({ maxRuns: 50, maxMegabytes: 100 }),
    logger: { trace: () => undefined, debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
  });

// Sign-in needs the runner's browser (code-server); the desktop runner cannot drive it.
describe('Run history (History view, compare)', function () {
  this.timeout(60_000);
  const runs: Record<string, Outcome> = {};

  before(async () => {
    await admin('/reset', {});
    await openFixture('tasks.graphql');
    await signInToSandbox('alice');
    await vscode.commands.executeCommand('tenantGraphql.clearHistory');
    for (const [key, op] of [
      ['me1', 'Me'],
      ['groups', 'MyGroups'],
      ['me2', 'Me'],
    ] as const) {
      const outcome = await run(op);
      assert.equal(outcome?.status, 200);
      runs[key] = outcome;
    }
  });

  it('lists runs grouped by operation, newest first, with status, duration, size, environment and time', async () => {
    const all = await rows();
    const groups = all.map((g) => [g.label, (g.children ?? []).map((r) => r.runId)]);
    assert.deepEqual(groups.slice(0, 2), [
      ['Me', [runs.me2.runId, runs.me1.runId]],
      ['MyGroups', [runs.groups.runId]],
    ]);
    const row = runRow(all, runs.me2.runId)!;
    // Status and age first, as the row's label; the rest in its description.
    assert.equal(row.label, '200 · just now');
    assert.match(row.description ?? '', /^\d+ ms · [\d.]+ (B|kB) · Sandbox$/);
    assert.equal(row.contextValue, 'run');
  });

  it('pins and renames a run; search finds it by its name, variables or status', async () => {
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.history.pin', { runId: runs.me1.runId }), 1);
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.history.rename', { runId: runs.me1.runId, name: 'Baseline <b>\u202e' }), 'Baseline <b>\u202e');
    const pinned = runRow(await rows(), runs.me1.runId)!;
    assert.equal(pinned.contextValue, 'run.pinned');
    assert.equal(pinned.label, 'Baseline <b>', 'the name is shown inert (no bidi override)');
    await vscode.commands.executeCommand('tenantGraphql.history.search', 'baseline');
    assert.deepEqual(
      (await rows()).map((g) => [g.label, (g.children ?? []).map((r) => r.runId)]),
      [['Me', [runs.me1.runId]]],
    );
    await vscode.commands.executeCommand('tenantGraphql.history.search', 'MyGroups 200');
    assert.deepEqual(
      (await rows()).map((g) => g.label),
      ['MyGroups'],
    );
    await vscode.commands.executeCommand('tenantGraphql.history.clearSearch');
    assert.ok((await rows()).length >= 2);
  });

  it('opens a run’s result (from disk) in the results panel; Copy JSON, the filter and Copy as CSV work on it', async () => {
    const runId = runs.groups.runId;
    const results = await resultsApi();
    const mark = results.info().trace.length;
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.history.openResult', { runId }), true);
    await resultsRendered(runId);
    // The stored answer goes to the page as the file's bytes: the extension host never decodes or parses it (the worker and the page do).
    assert.ok(
      results
        .info()
        .trace.slice(mark)
        .some((line) => line.endsWith(`show ${runId} (stored answer as bytes)`)),
    );
    assert.equal(await results.receive({ type: 'copyJson', runId }), true);
    assert.deepEqual((JSON.parse(await vscode.env.clipboard.readText()) as { data: unknown }).data, runs.groups.data);
    const before = results.info().trace.length;
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.results.filterToThis', { jsonPath: '$.data.groups[*].name' }), true);
    const groups = (runs.groups.data as { groups: { id: string; name: string }[] }).groups;
    assert.match(await panelTraced(`page filtered ${runId}`, before, 'the page to show the filter of the reopened run'), new RegExp(` ${groups.length} matches shown`));
    assert.equal(await results.receive({ type: 'tableExport', runId, path: ['data', 'groups'], format: 'copyCsv' }), true);
    const csv = await vscode.env.clipboard.readText();
    assert.equal(csv.split('\r\n')[0], 'id,name');
    assert.equal(csv.trimEnd().split('\r\n').length, groups.length + 1);
    // A reveal is checked against the stored answer's errors (it has none).
    assert.equal(await results.receive({ type: 'reveal', runId, documentUri: fixture('run/overview.graphql').toString(), line: 1, column: 1 }), false);
    // An empty filter forgets MyGroups' remembered one (other suites run MyGroups and filter it themselves).
    assert.equal(await results.receive({ type: 'filter', runId, expression: '' }), true);
  });

  it('opens a stored run whose errors have no string message: the errors are shown (as a live run has them), hostile content stays inert', async () => {
    // A run as another window (or an older version) may have stored it: the answer as the Service sent it.
    const runId = 'stored-odd-errors';
    const documentUri = fixture('run/overview.graphql').toString();
    const answer = {
      data: { me: { name: '<img src=x onerror=alert(1)>', bidi: '\u202etxt.exe' } },
      errors: [{ message: 42, locations: [{ line: 1, column: 1 }] }, { message: { html: '<script>alert(1)</script>' } }, 'down'],
    };
    const store = await openHistoryStore();
    try {
      await store.ready;
      const view = { runId, operationName: 'OddErrors', environment: 'Sandbox', documentUri, status: 200, at: new Date().toISOString() };
      await store.add({ documentUri, operationName: 'OddErrors', variables: {}, status: 200, durationMs: 5, environment: 'Sandbox' }, view, Buffer.from(JSON.stringify(answer)));
    } finally {
      store.dispose();
    }
    await (await api()).reloadHistory();
    assert.ok(runRow(await rows(), runId), 'the stored run is in the History view');
    const results = await resultsApi();
    const mark = results.info().trace.length;
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.history.openResult', { runId }), true);
    // The page accepted the result and rendered it (before, it refused the whole message: a blank panel, then "not shown").
    const info = await resultsRendered(runId);
    assert.ok((info.rendered?.treeItems ?? 0) > 0, 'the data tree is built');
    assert.ok(!(info.title ?? '').includes('(not shown)'), info.title);
    assert.ok(info.trace.slice(mark).some((line) => line.endsWith(`show ${runId} (stored answer as bytes)`)));
    // The errors reached the panel normalised: the first one's place is a place to jump to; others are not.
    assert.equal(await results.receive({ type: 'reveal', runId, documentUri, line: 1, column: 1 }), true);
    assert.equal(await results.receive({ type: 'reveal', runId, documentUri, line: 2, column: 1 }), false);
    // Copy JSON gives the answer as stored (the normalising is for showing only).
    assert.equal(await results.receive({ type: 'copyJson', runId }), true);
    assert.deepEqual(JSON.parse(await vscode.env.clipboard.readText()), answer);
    await vscode.commands.executeCommand('tenantGraphql.history.delete', { runId });
  });

  it('compares with the previous run in the diff editor, on two run documents (a content provider’s, read-only in the editor)', async () => {
    const opened = await vscode.commands.executeCommand<{ left: string; right: string }>('tenantGraphql.compareWithPreviousRun', { runId: runs.me2.runId });
    assert.ok(opened);
    const tab = await eventually(() => diffTabs().find((i) => i.modified.toString() === opened.right), 'the diff editor on the two runs');
    assert.equal(tab.original.toString(), opened.left);
    assert.ok(opened.left.includes(runs.me1.runId) && opened.right.includes(runs.me2.runId), 'older left, newer right');
    // A short title: the operation, then each run by its name (me1 was named above) or its number among the operation's runs.
    const label =
      vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputTextDiff && t.input.modified.toString() === opened.right)?.label ?? '';
    assert.match(label, /^Me: Baseline .* ↔ run 2$/);
    const left = await vscode.workspace.openTextDocument(tab.original);
    const right = await vscode.workspace.openTextDocument(tab.modified);
    assert.equal(left.languageId, 'json');
    assert.deepEqual((JSON.parse(left.getText()) as { data: unknown }).data, runs.me1.data);
    assert.deepEqual((JSON.parse(right.getText()) as { data: unknown }).data, runs.me2.data);
    // Pretty-printed, keys sorted.
    assert.match(left.getText(), /^\{\n {2}"data": \{\n/);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('compares any two runs (Compare Runs…)', async () => {
    const opened = await vscode.commands.executeCommand<{ left: string; right: string }>('tenantGraphql.compareRuns', { runIds: [runs.groups.runId, runs.me1.runId] });
    assert.ok(opened && opened.left.includes(runs.me1.runId) && opened.right.includes(runs.groups.runId));
    await eventually(() => diffTabs().find((i) => i.modified.toString() === opened.right), 'the diff editor on the two runs');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('runs the same operation on another signed-in environment and opens the diff of the two answers', async () => {
    const secret = sandbox().clients.find((c) => c.type === 'confidential')!.clientSecret!;
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.setClientSecret', 'Sandbox (team)', secret), true);
    const team = await vscode.commands.executeCommand<{ id: string } | undefined>('tenantGraphql.signInAsTeam', 'Sandbox (team)');
    assert.ok(team, 'signed in to a second environment');
    try {
      const opened = await vscode.commands.executeCommand<{ left: string; right: string }>('tenantGraphql.runOnAnotherEnvironmentAndCompare', {
        runId: runs.me2.runId,
        environment: 'Sandbox (team)',
      });
      assert.ok(opened && opened.left.includes(runs.me2.runId));
      const tab = await eventually(() => diffTabs().find((i) => i.modified.toString() === opened.right), 'the diff editor on the two environments’ answers');
      const otherId = tab.modified.path.split('/')[1];
      const row = runRow(await rows(), otherId);
      assert.equal(row?.label, '200 · just now');
      assert.match(row?.description ?? '', / · Sandbox \(team\)$/);
      const right = JSON.parse((await vscode.workspace.openTextDocument(tab.modified)).getText()) as { data?: { viewer?: unknown } };
      assert.ok(right.data?.viewer, 'the other environment’s answer');
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      assert.equal((await vscode.commands.executeCommand<{ environment: string }>('tenantGraphql.showAccount'))?.environment, 'Sandbox', 'the active environment is unchanged');
    } finally {
      await vscode.commands.executeCommand('tenantGraphql.signOut', team.id);
    }
  });

  it('runs a run again with the same variables', async () => {
    const again = await vscode.commands.executeCommand<Outcome>('tenantGraphql.history.rerun', { runId: runs.groups.runId });
    assert.equal(again?.status, 200);
    const group = (await rows()).find((g) => g.label === 'MyGroups')!;
    assert.deepEqual(
      group.children?.map((r) => r.runId),
      [again.runId, runs.groups.runId],
    );
    runs.groups2 = again;
  });

  it('Run Again in the results panel runs the shown operation again, into the history', async () => {
    const api = await vscode.extensions.getExtension<TenantGraphqlTestApi>(extensionId)!.activate();
    await resultsRendered(runs.groups2.runId);
    assert.equal(await api.results.receive({ type: 'runAgain', runId: runs.groups2.runId }), true);
    const again = await eventually(() => {
      const id = api.results.info().shownRunId;
      return id && id !== runs.groups2.runId ? id : undefined;
    }, 'the run again to be shown');
    await resultsRendered(again);
    assert.ok(runRow(await rows(), again), 'the new run is in the History view');
    assert.equal(await api.results.receive({ type: 'runAgain', runId: runs.groups.runId }), false, 'only the shown run');
  });

  it('keeps runs, pins, names and results across a new store on the same folder (as after a reload)', async () => {
    const store = await openHistoryStore();
    try {
      await store.ready;
      const ids = store.list().map((r) => r.id);
      for (const key of ['me1', 'me2', 'groups', 'groups2']) {
        assert.ok(ids.includes(runs[key].runId), `${key} is kept`);
      }
      const pinned = store.get(runs.me1.runId)!;
      assert.equal(pinned.pinned, true);
      assert.equal(pinned.name, 'Baseline <b>\u202e');
      const result = await store.result(runs.me2.runId, { quiet: true });
      assert.deepEqual((JSON.parse(result?.bytes ? new TextDecoder().decode(result.bytes) : 'null') as { data?: unknown } | null)?.data, runs.me2.data);
    } finally {
      store.dispose();
    }
  });

  it('deletes a run, and Clear keeps only the pinned ones', async () => {
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.history.delete', { runId: runs.me2.runId }), 1);
    assert.equal(runRow(await rows(), runs.me2.runId), undefined);
    await vscode.commands.executeCommand('tenantGraphql.clearHistory');
    assert.deepEqual(
      (await rows()).map((g) => [g.label, (g.children ?? []).map((r) => r.runId)]),
      [['Me', [runs.me1.runId]]],
    );
    await vscode.commands.executeCommand('tenantGraphql.history.unpin', { runId: runs.me1.runId });
    await vscode.commands.executeCommand('tenantGraphql.clearHistory');
    assert.deepEqual(await rows(), []);
  });
});
