import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { eventually, extensionId, openFixture } from './helpers';

const SETTINGS = ['run', 'export', 'references'] as const;

/** The titles of the lenses of a document, resolved (the References lens counts on resolve). */
async function lensTitles(uri: vscode.Uri): Promise<string[]> {
  const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 100);
  return lenses.map((l) => l.command?.title ?? '(unresolved)');
}

async function set(name: (typeof SETTINGS)[number], value: boolean | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('tenantGraphql.codeLens').update(name, value, vscode.ConfigurationTarget.Workspace);
}

describe('CodeLens settings (tenantGraphql.codeLens.run / export / references)', function () {
  this.timeout(60_000);

  before(async () => {
    await vscode.extensions.getExtension(extensionId)!.activate();
  });

  after(async () => {
    for (const name of SETTINGS) {
      await set(name, undefined);
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('shows Run (with the play codicon) and Export… by default, and drops each at once when its setting is turned off', async () => {
    const doc = await openFixture('run/overview.graphql');
    const all = await lensTitles(doc.uri);
    assert.deepEqual(
      all.filter((t) => t.startsWith('$(play)')),
      ['$(play) Run Me', '$(play) Run MyGroups'],
    );
    assert.equal(all.filter((t) => t === 'Export…').length, 2);
    assert.ok(!all.some((t) => t.includes('▶')), 'no literal ▶ in a lens');

    await set('run', false);
    const withoutRun = await eventually(async () => {
      const t = await lensTitles(doc.uri);
      return t.some((x) => x.startsWith('$(play)')) ? undefined : t;
    }, 'the Run lenses to go');
    assert.deepEqual(withoutRun, ['Export…', 'Export…'], 'Export… stays');

    await set('export', false);
    await eventually(async () => ((await lensTitles(doc.uri)).length === 0 ? true : undefined), 'the Export… lenses to go');

    await set('run', undefined);
    await set('export', undefined);
    const back = await eventually(async () => {
      const t = await lensTitles(doc.uri);
      return t.length === 4 ? t : undefined;
    }, 'both lenses back');
    assert.deepEqual(back.filter((t) => t === 'Export…').length, 2);
  });

  it('drops the References lens over a fragment definition when tenantGraphql.codeLens.references is off', async () => {
    const card = await openFixture('refs/taskCard.graphql');
    const references = (titles: string[]) => titles.filter((t) => /^\d+ references?$/.test(t));
    const before = await eventually(async () => {
      const r = references(await lensTitles(card.uri));
      return r.length > 0 ? r : undefined;
    }, 'the References lens');
    assert.equal(before.length, 1);

    await set('references', false);
    await eventually(async () => (references(await lensTitles(card.uri)).length === 0 ? true : undefined), 'the References lens to go');

    await set('references', undefined);
    await eventually(async () => (references(await lensTitles(card.uri)).length === 1 ? true : undefined), 'the References lens back');
  });
});
