import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { eventually, extensionId, openScratch } from '../helpers';

/** A localised manifest text: VS Code keeps a command's English title beside the translation. */
type Localized = string | { value: string; original: string };
const shown = (text: Localized | undefined) => (typeof text === 'object' ? text.value : text);

interface Contributes {
  commands: { command: string; title: Localized; category: Localized }[];
  configuration: { properties: Record<string, { markdownDescription?: string }> };
}

/**
 * The German translation: the runner starts code-server with `--locale de` and a German
 * language pack (test/fixtures/languagePackDe: German declared, VS Code's own texts left English,
 * as the Marketplace's pack cannot be had here), so VS Code loads package.nls.de.json for the
 * manifest and l10n/bundle.l10n.de.json for the extension's messages.
 */
describe('German display language', function () {
  this.timeout(60_000);

  before(async () => {
    await vscode.extensions.getExtension(extensionId)!.activate();
  });

  it('runs VS Code in German', () => {
    assert.equal(vscode.env.language, 'de');
  });

  it('shows the command titles, categories and settings of package.nls.de.json', () => {
    const contributes = vscode.extensions.getExtension(extensionId)!.packageJSON.contributes as Contributes;
    const signIn = contributes.commands.find((c) => c.command === 'tenantGraphql.signIn');
    assert.equal(shown(signIn?.title), 'Anmelden');
    assert.equal(shown(signIn?.category), 'Tenant GraphQL');
    assert.equal(shown(contributes.commands.find((c) => c.command === 'tenantGraphql.runOperation')?.title), 'Operation ausführen');
    assert.match(contributes.configuration.properties['tenantGraphql.requestTimeoutSeconds'].markdownDescription ?? '', /^Sekunden, die eine Ausführung/);
  });

  it('gives the extension the messages of l10n/bundle.l10n.de.json', () => {
    assert.equal(vscode.l10n.bundle?.['Sign In'], 'Anmelden');
    assert.equal(vscode.l10n.t('Could not sign in to {0}: {1}', 'Sandbox', 'x'), 'Anmeldung bei Sandbox fehlgeschlagen: x');
  });

  it('shows the Run CodeLens of an operation in German', async () => {
    const doc = await openScratch('graphql', 'query Tasks {\n  tasks {\n    totalCount\n  }\n}\n');
    await vscode.window.showTextDocument(doc);
    const run = await eventually(async () => {
      const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri, 100);
      return lenses?.find((l) => l.command?.command === 'tenantGraphql.runOperation');
    }, 'a Run lens on the operation');
    assert.match(run.command!.title, /Ausführen/);
    // In German either way: naming the environment the document's runs go to, or, while none is
    // known for it (this suite configures none of its own), "the active environment".
    assert.match(run.command!.tooltip ?? '', /^Diese query (in „[^“]+“|in der aktiven Umgebung) ausführen$/);
  });
});
