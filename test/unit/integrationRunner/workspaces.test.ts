/** What each part of the integration suite opens (scripts/integration/workspaces.mjs): the settings it writes. */
import * as assert from 'node:assert/strict';
import { FOLDERS, languagePackEntry, restrictedUserSettings, restrictedWorkspaceSettings } from '../../../scripts/integration/workspaces.mjs';

describe('integration runner: workspaces', () => {
  it('points the restricted part’s environment at the recording proxy and writes through `generated`', () => {
    const settings = restrictedWorkspaceSettings({ authUrl: 'http://127.0.0.1:5', baseUrl: 'http://127.0.0.1:6' });
    assert.deepEqual(settings['tenantGraphql.environments'], [
      { name: 'Sandbox', authUrl: 'http://127.0.0.1:5', baseUrl: 'http://127.0.0.1:6', clientId: 'tenant-graphql-vscode', scopes: ['tasks:read'] },
    ]);
    assert.equal(settings['tenantGraphql.schema.writeTo'], 'generated/settings.json');
    assert.deepEqual(settings['tenantGraphql.codegen'], { graphqlFiles: true, templatesFile: 'generated/graphql.generated.ts' });
  });

  it('keeps the user’s settings and adds trust on, no startup prompt, no auto save', () => {
    const settings = restrictedUserSettings({ 'editor.fontSize': 14, 'files.autoSave': 'afterDelay' });
    assert.deepEqual(settings, {
      'editor.fontSize': 14,
      'files.autoSave': 'off',
      'security.workspace.trust.startupPrompt': 'never',
      'security.workspace.trust.enabled': true,
    });
  });

  it('gives the folders part two folders choosing their own environments', () => {
    assert.deepEqual(FOLDERS, [
      ['alpha', 'Alpha'],
      ['beta', 'Beta'],
    ]);
  });

  it('declares German with the test pack’s translations', () => {
    const entry = languagePackEntry('/run/german/extensions/pack');
    assert.equal(entry.translations.vscode, '/run/german/extensions/pack/translations/main.i18n.json');
    assert.equal(entry.extensions[0].extensionIdentifier.id, 'tenantlabs.test-language-pack-de');
    assert.equal(entry.label, 'Deutsch');
  });
});
