import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { admin, eventually, openFixture, signInToSandbox, workspaceRoot } from './helpers';
import type { RefreshOutcome } from '../../src/core/schema/schemaSnapshot';

/** Position of the `at`-th character of `needle` in a document. */
function positionOf(doc: vscode.TextDocument, needle: string, at = 1): vscode.Position {
  const offset = doc.getText().indexOf(needle);
  assert.ok(offset >= 0, `"${needle}" is in ${doc.uri.path}`);
  return doc.positionAt(offset + at);
}

/** `refs/file:line:character` of each location in the refs/ fixtures, sorted. */
function places(locations: readonly vscode.Location[]): string[] {
  const root = vscode.Uri.joinPath(workspaceRoot(), 'refs').toString() + '/';
  return locations
    .filter((l) => l.uri.toString().startsWith(root))
    .map((l) => `${l.uri.toString().slice(root.length)}:${l.range.start.line}:${l.range.start.character}`)
    .sort();
}

/** A file's text with a WorkspaceEdit's replacements for it applied (the edit itself is not applied). */
async function edited(edit: vscode.WorkspaceEdit, relativePath: string): Promise<string> {
  const uri = vscode.Uri.joinPath(workspaceRoot(), relativePath);
  const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  const edits = edit.get(uri).sort((a, b) => b.range.start.compareTo(a.range.start));
  const lines = text.split('\n');
  const offsetOf = (p: vscode.Position) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  let out = text;
  for (const e of edits) {
    out = out.slice(0, offsetOf(e.range.start)) + e.newText + out.slice(offsetOf(e.range.end));
  }
  return out;
}

