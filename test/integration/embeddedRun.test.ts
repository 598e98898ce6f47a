import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunOutcome } from '../../src/run/runController';
import { admin, eventually, openFixture, openScratch, resultsApi, resultsRendered, signInToSandbox, workspaceRoot } from './helpers';

/** What tenantGraphql.runOperation resolves to, with `data` as the Sandbox's JSON object. */
type Outcome = Omit<RunOutcome, 'data'> & { data?: Record<string, unknown> | null };

const run = (arg?: unknown) => vscode.commands.executeCommand<Outcome | undefined>('tenantGraphql.runOperation', arg);
const fixture = (path: string) => vscode.Uri.joinPath(workspaceRoot(), path);

function serverDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'GraphQL (server)');
}

async function writeFixture(path: string, text: string): Promise<void> {
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
}

function priorities(outcome: Outcome | undefined): string[] {
  const tasks = (outcome?.data as { tasks: { edges: { node: { priority: string; name: string } }[] } } | undefined)?.tasks;
  return (tasks?.edges ?? []).map((e) => e.node.priority);
}

// Sign-in needs the runner's browser (code-server); the desktop runner cannot drive it.
describe('Embedded run: operations in TypeScript templates', function () {
  this.timeout(60_000);
  const sidecar = '{\n  "TasksByPriority": {\n    "priority": "HIGH"\n  }\n}\n';

  before(async () => {
    await admin('/reset', {});
    await signInToSandbox('alice');
  });

  afterEach(async () => {
    await writeFixture('src/api.variables.json', sidecar);
  });

  it('shows Run over each operation of src/api.ts, none over the fragment, none in a file without templates', async () => {
    const doc = await openFixture('src/api.ts');
    const lenses = await eventually(async () => {
      const found = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri);
      const ours = (found ?? []).filter((l) => l.command?.command === 'tenantGraphql.runOperation');
      return ours.length > 0 ? ours : undefined;
    }, 'Run lenses in api.ts');
    assert.deepEqual(
      lenses.map((l) => l.command?.title),
      ['$(play) Run TasksByPriority', '$(play) Run WhoAmI'],
    );
    const text = doc.getText();
    assert.equal(lenses[0].range.start.line, doc.positionAt(text.indexOf('query TasksByPriority')).line);
    assert.equal(lenses[1].range.start.line, doc.positionAt(text.indexOf('query WhoAmI')).line);

    const plain = await openScratch('typescript', 'export const x = `query NotGraphql { a }`;\n');
    const none = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', plain.uri);
    assert.deepEqual(
      (none ?? []).filter((l) => l.command?.command === 'tenantGraphql.runOperation'),
      [],
    );
  });

  it('runs the operation under the cursor with its sidecar variables and the ${} fragment, and shows the result', async () => {
    const doc = await openFixture('src/api.ts');
    const editor = await vscode.window.showTextDocument(doc);
    const inside = doc.positionAt(doc.getText().indexOf('tasks(filter'));
    editor.selection = new vscode.Selection(inside, inside);
    const high = await run();
    assert.equal(high?.status, 200, high?.message);
    assert.equal(high.errors, 0, 'TaskFields was sent with the query (no unknown fragment)');
    assert.equal(high.operationName, 'TasksByPriority');
    assert.deepEqual(high.variables, { priority: 'HIGH' });
    assert.ok(priorities(high).length > 0, 'alice sees HIGH tasks');
    assert.deepEqual([...new Set(priorities(high))], ['HIGH']);
    assert.equal((await (await resultsApi()).info()).shownRunId, high.runId, 'the results panel shows it');

    await writeFixture('src/api.variables.json', '{ "TasksByPriority": { "priority": "LOW" } }\n');
    const low = await run({ uri: doc.uri, position: { line: inside.line, character: inside.character } });
    assert.equal(low?.status, 200, low?.message);
    assert.deepEqual([...new Set(priorities(low))], ['LOW']);

    const who = await run({ uri: doc.uri, position: doc.positionAt(doc.getText().indexOf('viewer {')) });
    assert.equal(who?.status, 200, who?.message);
    assert.equal(who.operationName, 'WhoAmI');
    assert.equal((who.data as { viewer: { userId: string } }).viewer.userId, 'alice');
  });

  it('checks the sidecar of a code file before sending, and completes its operation names', async () => {
    await writeFixture('src/api.variables.json', '{ "TasksByPriority": { "priority": "HIGHEST" } }\n');
    const outcome = await run({ uri: fixture('src/api.ts'), operationName: 'TasksByPriority' });
    assert.equal(outcome?.failure, 'invalidVariables');
    assert.match(outcome.message ?? '', /HIGHEST/);

    await writeFixture('src/api.variables.json', '{\n  \n}\n');
    const json = await openFixture('src/api.variables.json');
    const items = await eventually(async () => {
      const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', json.uri, new vscode.Position(1, 2));
      const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
      return labels.some((l) => l.includes('TasksByPriority')) ? labels : undefined;
    }, 'operation names of api.ts in the sidecar completion');
    assert.ok(items.some((l) => l.includes('WhoAmI')));
  });

  it('puts a server error on the exact characters inside the template, and the results panel reveals them there', async () => {
    const doc = await openFixture('run/embeddedTypo.ts');
    const outcome = await run({ uri: doc.uri });
    // A validation error: 400 with a GraphQL body (application/graphql-response+json), read as the run's errors.
    assert.equal(outcome?.status, 400, outcome?.message);
    assert.equal(outcome.errors, 1);
    assert.equal(outcome.diagnostics, 1);
    const [d] = serverDiagnostics(doc.uri);
    assert.ok(d, 'a GraphQL (server) diagnostic in the TypeScript file');
    // The last "nmae": the first one is in the file's opening comment.
    const nmae = doc.getText().lastIndexOf('nmae');
    assert.deepEqual(d.range, new vscode.Range(doc.positionAt(nmae), doc.positionAt(nmae + 4)), 'on "nmae" inside the template, not at the line/column of the sent query');
    assert.match(d.message, /Cannot query field "nmae" on type "Task"/);

    const api = await resultsApi();
    await resultsRendered(outcome.runId);
    // The server's location is in the sent query: line 7, column 11 of the template's text.
    assert.equal(await api.receive({ type: 'reveal', runId: outcome.runId, documentUri: doc.uri.toString(), line: 7, column: 11 }), true);
    const editor = await eventually(() => {
      const e = vscode.window.activeTextEditor;
      return e?.document.uri.toString() === doc.uri.toString() ? e : undefined;
    }, 'the code file’s editor to be active');
    assert.equal(editor.document.getText(editor.selection), 'nmae');
    assert.equal(editor.selection.start.line, doc.positionAt(nmae).line);
  });
});
