import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { TenantGraphqlTestApi } from '../../../src/extension';
import { eventually, extensionId, openFixture, workspaceRoot } from '../helpers';

/**
 * Restricted Mode writes nothing: the runner's untrusted folder sets `tenantGraphql.schema.writeTo`
 * and `tenantGraphql.codegen` to files under `generated`, a link to a folder outside the workspace.
 * Neither those settings nor the person's own (user settings) make the extension write the
 * person's schema, or types generated from it, while the folder is not trusted.
 */
describe('Restricted Mode: no schema file, no generated types written', function () {
  this.timeout(120_000);
  let api: TenantGraphqlTestApi;
  const root = () => workspaceRoot().fsPath;
  /** Where the repository's `generated` link leads. */
  const outside = () => realpathSync(path.join(root(), 'generated'));

  before(async () => {
    api = (await vscode.extensions.getExtension<TenantGraphqlTestApi | undefined>(extensionId)!.activate())!;
    assert.equal(vscode.workspace.isTrusted, false, 'the runner opened an untrusted folder');
    // Your own environment, with its cached schema: there is a schema that could be written.
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', 'Sandbox'), 'Sandbox');
  });

  after(async () => {
    // The user profile is shared with the suites after this one.
    const config = vscode.workspace.getConfiguration('tenantGraphql');
    await config.update('codegen', undefined, vscode.ConfigurationTarget.Global);
    await config.update('schema.writeTo', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('withholds the repository’s schema file and codegen settings (their folder is a link out of the workspace)', () => {
    assert.ok(!outside().startsWith(`${realpathSync(root())}${path.sep}`), `generated leads out of the workspace: ${outside()}`);
    const config = vscode.workspace.getConfiguration('tenantGraphql');
    assert.equal(config.inspect('schema.writeTo')?.workspaceValue, undefined);
    assert.equal(config.inspect('codegen')?.workspaceValue, undefined);
    assert.deepEqual(readdirSync(outside()), []);
  });

  it('Save Schema As… writes nothing, and says why', async () => {
    const target = vscode.Uri.joinPath(workspaceRoot(), 'saved-schema.graphql');
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.saveSchemaAs', target), undefined);
    assert.equal(existsSync(target.fsPath), false, 'no schema file');
    const refusal = api.types.refusals().find((r) => r.what === target.fsPath);
    assert.match(refusal?.message ?? '', /^Save Schema As… is not available in Restricted Mode: Tenant GraphQL writes no files/);
  });

  it('with your own settings asking for them, saving a .graphql file writes no types and no schema file', async () => {
    const config = vscode.workspace.getConfiguration('tenantGraphql');
    await config.update('schema.writeTo', 'restricted-schema.graphql', vscode.ConfigurationTarget.Global);
    await config.update('codegen', { graphqlFiles: true }, vscode.ConfigurationTarget.Global);
    const doc = await openFixture('tasks.graphql');
    const editor = await vscode.window.showTextDocument(doc);
    assert.ok(await editor.edit((e) => e.insert(doc.positionAt(doc.getText().length), '\n')));
    assert.equal(await doc.save(), true);
    // Each write is refused when it would have started: the saved document's types, the schema file.
    const saved = await eventually(() => api.types.refusals().find((r) => r.what.startsWith('types of 1 GraphQL file(s)')), 'the saved document’s types refused', 30_000);
    assert.match(saved.message, /writes no schema file and no generated types in Restricted Mode/);
    await eventually(() => api.types.refusals().find((r) => r.what === 'schema files'), 'the schema file refused', 30_000);
    assert.equal(existsSync(path.join(root(), 'restricted-schema.graphql')), false, 'no schema file');
    assert.equal(existsSync(path.join(root(), 'tasks.generated.ts')), false, 'no generated types');
    assert.deepEqual(await vscode.workspace.findFiles('**/*.generated.ts'), []);
    assert.deepEqual(readdirSync(outside()), [], 'nothing outside the workspace');
  });
});
