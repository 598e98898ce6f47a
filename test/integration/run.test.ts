import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunOutcome } from '../../src/run/runController';
import type { TenantGraphqlTestApi } from '../../src/extension';
import { admin, eventually, extensionId, openFixture, resultsApi, signInToSandbox, workspaceRoot } from './helpers';

/** What tenantGraphql.runOperation resolves to, with `data` as the Sandbox's JSON object. */
type Outcome = Omit<RunOutcome, 'data'> & { data?: Record<string, unknown> | null };

interface Stats {
  token: Record<string, number>;
  graphql: number;
}

const run = (arg?: unknown) => vscode.commands.executeCommand<Outcome | undefined>('tenantGraphql.runOperation', arg);
const fixture = (path: string) => vscode.Uri.joinPath(workspaceRoot(), path);
const stats = async () => (await admin('/stats')) as Stats;

async function writeFixture(path: string, text: string): Promise<vscode.Uri> {
  const uri = fixture(path);
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) {
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, new vscode.Range(open.positionAt(0), open.positionAt(open.getText().length)), text);
    await vscode.workspace.applyEdit(edit);
    await open.save();
  } else {
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  }
  return uri;
}

function serverDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'GraphQL (server)');
}

function priorities(outcome: Outcome | undefined): string[] {
  const tasks = (outcome?.data as { tasks: { edges: { node: { priority: string } }[] } } | undefined)?.tasks;
  return (tasks?.edges ?? []).map((e) => e.node.priority);
}

