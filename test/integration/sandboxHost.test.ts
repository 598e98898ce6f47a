import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { configureSandboxEnvironments, extensionId, instructBrowser } from './helpers';

describe('Built-in Sandbox (Start Sandbox command) and Try the Sandbox', function () {
  this.timeout(60_000);

  before(async () => {
    await vscode.extensions.getExtension(extensionId)!.activate();
    await configureSandboxEnvironments();
  });

  after(async () => {
    await vscode.commands.executeCommand('tenantGraphql.stopSandbox');
    await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', 'Sandbox');
  });

  it('starts the Sandbox that ships with the extension, and a person can sign in to it', async () => {
    const started = await vscode.commands.executeCommand<{ authUrl: string; baseUrl: string; environment: string }>('tenantGraphql.startSandbox');
    assert.ok(started, 'the Sandbox started');
    assert.match(started.baseUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(started.environment, 'Built-in Sandbox');
    assert.equal(
      vscode.workspace.getConfiguration('tenantGraphql').inspect('activeEnvironment')?.workspaceValue,
      undefined,
      "the choice is not written into the repository's settings",
    );
    const health = await fetch(`${started.baseUrl}/v1/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' });
    assert.equal(health.status, 401, 'its GraphQL endpoint answers, and wants a token');

    instructBrowser({ consent: 'approve', user: 'carol' });
    const session = await vscode.commands.executeCommand<{ environment: string; account: string }>('tenantGraphql.signIn');
    assert.equal(session?.environment, 'Built-in Sandbox');
    assert.equal(session?.account, 'carol');
  });

  it('"Try the Sandbox" where a Sandbox environment exists: signs in there and opens the workspace\'s tasks.graphql, once; no second Sandbox', async () => {
    await vscode.commands.executeCommand('tenantGraphql.stopSandbox');
    // Signed out of "Sandbox", with another environment active and the workspace's sample open already (as npm start leaves it).
    await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', 'Sandbox');
    await vscode.commands.executeCommand('tenantGraphql.signOut');
    await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', 'Sandbox (team)');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const workspaceSample = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'tasks.graphql');
    await vscode.window.showTextDocument(workspaceSample, { preview: false });
    instructBrowser({ consent: 'approve', user: 'bob' });
    const tried = await vscode.commands.executeCommand<{ environment: string; signedIn: boolean; file: string }>('tenantGraphql.trySandbox');
    assert.equal(tried?.environment, 'Sandbox', 'the configured Sandbox, made the active environment');
    assert.equal(tried?.signedIn, true, 'signed in through the consent page');
    assert.equal(tried?.file, workspaceSample.toString(), "the workspace's own sample");
    const account = await vscode.commands.executeCommand<{ account: string; environment: string } | undefined>('tenantGraphql.showAccount');
    assert.equal(account?.environment, 'Sandbox');
    assert.equal(account?.account, 'bob');
    const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.label === 'tasks.graphql');
    assert.equal(tabs.length, 1, 'one tasks.graphql tab');
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.stopSandbox'), false, 'no built-in Sandbox was started');
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', 'Built-in Sandbox'), undefined, 'no second Sandbox environment');
  });

  it('"Try the Sandbox" without a Sandbox environment starts the built-in one, signs in and opens the sample query in one go', async () => {
    const config = vscode.workspace.getConfiguration('tenantGraphql');
    const environments = config.inspect<object[]>('environments')?.globalValue;
    await config.update(
      'environments',
      (environments ?? []).filter((e) => (e as { name?: string }).name !== 'Sandbox'),
      vscode.ConfigurationTarget.Global,
    );
    try {
      // Signed out of the built-in Sandbox (the first test signed in there as carol).
      await vscode.commands.executeCommand('tenantGraphql.startSandbox');
      await vscode.commands.executeCommand('tenantGraphql.signOut');
      instructBrowser({ consent: 'approve', user: 'bob' });
      const tried = await vscode.commands.executeCommand<{ environment: string; signedIn: boolean; file: string }>('tenantGraphql.trySandbox');
      assert.equal(tried?.environment, 'Built-in Sandbox');
      assert.equal(tried?.signedIn, true, 'signed in through the consent page');
      const account = await vscode.commands.executeCommand<{ account: string } | undefined>('tenantGraphql.showAccount');
      assert.equal(account?.account, 'bob');
      const editor = vscode.window.activeTextEditor;
      assert.equal(editor?.document.uri.toString(), tried?.file);
      assert.match(editor!.document.fileName, /samples[\\/]tasks\.graphql$/);
      assert.equal(editor!.document.languageId, 'graphql');
      assert.match(editor!.document.getText(), /query UrgentTasks\(\$priority: TaskPriority!\)/);
    } finally {
      await config.update('environments', environments, vscode.ConfigurationTarget.Global);
    }
  });

  it('"Open Sample Query" opens the sample with a mistake on request, and keeps the user\'s edits', async () => {
    const uri = vscode.Uri.parse((await vscode.commands.executeCommand<string>('tenantGraphql.openSample', 'typo.graphql'))!);
    assert.match(uri.path, /samples\/typo\.graphql$/);
    const edited = vscode.Uri.joinPath(uri, '..', 'tasks.variables.json');
    await vscode.workspace.fs.writeFile(edited, Buffer.from('{ "UrgentTasks": { "priority": "LOW" } }\n'));
    await vscode.commands.executeCommand('tenantGraphql.openSample');
    assert.match(Buffer.from(await vscode.workspace.fs.readFile(edited)).toString(), /"LOW"/, 'an existing sample is not overwritten');
    assert.match(vscode.window.activeTextEditor!.document.fileName, /tasks\.graphql$/, 'no argument: the main sample');
  });

  it('stops it, and its environment goes away', async () => {
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.stopSandbox'), true);
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', 'Built-in Sandbox'), undefined, 'no such environment any more');
  });
});
