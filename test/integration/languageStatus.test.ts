import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TenantGraphqlTestApi } from '../../src/extension';
import { eventually, extensionId, freshSandboxSchema, openFixture } from './helpers';

describe('The schema in the language status (not a status bar item of its own)', function () {
  this.timeout(60_000);

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('names the environment, where the schema came from and how old it is', async () => {
    const api = await vscode.extensions.getExtension<TenantGraphqlTestApi>(extensionId)!.activate();
    await freshSandboxSchema();
    await openFixture('tasks.graphql');
    const text = await eventually(() => {
      const t = api.schemaStatus();
      return /introspection/.test(t) ? t : undefined;
    }, 'the language status to show the introspected schema');
    assert.match(text, /^\$\(symbol-structure\) Sandbox schema · introspection · (just now|\d+ min ago)$/);
  });
});
