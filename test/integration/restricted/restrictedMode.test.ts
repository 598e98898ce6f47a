import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunOutcome } from '../../../src/run/runController';
import { admin, eventually, extensionId, openFixture, openScratch, recordedByListener, workspaceRoot } from '../helpers';

const run = (arg?: unknown) => vscode.commands.executeCommand<RunOutcome | undefined>('tenantGraphql.runOperation', arg);
const labelOf = (i: vscode.CompletionItem) => (typeof i.label === 'string' ? i.label : i.label.label);
type Stats = { token: Record<string, number>; graphql: number; authorize: number };

/**
 * Restricted Mode: the runner starts VS Code with workspace trust on and opens a folder
 * it does not trust, whose settings point "Sandbox" at a server somebody else runs; the user
 * profile is the main part's (user-level "Sandbox", its cached schema). Nothing may be sent anywhere.
 */
describe('Restricted Mode: nothing sent, language features from your cached schema', function () {
  this.timeout(60_000);
  let sandboxBefore: Stats;
  let listenerBefore: number;

  before(async () => {
    sandboxBefore = (await admin('/stats')) as Stats;
    listenerBefore = (await recordedByListener()).length;
    await vscode.extensions.getExtension(extensionId)!.activate();
  });

  it('runs in Restricted Mode, with the extension active', () => {
    assert.equal(vscode.workspace.isTrusted, false, 'the runner opened an untrusted folder');
    assert.ok(vscode.extensions.getExtension(extensionId)!.isActive);
  });

  it('completes from the cached schema of your own environment', async () => {
    const doc = await openScratch('graphql', 'query {\n  \n}\n');
    await vscode.window.showTextDocument(doc);
    const tasks = await eventually(async () => {
      const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, new vscode.Position(1, 2));
      return list.items.find((i) => labelOf(i) === 'tasks');
    }, 'completion of tasks from the cached schema');
    assert.equal(tasks.detail, 'TaskConnection!');
  });

  it('explains instead of running, signing in or refreshing the schema', async () => {
    await openFixture('run/overview.graphql');
    const outcome = await run({ uri: vscode.Uri.joinPath(workspaceRoot(), 'run/overview.graphql'), operationName: 'Me' });
    assert.equal(outcome?.failure, 'restricted');
    assert.match(outcome.message ?? '', /Restricted Mode/);
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.signIn'), undefined);
    const refreshed = await vscode.commands.executeCommand<{ ok: boolean }>('tenantGraphql.refreshSchema');
    assert.equal(refreshed?.ok, false);
  });

  it('ignores the environment the workspace defines', async () => {
    const file = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(workspaceRoot(), '.vscode', 'settings.json'));
    assert.match(new TextDecoder().decode(file), /tenantGraphql\.environments/, 'the workspace does define one');
    // VS Code withholds a restricted setting's workspace value in Restricted Mode (package.json restrictedConfigurations).
    assert.equal(vscode.workspace.getConfiguration('tenantGraphql').inspect('environments')?.workspaceValue, undefined);
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', 'Sandbox'), 'Sandbox');
    const outcome = await run({ uri: vscode.Uri.joinPath(workspaceRoot(), 'run/overview.graphql'), operationName: 'Me' });
    assert.equal(outcome?.failure, 'restricted');
  });

  it('sent nothing: neither your Sandbox nor the workspace’s server received a request', async () => {
    // Give anything in flight (a background refresh) time to show up before looking.
    await new Promise((r) => setTimeout(r, 1000));
    assert.deepEqual(await admin('/stats'), sandboxBefore);
    assert.equal((await recordedByListener()).length, listenerBefore);
  });
});