describe('References, rename and the References CodeLens', function () {
  this.timeout(60_000);

  before(async () => {
    await admin('/faults', undefined, 'DELETE');
    await signInToSandbox('alice');
    const outcome = (await vscode.commands.executeCommand<RefreshOutcome>('tenantGraphql.refreshSchema'))!;
    assert.equal(outcome.ok, true, `the schema loads after sign-in: ${outcome.reason ?? ''}`);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('finds a fragment definition and its spreads, in files that are not open', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const board = await openFixture('refs/board.graphql');
    const found = await eventually(async () => {
      const refs = await vscode.commands.executeCommand<vscode.Location[]>('vscode.executeReferenceProvider', board.uri, positionOf(board, '...TaskCard', 5));
      const list = places(refs ?? []);
      return list.length === 3 ? list : undefined;
    }, 'the workspace index to hold the refs/ fixtures');
    // The definition in taskCard.graphql and the spread in detail.graphql: neither file is open.
    assert.deepEqual(found, ['board.graphql:4:11', 'detail.graphql:2:7', 'taskCard.graphql:1:9']);
    assert.ok(!vscode.workspace.textDocuments.some((d) => d.uri.path.endsWith('/refs/detail.graphql')), 'detail.graphql was not opened');
  });

  it('finds the usages of a field by its type, not its alias, and not an input field of the same name', async () => {
    const board = await openFixture('refs/board.graphql');
    const refs = await vscode.commands.executeCommand<vscode.Location[]>('vscode.executeReferenceProvider', board.uri, positionOf(board, 'current: status', 10));
    assert.deepEqual(places(refs), ['board.graphql:5:17', 'taskCard.graphql:4:2']);
  });

  it('finds variables in their operation', async () => {
    const board = await openFixture('refs/board.graphql');
    const refs = await vscode.commands.executeCommand<vscode.Location[]>('vscode.executeReferenceProvider', board.uri, positionOf(board, '$status', 2));
    // With its key in the operation's entry of board.variables.json.
    assert.deepEqual(places(refs), ['board.graphql:0:26', 'board.graphql:1:42', 'board.variables.json:3:19']);
  });

  it('finds an operation with its entry in the variables file', async () => {
    const board = await openFixture('refs/board.graphql');
    const refs = await vscode.commands.executeCommand<vscode.Location[]>('vscode.executeReferenceProvider', board.uri, positionOf(board, 'Board', 2));
    assert.deepEqual(places(refs), ['board.graphql:0:6', 'board.variables.json:2:2']);
  });

  it('finds the usages of a field from its line in the SDL view (references and Find Usages)', async () => {
    await openFixture('refs/board.graphql');
    const shown = await vscode.commands.executeCommand<{ uri: string; line: number }>('tenantGraphql.explorer.goToDefinition', {
      kind: 'field',
      typeName: 'Task',
      fieldName: 'status',
    });
    assert.ok(shown, 'the SDL view opens at Task.status');
    const refs = await vscode.commands.executeCommand<vscode.Location[]>('vscode.executeReferenceProvider', vscode.Uri.parse(shown.uri), new vscode.Position(shown.line, 4));
    assert.deepEqual(places(refs), ['board.graphql:5:17', 'taskCard.graphql:4:2']);
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), shown.uri);
    const found = await vscode.commands.executeCommand<vscode.Location[]>('tenantGraphql.findUsages');
    assert.deepEqual(places(found ?? []), ['board.graphql:5:17', 'taskCard.graphql:4:2']);
    await assert.rejects(Promise.resolve(vscode.commands.executeCommand('vscode.prepareRename', vscode.Uri.parse(shown.uri), new vscode.Position(shown.line, 4))), (err: Error) =>
      /schema view is read-only/.test(err.message),
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('Find Usages of Task.status from the schema explorer lists the documents that select it', async () => {
    await openFixture('refs/board.graphql');
    const found = await vscode.commands.executeCommand<vscode.Location[]>('tenantGraphql.findUsages', { kind: 'field', typeName: 'Task', fieldName: 'status' });
    assert.ok(found, 'Find Usages answers');
    assert.deepEqual(places(found), ['board.graphql:5:17', 'taskCard.graphql:4:2']);
    const ofArgument = await vscode.commands.executeCommand<vscode.Location[]>('tenantGraphql.findUsages', {
      kind: 'argument',
      typeName: 'Query',
      fieldName: 'tasks',
      argName: 'filter',
    });
    assert.deepEqual(places(ofArgument ?? []), ['board.graphql:1:23']);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('renames a fragment across files, and an operation and a variable with their sidecar keys (formatting kept)', async () => {
    const card = await openFixture('refs/taskCard.graphql');
    const fragmentEdit = await vscode.commands.executeCommand<vscode.WorkspaceEdit>('vscode.executeDocumentRenameProvider', card.uri, positionOf(card, 'TaskCard', 2), 'BoardCard');
    assert.equal(fragmentEdit.entries().filter(([uri]) => uri.path.includes('/refs/')).length, 3, 'three files change');
    assert.match(await edited(fragmentEdit, 'refs/detail.graphql'), /\.\.\.BoardCard\n/);
    assert.match(await edited(fragmentEdit, 'refs/taskCard.graphql'), /fragment BoardCard on Task/);

    const board = await openFixture('refs/board.graphql');
    const operationEdit = await vscode.commands.executeCommand<vscode.WorkspaceEdit>('vscode.executeDocumentRenameProvider', board.uri, positionOf(board, 'Board'), 'TaskBoard');
    assert.match(await edited(operationEdit, 'refs/board.graphql'), /^query TaskBoard\(/);
    assert.equal(await edited(operationEdit, 'refs/board.variables.json'), '{\n  // The board\'s first page.\n  "TaskBoard": {\n    "first": 5,    "status": "TODO"\n  }\n}\n');

    const variableEdit = await vscode.commands.executeCommand<vscode.WorkspaceEdit>('vscode.executeDocumentRenameProvider', board.uri, positionOf(board, '$first', 2), 'pageSize');
    assert.match(await edited(variableEdit, 'refs/board.graphql'), /^query Board\(\$pageSize: Int, \$status: TaskStatus\) \{\n {2}tasks\(first: \$pageSize,/);
    assert.equal(await edited(variableEdit, 'refs/board.variables.json'), '{\n  // The board\'s first page.\n  "Board": {\n    "pageSize": 5,    "status": "TODO"\n  }\n}\n');
  });

  it('refuses to rename a name of the schema, with the reason', async () => {
    const board = await openFixture('refs/board.graphql');
    await assert.rejects(Promise.resolve(vscode.commands.executeCommand('vscode.prepareRename', board.uri, positionOf(board, 'tasks(', 2))), (err: Error) =>
      /"Query\.tasks" is a name from the schema/.test(err.message),
    );
  });

  it('shows a References CodeLens over the fragment definition that opens its spreads', async () => {
    const card = await openFixture('refs/taskCard.graphql');
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', card.uri, 10);
    const lens = lenses.find((l) => l.range.start.line === 1 && l.command?.command === 'editor.action.showReferences');
    assert.ok(lens?.command, `a resolved lens on the definition; got ${lenses.map((l) => l.command?.title).join(', ')}`);
    assert.equal(lens.command.title, '2 references');
    assert.deepEqual(places(lens.command.arguments?.[2] as vscode.Location[]), ['board.graphql:4:11', 'detail.graphql:2:7']);
  });
});
