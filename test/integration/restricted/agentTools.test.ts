import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { admin, extensionId, listener, recordedByListener } from '../helpers';

async function invoke(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  return result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
}

/**
 * The tools in Restricted Mode: the folder's settings point "Sandbox" at a server somebody else
 * runs; the tools never use that environment, and send nothing anywhere. The user's own
 * environments are the main part's when it ran first (none when this part runs alone).
 */
describe('Language-model tools in Restricted Mode', function () {
  this.timeout(60_000);
  let sandboxBefore: unknown;
  let listenerBefore: number;

  before(async () => {
    sandboxBefore = await admin('/stats');
    listenerBefore = (await recordedByListener()).length;
    await vscode.extensions.getExtension(extensionId)!.activate();
  });

  it('run answers with a sentence about Restricted Mode', async () => {
    const text = await invoke('tenantGraphql_runOperation', { document: '{ me { id } }' });
    assert.match(text, /Restricted Mode, so Tenant GraphQL sends nothing to any server/, text);
  });

  it("lists your own environments, not the workspace's", async () => {
    const text = await invoke('tenantGraphql_environments', {});
    assert.match(text, /Restricted Mode/);
    assert.ok(!text.includes(new URL(listener().baseUrl).host), `the workspace's server is not listed: ${text}`);
    assert.ok(!text.includes('"definedIn": "workspace settings"'), text);
  });

  it('searches only your own cached schema (or says there is none), never the workspace’s server', async () => {
    const text = await invoke('tenantGraphql_searchSchema', { query: 'TaskPriority' });
    // Your own "Sandbox" when the main part of the suite configured it before, else none at all: never the workspace's.
    assert.match(text, /enum TaskPriority|No schema of "Sandbox" is loaded|schema of "Sandbox" is not loaded|No Tenant GraphQL environment is configured/, text);
    assert.ok(!text.includes(new URL(listener().baseUrl).host), text);
  });

  it('sent nothing to either server', async () => {
    await new Promise((r) => setTimeout(r, 1000));
    assert.deepEqual(await admin('/stats'), sandboxBefore);
    assert.equal((await recordedByListener()).length, listenerBefore);
  });
});
