import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunOutcome } from '../../src/run/runController';
import { eventually, extensionId, openFixture, signInToSandbox, workspaceRoot } from './helpers';

type Outcome = RunOutcome & { status?: number };

describe('Export a run: Copy as cURL / fetch, Save as .http', function () {
  this.timeout(120_000);
  let outcome: Outcome | undefined;

  before(async () => {
    await signInToSandbox('alice');
    const doc = await openFixture('tasks.graphql');
    await vscode.window.showTextDocument(doc);
    outcome = await vscode.commands.executeCommand<Outcome | undefined>('tenantGraphql.runOperation', { uri: doc.uri, operationName: 'UrgentTasks' });
    assert.equal(outcome?.status, 200, outcome?.message);
  });

  it('copies the last run as a cURL command with the token as $TENANT_GRAPHQL_TOKEN, never the token itself', async () => {
    await vscode.env.clipboard.writeText('');
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.copyRunAsCurl', { includeToken: false }), true);
    const text = await vscode.env.clipboard.readText();
    assert.match(text, /^curl -sS --globoff -X POST --url 'http:\/\/127\.0\.0\.1:\d+\/v1\/graphql'/m);
    assert.ok(text.includes('Authorization: Bearer $TENANT_GRAPHQL_TOKEN'));
    assert.ok(text.includes('query UrgentTasks'), 'the query the run sent');
    assert.ok(!/Bearer eyJ/.test(text), 'no real token');
  });

  it('copies the last run as a fetch call', async () => {
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.copyRunAsFetch', { includeToken: false }), true);
    const text = await vscode.env.clipboard.readText();
    assert.match(text, /await fetch\("http:\/\/127\.0\.0\.1:\d+\/v1\/graphql"/);
    assert.ok(text.includes('process.env.TENANT_GRAPHQL_TOKEN'));
  });

  it('saves the last run as a .http request and opens it', async () => {
    const target = vscode.Uri.joinPath(workspaceRoot(), 'UrgentTasks.http');
    try {
      const written = await vscode.commands.executeCommand<vscode.Uri>('tenantGraphql.saveRunAsHttp', { includeToken: false, target });
      assert.equal(written?.toString(), target.toString());
      const text = Buffer.from(await vscode.workspace.fs.readFile(target)).toString('utf8');
      assert.match(text, /^POST http:\/\/127\.0\.0\.1:\d+\/v1\/graphql$/m);
      assert.ok(text.includes('Authorization: Bearer {{token}}'));
      assert.ok(text.includes('@token = {{$processEnv TENANT_GRAPHQL_TOKEN}}'));
      assert.match(text, /query UrgentTasks/);
      assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), target.toString());
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      await vscode.workspace.fs.delete(target);
    }
  });
  it('"Export…" above an operation of a code template copies what Run sends (sidecar variables, the ${} fragment), without running it', async () => {
    const doc = await openFixture('src/api.ts');
    await vscode.window.showTextDocument(doc);
    const lenses = await eventually(async () => {
      const found = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri);
      const ours = (found ?? []).filter((l) => l.command?.command === 'tenantGraphql.exportOperation');
      return ours.length > 0 ? ours : undefined;
    }, 'Export lenses in api.ts');
    assert.deepEqual(
      lenses.map((l) => [l.command?.title, l.range.start.line]),
      [
        ['Export…', doc.positionAt(doc.getText().indexOf('query TasksByPriority')).line],
        ['Export…', doc.positionAt(doc.getText().indexOf('query WhoAmI')).line],
      ],
    );
    const [target] = lenses[0].command!.arguments as [Record<string, unknown>];
    await vscode.env.clipboard.writeText('');
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.exportOperation', { ...target, format: 'curl', includeToken: false }), true);
    const exported = await vscode.env.clipboard.readText();
    assert.ok(exported.includes('query TasksByPriority') && exported.includes('fragment TaskFields on Task'), exported);
    assert.ok(exported.includes('\\"priority\\":\\"HIGH\\"') || exported.includes('"priority":"HIGH"'), `the sidecar's variables: ${exported}`);
    assert.ok(exported.includes('Authorization: Bearer $TENANT_GRAPHQL_TOKEN') && !/Bearer eyJ/.test(exported));

    // The same operation run, then its last-run export: the same text, so the export is what a run sends.
    const ran = await vscode.commands.executeCommand<Outcome | undefined>('tenantGraphql.runOperation', target);
    assert.equal(ran?.status, 200, ran?.message);
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.copyRunAsCurl', { includeToken: false }), true);
    assert.equal(await vscode.env.clipboard.readText(), exported);
  });

  it('Export Operation from the palette exports the operation at the cursor as a .http request', async () => {
    const doc = await openFixture('tasks.graphql');
    const editor = await vscode.window.showTextDocument(doc);
    const inside = doc.positionAt(doc.getText().indexOf('UrgentTasks') + 2);
    editor.selection = new vscode.Selection(inside, inside);
    const contributed = vscode.extensions.getExtension(extensionId)!.packageJSON.contributes.commands as { command: string; title: string }[];
    assert.equal(contributed.find((c) => c.command === 'tenantGraphql.exportOperation')?.title, 'Export Operation…');
    const target = vscode.Uri.joinPath(workspaceRoot(), 'UrgentTasksExport.http');
    try {
      const written = await vscode.commands.executeCommand<vscode.Uri>('tenantGraphql.exportOperation', { format: 'http', includeToken: false, target });
      assert.equal(written?.toString(), target.toString());
      const text = Buffer.from(await vscode.workspace.fs.readFile(target)).toString('utf8');
      assert.match(text, /^POST http:\/\/127\.0\.0\.1:\d+\/v1\/graphql$/m);
      assert.match(text, /query UrgentTasks/);
      assert.ok(text.includes('{{$processEnv TENANT_GRAPHQL_TOKEN}}'));
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      await vscode.workspace.fs.delete(target);
    }
  });
});