describe('Run operations against the Sandbox', function () {
  this.timeout(60_000);
  const urgentSidecar = '{\n  "UrgentTasks": {\n    "priority": "HIGH"\n  }\n}\n';

  before(async () => {
    await admin('/reset', {});
    await signInToSandbox('alice');
  });

  afterEach(async () => {
    await admin('/faults', undefined, 'DELETE');
    await writeFixture('tasks.variables.json', urgentSidecar);
  });

  it('runs tasks filtered by priority through the sidecar variable', async () => {
    const doc = await openFixture('tasks.graphql');
    const high = await run({ uri: doc.uri });
    assert.equal(high?.status, 200, high?.message);
    assert.equal(high.errors, 0);
    assert.equal(high.operationName, 'UrgentTasks');
    assert.equal(high.sentOperationName, undefined, 'one operation: no operationName needed');
    assert.deepEqual(high.variables, { priority: 'HIGH' });
    assert.ok(priorities(high).length > 0, 'alice sees HIGH tasks');
    assert.deepEqual([...new Set(priorities(high))], ['HIGH']);

    await writeFixture('tasks.variables.json', '{ "UrgentTasks": { "priority": "MEDIUM" } }\n');
    const medium = await run({ uri: doc.uri });
    assert.equal(medium?.status, 200);
    assert.ok(priorities(medium).length > 0);
    assert.deepEqual([...new Set(priorities(medium))], ['MEDIUM']);
  });

  it('catches a wrong variable type before sending, naming the variable, and shows it in the sidecar', async () => {
    const sidecar = await writeFixture('tasks.variables.json', '{ "UrgentTasks": { "priority": "HIGHEST" } }\n');
    const before = (await stats()).graphql;
    const outcome = await run({ uri: fixture('tasks.graphql') });
    assert.equal(outcome?.failure, 'invalidVariables');
    assert.match(outcome.message ?? '', /\$priority/);
    assert.match(outcome.message ?? '', /HIGHEST/);
    assert.equal((await stats()).graphql, before, 'nothing was sent');

    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(sidecar));
    const problem = await eventually(
      () => vscode.languages.getDiagnostics(sidecar).find((d) => d.source === 'GraphQL variables' && d.message.includes('$priority')),
      'a sidecar diagnostic about $priority',
    );
    assert.equal(problem.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(problem.range.start.line, 0);
    assert.equal(problem.range.start.character, '{ "UrgentTasks": { '.length, 'on the "priority" key');
  });

  it('reports a sidecar that is not JSON with its line and column', async () => {
    await writeFixture('tasks.variables.json', '{\n  "UrgentTasks": { "priority": "HIGH", }\n}\n');
    const outcome = await run({ uri: fixture('tasks.graphql') });
    assert.equal(outcome?.failure, 'invalidVariables');
    assert.match(outcome.message ?? '', /line 2, column 40/);
  });

  it('asks for a missing required variable with a pick of its enum values', async () => {
    await writeFixture('tasks.variables.json', '{}\n');
    let done = false;
    const pending = Promise.resolve(run({ uri: fixture('tasks.graphql') })).finally(() => (done = true));
    // Like a person pressing Enter on each question: the first enum value, then "Run" (not "Save").
    while (!done) {
      await new Promise((r) => setTimeout(r, 300));
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    }
    const outcome = await pending;
    assert.equal(outcome?.status, 200, outcome?.message);
    assert.deepEqual(outcome.variables, { priority: 'LOW' });
    assert.deepEqual([...new Set(priorities(outcome))], ['LOW']);
    assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(fixture('tasks.variables.json'))), '{}\n', 'not saved');
  });

  it('completes variable names and enum values in the sidecar from the schema', async () => {
    const sidecar = await writeFixture('tasks.variables.json', '{ "UrgentTasks": { "priority":  } }\n');
    await vscode.workspace.openTextDocument(sidecar);
    const values = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      sidecar,
      new vscode.Position(0, '{ "UrgentTasks": { "priority": '.length),
    );
    const labels = values.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    for (const v of ['"LOW"', '"MEDIUM"', '"HIGH"', '"URGENT"']) {
      assert.ok(labels.includes(v), `${v} proposed; got ${labels.join(' ')}`);
    }
    await writeFixture('tasks.variables.json', '{ "UrgentTasks": {  } }\n');
    const names = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      sidecar,
      new vscode.Position(0, '{ "UrgentTasks": { '.length),
    );
    const priority = names.items.find((i) => i.label === 'priority');
    assert.ok(priority, 'the variable name is proposed');
    assert.equal(priority.detail, 'TaskPriority!');
  });

  it('sends the operationName of the operation under the cursor, or of the lens', async () => {
    const doc = await openFixture('run/overview.graphql');
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri);
    const titles = lenses.map((l) => l.command?.title).filter((t) => t?.startsWith('$(play)'));
    assert.deepEqual(titles, ['$(play) Run Me', '$(play) Run MyGroups']);

    const editor = await vscode.window.showTextDocument(doc);
    const inGroups = doc.positionAt(doc.getText().indexOf('groups {'));
    editor.selection = new vscode.Selection(inGroups, inGroups);
    const groups = await run();
    assert.equal(groups?.status, 200, groups?.message);
    assert.equal(groups.sentOperationName, 'MyGroups');
    assert.ok(groups.data && 'groups' in groups.data && !('viewer' in groups.data), 'the Service ran MyGroups');

    const lensMe = lenses.find((l) => l.command?.title === '$(play) Run Me')!;
    const me = await run(...(lensMe.command!.arguments as [unknown]));
    assert.equal(me?.sentOperationName, 'Me');
    assert.deepEqual((me.data as { viewer: { userId: string } }).viewer.userId, 'alice');
    assert.ok(!('groups' in (me.data ?? {})));
  });

  it("maps an undefined field to a diagnostic at the server's line and column, with its suggestion", async () => {
    const doc = await openFixture('run/typo.graphql');
    const outcome = await run({ uri: doc.uri });
    // GraphQL over HTTP: asked with application/graphql-response+json, a validation error is a 400 with a GraphQL body.
    assert.equal(outcome?.status, 400, outcome?.message);
    assert.equal(outcome.errors, 1);
    assert.equal(outcome.diagnostics, 1);
    const [d] = serverDiagnostics(doc.uri);
    assert.ok(d, 'a GraphQL (server) diagnostic');
    const nmae = doc.getText().lastIndexOf('nmae');
    assert.deepEqual(d.range, new vscode.Range(doc.positionAt(nmae), doc.positionAt(nmae + 4)), 'on the token "nmae" (line 8, column 9)');
    assert.match(d.message, /Cannot query field "nmae" on type "Task"\. Did you mean "name"\?/);
    assert.equal(d.severity, vscode.DiagnosticSeverity.Error);

    // Editing elsewhere moves it with its text; editing the token removes it.
    const editor = await vscode.window.showTextDocument(doc);
    await editor.edit((e) => e.insert(new vscode.Position(0, 0), '\n'));
    assert.equal(serverDiagnostics(doc.uri)[0]?.range.start.line, d.range.start.line + 1);
    await editor.edit((e) => e.replace(serverDiagnostics(doc.uri)[0].range, 'name'));
    assert.deepEqual(serverDiagnostics(doc.uri), []);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('refreshes the token after a 401 and succeeds', async () => {
    const before = await stats();
    await admin('/clock', { advanceMs: 2 * 3600_000 });
    const outcome = await run({ uri: fixture('run/overview.graphql'), operationName: 'Me' });
    assert.equal(outcome?.status, 200, outcome?.message);
    const after = await stats();
    assert.equal(after.token.refresh_token - before.token.refresh_token, 1, 'exactly one refresh');
  });

  it('retries after 429 and 500 and succeeds', async () => {
    await admin('/faults', { kind: 'status', status: 429, count: 1, retryAfter: '1' });
    await admin('/faults', { kind: 'status', status: 500, count: 2 });
    const outcome = await run({ uri: fixture('run/overview.graphql'), operationName: 'Me' });
    assert.equal(outcome?.status, 200, outcome?.message);
    assert.equal(outcome.attempts, 4, '429, 500, 500, then 200');
  });

  it('stops with a message when 500s outlast the retries, and the next run works', async () => {
    await admin('/faults', { kind: 'status', status: 500, count: 5 });
    const failed = await run({ uri: fixture('run/overview.graphql'), operationName: 'Me' });
    assert.equal(failed?.failure, 'server');
    assert.equal(failed.status, 500);
    assert.match(failed.message ?? '', /still failed after 2 retries/);
    await admin('/faults', undefined, 'DELETE');
    const next = await run({ uri: fixture('run/overview.graphql'), operationName: 'Me' });
    assert.equal(next?.status, 200, 'the extension still works');
  });

  it('stops with a message when 429s outlast the retries', async () => {
    await admin('/faults', { kind: 'status', status: 429, count: 5, retryAfter: '0' });
    const failed = await run({ uri: fixture('run/overview.graphql'), operationName: 'Me' });
    assert.equal(failed?.failure, 'rateLimited');
    assert.equal(failed.status, 429);
    assert.match(failed.message ?? '', /still refused after 3 retries/);
  });

  it('gives up after tenantGraphql.requestTimeoutSeconds and says so', async () => {
    const config = vscode.workspace.getConfiguration('tenantGraphql');
    try {
      await config.update('requestTimeoutSeconds', 1, vscode.ConfigurationTarget.Workspace);
      await admin('/faults', { kind: 'latency', ms: 2500 });
      const failed = await run({ uri: fixture('run/overview.graphql'), operationName: 'Me' });
      assert.equal(failed?.failure, 'network', failed?.message);
      assert.match(failed.message ?? '', /gave no answer within 1 s/);
    } finally {
      await admin('/faults', undefined, 'DELETE');
      await config.update('requestTimeoutSeconds', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });

  it('tells that the tenant does not allow this IP address (403)', async () => {
    try {
      await admin('/ip-allowlist', { cidrs: ['10.99.0.0/16'] });
      const failed = await run({ uri: fixture('run/overview.graphql'), operationName: 'Me' });
      assert.equal(failed?.failure, 'ipNotAllowed');
      assert.equal(failed.status, 403);
      assert.equal(failed.message, 'This tenant does not allow requests from your IP address. Ask the tenant admin to add your address to the allowlist.');
    } finally {
      await admin('/reset', {});
    }
  });

  it("tells the server's reason for a 400, an unexpected body with its first bytes, and a reset connection", async () => {
    const me = { uri: fixture('run/overview.graphql'), operationName: 'Me' };
    await admin('/faults', { kind: 'status', status: 400, count: 1 });
    const bad = await run(me);
    assert.equal(bad?.failure, 'badRequest');
    assert.equal(bad.status, 400);
    assert.match(bad.message ?? '', /^The Service rejected the request \(400 Bad Request\): .+ Check the operation and its variables\.$/);

    await admin('/faults', { kind: 'malformedJson', count: 1, variant: 'html' });
    const html = await run(me);
    assert.equal(html?.failure, 'unexpectedResponse');
    assert.match(html.message ?? '', /starting with: <html><body><h1>502 Bad Gateway/);

    await admin('/faults', { kind: 'reset', count: 1 });
    const reset = await run(me);
    assert.equal(reset?.failure, 'network');
    assert.match(reset.message ?? '', /closed before the Service answered/);

    const next = await run(me);
    assert.equal(next?.status, 200, 'nothing crashed: the next run works');
  });

  it('cancels a slow request silently', async () => {
    await admin('/faults', { kind: 'latency', ms: 20_000, count: 1 });
    const before = (await stats()).graphql;
    const cancellation = new vscode.CancellationTokenSource();
    const pending = run({ uri: fixture('run/overview.graphql'), operationName: 'Me', cancellation: cancellation.token });
    await eventually(async () => ((await stats()).graphql > before ? true : undefined), 'the request to reach the Sandbox');
    cancellation.cancel();
    assert.equal(await pending, undefined, 'a cancelled run resolves to undefined');
    const next = await run({ uri: fixture('run/overview.graphql'), operationName: 'Me' });
    assert.equal(next?.status, 200);
  });

  it('shows a run in flight in the status bar, not in a notification, and a click on the item cancels it', async () => {
    const api = (await vscode.extensions.getExtension<TenantGraphqlTestApi>(extensionId)!.activate()).run;
    await admin('/faults', { kind: 'latency', ms: 20_000, count: 1 });
    const before = (await stats()).graphql;
    const pending = run({ uri: fixture('run/overview.graphql'), operationName: 'Me' });
    await eventually(async () => ((await stats()).graphql > before ? true : undefined), 'the request to reach the Sandbox');
    assert.deepEqual(api.runProgress(), { inFlight: 1, text: '$(sync~spin) Running Me…' });
    // The results panel (open since the run before) says so in its title until the answer comes.
    const results = await resultsApi();
    assert.equal(results.info().open, true);
    assert.equal(results.info().title, 'Running Me…');
    // What the status bar item runs when clicked.
    await vscode.commands.executeCommand('tenantGraphql.cancelRun');
    assert.equal(await pending, undefined, 'a cancelled run resolves to undefined');
    assert.deepEqual(api.runProgress(), { inFlight: 0, text: '' }, 'the item is gone');
    assert.equal(results.info().title, 'Results: Me', 'the panel shows the last result again');
  });

  it('handles a multi-MB answer', async () => {
    await admin('/faults', { kind: 'huge', bytes: 6_000_000, count: 1 });
    const outcome = await run({ uri: fixture('run/overview.graphql'), operationName: 'MyGroups' });
    assert.equal(outcome?.status, 200, outcome?.message);
    assert.ok((outcome.bytes ?? 0) >= 6_000_000, `bytes: ${outcome.bytes}`);
    assert.equal(outcome.errors, 0);
    assert.ok(Array.isArray((outcome.data as { groups: unknown[] }).groups));
  });

  it('keeps a history to re-run from, and clears it', async () => {
    await run({ uri: fixture('tasks.graphql') });
    const again = await vscode.commands.executeCommand<Outcome>('tenantGraphql.showHistory', { index: 0, action: 'run' });
    assert.equal(again?.operationName, 'UrgentTasks');
    assert.deepEqual(again.variables, { priority: 'HIGH' });
    assert.equal(again.status, 200);
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.showHistory', { index: 0, action: 'show' }), true);
    const cleared = await vscode.commands.executeCommand<number>('tenantGraphql.clearHistory');
    assert.ok(cleared >= 2);
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.showHistory', { index: 0, action: 'run' }), undefined);
  });
});
