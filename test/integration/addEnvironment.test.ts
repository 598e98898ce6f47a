import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { configureSandboxEnvironments, extensionId, sandbox } from './helpers';

describe('Add Environment… writes a valid entry to the user settings', function () {
  this.timeout(60_000);
  const config = () => vscode.workspace.getConfiguration('tenantGraphql');

  before(async () => {
    await vscode.extensions.getExtension(extensionId)!.activate();
    await configureSandboxEnvironments();
  });

  after(async () => {
    await configureSandboxEnvironments();
  });

  it('checks that the addresses answer, then adds the entry; Switch Environment then picks it', async () => {
    const sb = sandbox();
    const pub = sb.clients.find((c) => c.type === 'public')!;
    const written = await vscode.commands.executeCommand<object | undefined>('tenantGraphql.addEnvironment', {
      name: 'Local tenant',
      authUrl: `${sb.authUrl}/`,
      baseUrl: sb.baseUrl,
      clientId: pub.clientId,
      scopes: 'tasks:read, files:read',
      clientType: 'public',
    });
    assert.deepEqual(written, { name: 'Local tenant', authUrl: sb.authUrl, baseUrl: sb.baseUrl, clientId: pub.clientId, scopes: ['tasks:read', 'files:read'] });
    const inspected = config().inspect<object[]>('environments');
    assert.deepEqual(inspected?.globalValue?.at(-1), written, 'the last entry of the user settings');
    assert.equal(inspected?.workspaceValue, undefined, "nothing in the repository's settings");
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', 'Local tenant'), 'Local tenant', 'the extension reads it as a valid environment');
  });

  it('refuses a name in use and an address that does not answer, and writes nothing', async () => {
    const before = config().inspect<object[]>('environments')?.globalValue;
    const sb = sandbox();
    const taken = await vscode.commands.executeCommand('tenantGraphql.addEnvironment', { name: 'Sandbox', authUrl: sb.authUrl, baseUrl: sb.baseUrl, clientId: 'x' });
    assert.equal(taken, undefined);
    // Port 9 (discard) on this machine: nothing listens there.
    const silent = await vscode.commands.executeCommand('tenantGraphql.addEnvironment', {
      name: 'Nowhere',
      authUrl: 'http://127.0.0.1:9',
      baseUrl: 'http://127.0.0.1:9',
      clientId: 'x',
    });
    assert.equal(silent, undefined);
    assert.deepEqual(config().inspect<object[]>('environments')?.globalValue, before);
  });
});
