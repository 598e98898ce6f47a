import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TenantGraphqlTestApi } from '../../src/extension';
import { extensionId, openFixture } from './helpers';

describe('Extension activation', () => {
  it('is not active before a GraphQL file opens', () => {
    const ext = vscode.extensions.getExtension(extensionId);
    assert.ok(ext, `extension ${extensionId} is installed in the test instance`);
    assert.equal(ext.isActive, false, 'activation events must not include "*"');
  });

  it('activates when a .graphql file opens, and the document gets the graphql language', async () => {
    const doc = await openFixture('tasks.graphql');
    assert.equal(doc.languageId, 'graphql');
    const ext = vscode.extensions.getExtension(extensionId)!;
    await waitFor(() => ext.isActive, 'extension became active');
  });

  for (const file of ['schema.graphqls', 'fragments.gql']) {
    it(`gives ${file} the graphql language`, async () => {
      const doc = await openFixture(file);
      assert.equal(doc.languageId, 'graphql');
    });
  }

  it('registers every command contributed in package.json', async () => {
    const ext = vscode.extensions.getExtension(extensionId)!;
    await ext.activate();
    const contributed: string[] = (ext.packageJSON.contributes.commands as { command: string }[]).map((c) => c.command);
    assert.ok(contributed.length > 0);
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = contributed.filter((c) => !registered.has(c));
    assert.deepEqual(missing, [], `commands contributed but not registered: ${missing.join(', ')}`);
  });

  it('registers the on-demand commands at activation, and the on-demand bundle holds the code of each', async () => {
    const ext = vscode.extensions.getExtension(extensionId)!;
    const api = (await ext.activate()) as TenantGraphqlTestApi;
    const { registered, loaded } = api.onDemandCommands();
    assert.ok(registered.includes('tenantGraphql.startSandbox') && registered.includes('tenantGraphql.exportOperation'), registered.join(', '));
    assert.deepEqual([...loaded].sort(), [...registered].sort());
    const commands = new Set(await vscode.commands.getCommands(true));
    assert.deepEqual(
      registered.filter((id) => !commands.has(id)),
      [],
    );
  });

  it('links only commands that exist from the walkthrough and the Schema view welcome, and ships their media', async () => {
    const ext = vscode.extensions.getExtension(extensionId)!;
    await ext.activate();
    const contributes = ext.packageJSON.contributes as {
      walkthroughs: { id: string; steps: { id: string; description: string; media: { markdown?: string }; completionEvents: string[] }[] }[];
      viewsWelcome: { contents: string }[];
    };
    const [walkthrough] = contributes.walkthroughs;
    assert.deepEqual(
      walkthrough.steps.map((s) => s.id),
      ['trySandbox', 'signIn', 'openSample', 'run', 'problems', 'typesForYourCode', 'connectTenant'],
    );
    const texts = [...walkthrough.steps.map((s) => s.description), ...contributes.viewsWelcome.map((v) => v.contents)];
    const linked = texts.flatMap((t) => [...t.matchAll(/\(command:([\w.]+)/g)].map((m) => m[1]));
    const onCommand = walkthrough.steps.flatMap((s) => s.completionEvents.filter((e) => e.startsWith('onCommand:')).map((e) => e.slice('onCommand:'.length)));
    const registered = new Set(await vscode.commands.getCommands(false));
    const unknown = [...linked, ...onCommand].filter((c) => !registered.has(c));
    assert.deepEqual(unknown, [], `linked commands that do not exist: ${unknown.join(', ')}`);
    for (const step of walkthrough.steps) {
      assert.ok(step.completionEvents.length > 0, `${step.id} has a completion event`);
      const media = vscode.Uri.joinPath(ext.extensionUri, step.media.markdown!);
      assert.ok((await vscode.workspace.fs.stat(media)).size > 0, `${step.media.markdown} exists`);
    }
  });

  it('contributes only commands under tenantGraphql.*', () => {
    const ext = vscode.extensions.getExtension(extensionId)!;
    const contributed: string[] = (ext.packageJSON.contributes.commands as { command: string }[]).map((c) => c.command);
    assert.deepEqual(
      contributed.filter((c) => !c.startsWith('tenantGraphql.')),
      [],
    );
  });
});

async function waitFor(predicate: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > timeoutMs) {
      throw new Error(`timed out waiting until ${what}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
