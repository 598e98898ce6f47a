import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { configureSandboxEnvironments, extensionId, sandbox } from './helpers';

describe('Settings validation', () => {
  before(async () => {
    await vscode.extensions.getExtension(extensionId)!.activate();
  });

  after(async () => {
    await configureSandboxEnvironments();
  });

  it('drops an environment with plain http to a non-loopback host and keeps the valid ones working', async () => {
    const sb = sandbox();
    await vscode.workspace.getConfiguration('tenantGraphql').update(
      'environments',
      [
        { name: 'Good', authUrl: sb.authUrl, baseUrl: sb.baseUrl, clientId: 'tenant-graphql-vscode' },
        { name: 'Plain http', authUrl: 'http://auth.example.com', baseUrl: 'http://api.example.com', clientId: 'x' },
        { name: 'Secret in settings', authUrl: sb.authUrl, baseUrl: sb.baseUrl, clientId: 'x', clientSecret: 'should-not-be-here' },
      ],
      vscode.ConfigurationTarget.Workspace,
    );
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', 'Plain http'), undefined, 'the invalid environment is not offered');
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', 'Good'), 'Good');
  });

  it('survives a setting of the wrong shape', async () => {
    await vscode.workspace.getConfiguration('tenantGraphql').update('environments', 'not a list', vscode.ConfigurationTarget.Workspace);
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', 'Good'), undefined);
    const ext = vscode.extensions.getExtension(extensionId)!;
    assert.ok(ext.isActive, 'the extension is still active');
  });
});
