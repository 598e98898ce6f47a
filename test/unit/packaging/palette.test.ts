/**
 * The Command Palette lists a command only when it can do something: every command of the manifest
 * has a `menus.commandPalette` entry with a `when` (`false` for commands that only make sense in a
 * view or a menu), or is one of the few listed here as always available. That every `tenantGraphql.*`
 * context key a `when` reads is one the code sets is checked by the lint (scripts/checkContextKeys.mjs).
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '..', '..', '..');

/** Commands that are useful in any state, so the palette always lists them. */
const ALWAYS_AVAILABLE = [
  'tenantGraphql.signIn',
  'tenantGraphql.switchEnvironment',
  'tenantGraphql.addEnvironment',
  'tenantGraphql.copyRedirectUri',
  'tenantGraphql.showLog',
  'tenantGraphql.trySandbox',
  'tenantGraphql.openSample',
  'tenantGraphql.validateWorkspace',
  'tenantGraphql.showResults',
];

interface Manifest {
  activationEvents: string[];
  contributes: {
    commands: { command: string; title: string; category?: string }[];
    menus: Record<string, { command: string; when?: string }[]>;
    keybindings: { command: string; when?: string }[];
    viewsWelcome: { when?: string }[];
    walkthroughs: { steps: { completionEvents?: string[] }[] }[];
  };
}

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;
/** The manifest's English strings (`%key%` in package.json, the text in package.nls.json). */
const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
const english = (text: string | undefined): string | undefined => text?.replace(/^%([^%]+)%$/, (whole, key: string) => nls[key] ?? whole);
const commands = manifest.contributes.commands.map((c) => ({ ...c, title: english(c.title)!, category: english(c.category) }));
const palette = manifest.contributes.menus.commandPalette;

/** Words that stay lower case in a title (articles, short prepositions, conjunctions) and names written so on purpose. */
const LOWER = new Set(['a', 'an', 'the', 'as', 'in', 'on', 'of', 'to', 'with', 'and', 'or', 'for', 'fetch', 'cURL', '.http']);

describe('Command Palette and context keys (package.json)', () => {
  it('gives every command a palette `when`, or lists it here as always available', () => {
    const withWhen = new Map(palette.map((e) => [e.command, e.when]));
    const missing = commands.map((c) => c.command).filter((id) => !ALWAYS_AVAILABLE.includes(id) && !withWhen.get(id)?.trim());
    assert.deepEqual(missing, [], 'commands listed in the palette in every state');
    const both = ALWAYS_AVAILABLE.filter((id) => withWhen.has(id));
    assert.deepEqual(both, [], 'an always-available command has no palette `when`');
    const unknown = [...ALWAYS_AVAILABLE, ...palette.map((e) => e.command)].filter((id) => !commands.some((c) => c.command === id));
    assert.deepEqual(unknown, [], 'palette entries name contributed commands');
  });

  it('has one "Try the Sandbox" entry point: Start Sandbox is not in the palette, Stop Sandbox only while it runs', () => {
    const sandboxTitles = commands.filter((c) => /sandbox/i.test(c.title)).map((c) => ({ title: c.title, when: palette.find((e) => e.command === c.command)?.when }));
    const listed = sandboxTitles.filter((t) => t.when !== 'false' && !/^Stop /.test(t.title)).map((t) => t.title);
    assert.deepEqual(listed, ['Try the Sandbox']);
    assert.equal(palette.find((e) => e.command === 'tenantGraphql.stopSandbox')?.when, 'tenantGraphql.sandboxRunning');
  });

  it('writes every command title in title case, in the Tenant GraphQL category', () => {
    const wrong = commands.filter((c) => {
      const words = c.title.replace(/\(.*?\)/g, (m) => m.replace(/[()]/g, '')).split(/\s+/);
      return c.category !== 'Tenant GraphQL' || words.some((w, i) => /^[a-z]/.test(w) && (i === 0 || !LOWER.has(w.replace(/…$/, ''))));
    });
    assert.deepEqual(
      wrong.map((c) => c.title),
      [],
    );
  });

  it('activates on code files (GraphQL templates in code-only repositories) and not on the implied onLanguage:graphql', () => {
    const events = manifest.activationEvents;
    assert.ok(!events.includes('onLanguage:graphql'), 'implied by the contributed language since VS Code 1.74');
    for (const language of ['typescript', 'typescriptreact', 'javascript', 'javascriptreact']) {
      assert.ok(events.includes(`onLanguage:${language}`), language);
    }
    assert.ok(!events.includes('*'));
  });
});
