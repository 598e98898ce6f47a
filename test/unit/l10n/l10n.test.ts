/**
 * Localisation is complete: every manifest string a person reads is in package.nls.json (package.json
 * holds `%key%`), every `vscode.l10n.t` message of src is in l10n/bundle.l10n.json (the extractor run in
 * test/contract/l10n/l10nBundle.test.ts), and each
 * translation covers every key with the same placeholders. `npm run l10n` (scripts/l10n.ts) fixes the
 * first two; a translation is completed by hand.
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, externalise, readJson, translationLocales, type Nls } from '../../../scripts/l10n';

const manifest = readJson<Record<string, unknown>>(join(ROOT, 'package.json'), {});
const nls = readJson<Nls>(join(ROOT, 'package.nls.json'), {});
const bundle = readJson<Record<string, string>>(join(ROOT, 'l10n', 'bundle.l10n.json'), {});
const FIX = 'run `npm run l10n`';

function listSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? listSources(p) : /\.tsx?$/.test(name) ? [p] : [];
  });
}

/** `{0}`, `{name}` placeholders of a message, sorted. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{[\w]+\}/g)].map((m) => m[0]).sort();
}

/** Command links and `$(icon)`s a translation must keep as they are. */
function fixedParts(text: string): string[] {
  return [...text.matchAll(/\]\([^)]*\)|\$\([\w~-]+\)/g)].map((m) => m[0]).sort();
}

describe('localisation', () => {
  it('names the l10n folder in package.json', () => {
    assert.equal(manifest.l10n, './l10n');
  });

  it('has every manifest string in package.nls.json and none left in package.json', () => {
    const result = externalise(manifest as never, nls);
    assert.deepEqual(result.literals, [], `strings of package.json not externalised (${FIX})`);
    assert.deepEqual(result.unknownKeys, [], `%keys% of package.json without a text in package.nls.json (${FIX})`);
    assert.deepEqual(Object.keys(nls).sort(), Object.keys(result.nls).sort(), `package.nls.json holds keys package.json no longer uses (${FIX})`);
    assert.ok(Object.keys(nls).length > 100);
  });

  describe('npm run l10n on a manifest after a merge (scripts/l10n.ts externalise)', () => {
    const cases: { name: string; manifest: Record<string, unknown>; nls: Nls; literals: string[]; title: string; text: string }[] = [
      {
        name: 'a new command: its literal title becomes a key',
        manifest: { contributes: { commands: [{ command: 'tenantGraphql.newThing', title: 'New Thing', category: 'Tenant GraphQL' }] } },
        nls: {},
        literals: ['command.newThing.title', 'category.tenantGraphQL'],
        title: '%command.newThing.title%',
        text: 'New Thing',
      },
      {
        name: 'an externalised title stays as it is',
        manifest: { contributes: { commands: [{ command: 'tenantGraphql.signIn', title: '%command.signIn.title%' }] } },
        nls: { 'command.signIn.title': 'Sign In' },
        literals: [],
        title: '%command.signIn.title%',
        text: 'Sign In',
      },
      {
        name: 'a literal put where a key was (a merge kept the other side) replaces the English',
        manifest: { contributes: { commands: [{ command: 'tenantGraphql.signIn', title: 'Sign In…' }] } },
        nls: { 'command.signIn.title': 'Sign In' },
        literals: ['command.signIn.title'],
        title: '%command.signIn.title%',
        text: 'Sign In…',
      },
    ];
    for (const c of cases) {
      it(c.name, () => {
        const result = externalise(c.manifest as never, c.nls);
        const command = (result.manifest.contributes as { commands: { title: string }[] }).commands[0];
        assert.deepEqual(result.literals, c.literals);
        assert.equal(command.title, c.title);
        assert.equal(result.nls[c.title.slice(1, -1)], c.text);
        assert.deepEqual(externalise(result.manifest, result.nls).literals, [], 'a second run changes nothing');
      });
    }

    it('externalises nested setting descriptions, enum descriptions and welcome texts, not defaults', () => {
      const manifest = {
        contributes: {
          configuration: {
            title: 'T',
            properties: {
              'tenantGraphql.x': {
                type: 'array',
                default: [{ name: 'Sandbox', description: 'not for people' }],
                items: { properties: { mode: { enum: ['a', 'b'], markdownEnumDescriptions: ['A', 'B'], description: 'Mode' } } },
              },
            },
          },
          viewsWelcome: [{ view: 'tenantGraphql.schemaExplorer', contents: 'Sign in.\n[Sign In](command:tenantGraphql.signIn)' }],
        },
      };
      const result = externalise(manifest, {});
      assert.deepEqual(result.nls, {
        'config.title': 'T',
        'config.x.item.mode.description': 'Mode',
        'config.x.item.mode.markdownEnumDescriptions.0': 'A',
        'config.x.item.mode.markdownEnumDescriptions.1': 'B',
        'viewsWelcome.schemaExplorer.0': 'Sign in.\n[Sign In](command:tenantGraphql.signIn)',
      });
      assert.equal(JSON.stringify(result.manifest).includes('not for people'), true, 'default values are data, left as they are');
    });
  });

  it('calls vscode.l10n.t directly everywhere (the extractor does not follow an alias such as `const t = vscode.l10n.t`)', () => {
    const aliased = listSources(join(ROOT, 'src')).filter((file) => /=\s*(vscode\.)?l10n\.t\s*[;,)]/.test(readFileSync(file, 'utf8')));
    assert.deepEqual(aliased, []);
  });

  const locales = translationLocales();
  it('has at least one complete translation', () => {
    assert.ok(locales.length > 0);
  });
  for (const locale of locales) {
    for (const [file, english] of [
      [`package.nls.${locale}.json`, nls],
      [`l10n/bundle.l10n.${locale}.json`, bundle],
    ] as const) {
      it(`${file} translates every string, keeping placeholders, links and icons`, () => {
        const translated = readJson<Record<string, string>>(join(ROOT, file), {});
        const missing = Object.keys(english).filter((k) => typeof translated[k] !== 'string' || translated[k].trim() === '');
        assert.deepEqual(missing, [], `strings ${file} does not translate yet`);
        const stale = Object.keys(translated).filter((k) => english[k] === undefined);
        assert.deepEqual(stale, [], `keys of ${file} that no longer exist (${FIX})`);
        const broken = Object.keys(english).filter(
          (k) => placeholders(english[k]).join() !== placeholders(translated[k]).join() || fixedParts(english[k]).join() !== fixedParts(translated[k]).join(),
        );
        assert.deepEqual(broken, [], `translations whose placeholders, links or icons differ from the English`);
      });
    }
  }
});
