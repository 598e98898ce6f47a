import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunOutcome } from '../../src/run/runController';
import { admin, eventually, signInToSandbox, workspaceRoot } from './helpers';

type Step = { kind: 'field'; name: string };
type AnyStep = Step | { kind: 'argument' | 'inputField'; name: string } | { kind: 'enumValue'; value: string };
const field = (name: string): Step => ({ kind: 'field', name });
const toggle = (steps: AnyStep[], checked: boolean) =>
  vscode.commands.executeCommand<string[] | undefined>('tenantGraphql.builder.toggle', { path: { root: 'query', steps }, checked });

describe('Operation builder: ticks write the operation', function () {
  this.timeout(90_000);
  const uri = vscode.Uri.joinPath(workspaceRoot(), 'builder-scratch.graphql');
  const sidecar = vscode.Uri.joinPath(workspaceRoot(), 'builder-scratch.variables.json');

  before(async () => {
    await admin('/reset', {});
    await signInToSandbox('alice');
    await vscode.workspace.fs.writeFile(uri, new Uint8Array());
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    for (const u of [uri, sidecar]) {
      await vscode.workspace.fs.delete(u).then(undefined, () => undefined);
    }
  });

  it('ticks tasks -> edges -> node -> name in a new file, and the operation runs on the Sandbox', async () => {
    const path = [field('tasks'), field('edges'), field('node'), field('name')];
    // The schema arrives after sign-in: the first tick waits for it.
    await eventually(async () => ((await toggle(path.slice(0, 1), true))?.includes('query:tasks') ? true : undefined), 'the first tick, once the schema is loaded', 30_000);
    for (let i = 2; i <= path.length; i++) {
      await toggle(path.slice(0, i), true);
    }
    const doc = vscode.window.activeTextEditor!.document;
    assert.equal(doc.getText(), 'query Tasks {\n  tasks {\n    edges {\n      node {\n        name\n      }\n    }\n  }\n}\n');
    const outcome = await vscode.commands.executeCommand<(RunOutcome & { data?: { tasks: { edges: { node: { name: string } }[] } } }) | undefined>('tenantGraphql.runOperation', {
      uri,
    });
    assert.equal(outcome?.status, 200, outcome?.message);
    assert.equal(outcome.errors, 0);
    assert.ok((outcome.data?.tasks.edges.length ?? 0) > 0, 'alice sees tasks');
    assert.ok(outcome.data!.tasks.edges.every((e) => typeof e.node.name === 'string'));
  });

  it('unticking removes the field; the parent keeps __typename', async () => {
    // The run above opened its result beside the file: the builder follows the file's editor again.
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const ticked = await toggle([field('tasks'), field('edges'), field('node'), field('name')], false);
    assert.ok(!ticked?.includes('query:tasks/edges/node/name'));
    assert.equal(vscode.window.activeTextEditor!.document.getText(), 'query Tasks {\n  tasks {\n    edges {\n      node {\n        __typename\n      }\n    }\n  }\n}\n');
  });

  it('a required argument becomes a variable, and the variables file gains it', async () => {
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const ticked = await toggle([field('task'), field('name')], true);
    assert.ok(ticked?.includes('query:task/(id)'));
    assert.match(vscode.window.activeTextEditor!.document.getText(), /^query Tasks\(\$id: ID!\) \{\n[\s\S]*\n {2}task\(id: \$id\) \{\n {4}name\n {2}\}\n\}\n$/);
    const text = await eventually(async () => {
      const bytes = await vscode.workspace.fs.readFile(sidecar).then(undefined, () => undefined);
      return bytes && new TextDecoder().decode(bytes);
    }, 'the variables file');
    assert.deepEqual(JSON.parse(text), { Tasks: { id: '' } });
  });

  describe('one undo in the GraphQL editor takes a tick back, with no question', () => {
    const ticked = 'query Task($id: ID!) {\n  task(id: $id) {\n    name\n  }\n}\n';
    // Each test its own files: a variables document another test opened stays open a while.
    const used: vscode.Uri[] = [];
    function files(name: string): { uri: vscode.Uri; sidecar: vscode.Uri; sidecarJson: () => Promise<unknown>; sidecarExists: () => Thenable<boolean> } {
      const uri = vscode.Uri.joinPath(workspaceRoot(), `${name}.graphql`);
      const sidecar = vscode.Uri.joinPath(workspaceRoot(), `${name}.variables.json`);
      used.push(uri, sidecar);
      return {
        uri,
        sidecar,
        sidecarJson: async () => JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(sidecar))) as unknown,
        sidecarExists: () =>
          vscode.workspace.fs.stat(sidecar).then(
            () => true,
            () => false,
          ),
      };
    }

    /** Ticks task -> name (a required argument) in an empty file, in its editor. */
    async function tickInNewFile(uri: vscode.Uri): Promise<vscode.TextEditor> {
      await vscode.workspace.fs.writeFile(uri, new Uint8Array());
      const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
      assert.ok((await toggle([field('task'), field('name')], true))?.includes('query:task/(id)'));
      assert.equal(editor.document.getText(), ticked);
      return editor;
    }

    afterEach(async () => {
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      for (const u of used.splice(0)) {
        await vscode.workspace.fs.delete(u).then(undefined, () => undefined);
      }
    });

    it('the variables file the tick created goes with it (one WorkspaceEdit), and comes back with redo', async () => {
      const f = files('builder-undo-created');
      const editor = await tickInNewFile(f.uri);
      assert.deepEqual(await f.sidecarJson(), { Task: { id: '' } });
      await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
      await vscode.commands.executeCommand('undo');
      assert.equal(editor.document.getText(), '');
      assert.equal(await f.sidecarExists(), false, 'the variables file the tick created is undone with it');
      await vscode.commands.executeCommand('redo');
      assert.equal(editor.document.getText(), ticked);
      assert.deepEqual(await f.sidecarJson(), { Task: { id: '' } });
    });

    it('a value typed since in the variables file the tick created keeps the file: the undo takes back the text only', async () => {
      const f = files('builder-undo-typed');
      const editor = await tickInNewFile(f.uri);
      const sidecarDoc = await vscode.workspace.openTextDocument(f.sidecar);
      const typed = new vscode.WorkspaceEdit();
      typed.replace(f.sidecar, new vscode.Range(sidecarDoc.positionAt(0), sidecarDoc.positionAt(sidecarDoc.getText().length)), '{\n  "Task": { "id": "task-1" }\n}\n');
      assert.ok(await vscode.workspace.applyEdit(typed));
      assert.ok(await sidecarDoc.save());
      await vscode.window.showTextDocument(editor.document);
      await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
      await vscode.commands.executeCommand('undo');
      assert.equal(editor.document.getText(), '');
      assert.deepEqual(await f.sidecarJson(), { Task: { id: 'task-1' } });
    });

    it('a variables file that was there keeps what the tick added: it is not part of the undo', async () => {
      const f = files('builder-undo-existing');
      await vscode.workspace.fs.writeFile(f.sidecar, new TextEncoder().encode('{\n  "Other": { "x": 1 }\n}\n'));
      const editor = await tickInNewFile(f.uri);
      assert.deepEqual(await f.sidecarJson(), { Other: { x: 1 }, Task: { id: '' } });
      await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
      await vscode.commands.executeCommand('undo');
      assert.equal(editor.document.getText(), '');
      assert.deepEqual(await f.sidecarJson(), { Other: { x: 1 }, Task: { id: '' } });
    });
  });

  it('several arguments ticked: the field line breaks as Format Document breaks it, the rest as the person wrote it', async () => {
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    await editor.edit((b) => b.replace(new vscode.Range(0, 0, editor.document.lineCount, 0), 'query Long {\n  tasks {\n    totalCount\n  }\n  me { id }\n}\n'));
    const on = (...rest: AnyStep[]) => toggle([field('tasks'), ...rest], true);
    await on({ kind: 'argument', name: 'first' });
    await on({ kind: 'argument', name: 'after' });
    await on({ kind: 'argument', name: 'filter' }, { kind: 'inputField', name: 'status' }, { kind: 'enumValue', value: 'IN_PROGRESS' });
    await on({ kind: 'argument', name: 'filter' }, { kind: 'inputField', name: 'priority' }, { kind: 'enumValue', value: 'HIGH' });
    await on({ kind: 'argument', name: 'filter' }, { kind: 'inputField', name: 'assigneeId' });
    const text = editor.document.getText();
    assert.equal(
      text,
      'query Long($first: Int, $after: String, $assigneeId: ID) {\n' +
        '  tasks(\n    first: $first\n    after: $after\n    filter: { status: IN_PROGRESS, priority: HIGH, assigneeId: $assigneeId }\n  ) {\n    totalCount\n  }\n' +
        '  me { id }\n}\n',
    );
    // Format Document would change only the line the person wrote on one line.
    const edits = await vscode.commands.executeCommand<vscode.TextEdit[]>('vscode.executeFormatDocumentProvider', uri, { tabSize: 2, insertSpaces: true });
    const formatted = new vscode.WorkspaceEdit();
    formatted.set(uri, edits ?? []);
    assert.ok(await vscode.workspace.applyEdit(formatted));
    assert.equal(editor.document.getText(), text.replace('  me { id }\n', '  me {\n    id\n  }\n'));
  });
});
