// What each part of the suite opens, and with which profile:
//   main        test/fixtures/workspace, workspace trust off (as in `npm start`)
//   restricted  the same files, workspace trust on and the folder not trusted (Restricted Mode); its
//               settings point an environment at "a server somebody else runs" and write through a link
//               to a folder outside the workspace (see test/integration/restricted)
//   german      test/fixtures/workspace, display language German, a profile of its own (germanProfile)
//   folders     a multi-root workspace of two folders, each choosing its own environment in its own
//               settings (the environments themselves are the person's, in user settings: test/integration/folders)
//   chat        test/fixtures/workspace, a profile of its own with a scripted language model (chatProfile)
// The parts but german and chat share one user profile (the run folder's user-data/).
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const json = (value) => `${JSON.stringify(value, null, 2)}\n`;

/** The folders of the `folders` part and the environment each one's settings choose. */
export const FOLDERS = [
  ['alpha', 'Alpha'],
  ['beta', 'Beta'],
];

/** The `restricted` part's workspace settings: an environment at the recording proxy, writes through `generated`. */
export function restrictedWorkspaceSettings(listener) {
  return {
    'tenantGraphql.environments': [{ name: 'Sandbox', authUrl: listener.authUrl, baseUrl: listener.baseUrl, clientId: 'tenant-graphql-vscode', scopes: ['tasks:read'] }],
    'tenantGraphql.schema.writeTo': 'generated/settings.json',
    'tenantGraphql.codegen': { graphqlFiles: true, templatesFile: 'generated/graphql.generated.ts' },
  };
}

/**
 * The user settings for the `restricted` part, on top of the current ones. No trust question at
 * startup: the folder simply stays untrusted (Restricted Mode). Files are saved when a test saves them
 * (the web build's default saves after 1 s, which raced a test's own save on a loaded machine: its
 * save found the document already saved, and returned false).
 */
export function restrictedUserSettings(current) {
  return { ...current, 'security.workspace.trust.startupPrompt': 'never', 'security.workspace.trust.enabled': true, 'files.autoSave': 'off' };
}

/** The entry of languagepacks.json that declares German with the test pack at `pack`. */
export function languagePackEntry(pack) {
  return {
    hash: 'test-de',
    extensions: [{ extensionIdentifier: { id: 'tenantlabs.test-language-pack-de' }, version: '0.0.1' }],
    translations: { vscode: join(pack, 'translations', 'main.i18n.json') },
    label: 'Deutsch',
  };
}

/**
 * Writes the part's workspace into the run folder `tmp`. Returns `{ workspace, multiRoot }`:
 * the folder, and for `folders` the .code-workspace file to open instead.
 */
export function prepareWorkspace({ root, tmp, suite, listener }) {
  const workspace = join(tmp, `workspace-${suite}`);
  if (suite === 'folders') {
    const multiRoot = join(workspace, 'folders.code-workspace');
    for (const [folder, environment] of FOLDERS) {
      mkdirSync(join(workspace, folder, '.vscode'), { recursive: true });
      writeFileSync(join(workspace, folder, '.vscode', 'settings.json'), json({ 'tenantGraphql.activeEnvironment': environment }));
    }
    writeFileSync(multiRoot, json({ folders: FOLDERS.map(([path]) => ({ path })), settings: {} }));
    return { workspace, multiRoot };
  }
  cpSync(join(root, 'test/fixtures/workspace'), workspace, { recursive: true });
  if (suite === 'restricted') {
    mkdirSync(join(workspace, '.vscode'), { recursive: true });
    mkdirSync(join(tmp, 'outside-restricted'), { recursive: true });
    symlinkSync(join(tmp, 'outside-restricted'), join(workspace, 'generated'));
    writeFileSync(join(workspace, '.vscode', 'settings.json'), json(restrictedWorkspaceSettings(listener)));
    const userSettings = join(tmp, 'user-data', 'User', 'settings.json');
    mkdirSync(dirname(userSettings), { recursive: true });
    const current = existsSync(userSettings) ? JSON.parse(readFileSync(userSettings, 'utf8')) : {};
    writeFileSync(userSettings, json(restrictedUserSettings(current)));
  }
  return { workspace, multiRoot: undefined };
}

/**
 * The `german` part's own profile: VS Code applies an extension's package.nls.de.json and
 * l10n/bundle.l10n.de.json only when German is a display language it has a language pack for. The
 * Marketplace's pack cannot be downloaded here, so a test pack (test/fixtures/languagePackDe) declares
 * German with no translations of VS Code's own texts: installed into a fresh extensions folder
 * (VS Code lists it on its first start) and entered in languagepacks.json, which code-server reads
 * to resolve `--locale de` before the workbench loads. Returns its state folder.
 */
export function germanProfile({ root, tmp }) {
  const stateDir = join(tmp, 'german');
  const pack = join(stateDir, 'extensions', 'tenantlabs.test-language-pack-de-0.0.1');
  cpSync(join(root, 'test/fixtures/languagePackDe'), pack, { recursive: true });
  mkdirSync(join(stateDir, 'user-data'), { recursive: true });
  writeFileSync(join(stateDir, 'user-data', 'languagepacks.json'), JSON.stringify({ de: languagePackEntry(pack) }));
  writeFileSync(join(stateDir, 'config.yaml'), 'auth: none\ncert: false\n');
  return stateDir;
}

/**
 * The `chat` part's own profile (test/integration/chat): the scripted language model of
 * test/fixtures/scriptedChatModel (test machinery, never packaged) installed in a fresh extensions
 * folder, so that no other part loads it or VS Code's chat set up by this part, and the setting
 * `chat.allowAnonymousAccess` (see docs/upstream/chat-turn-in-code-server.md). Returns its state folder.
 */
export function chatProfile({ root, tmp }) {
  const stateDir = join(tmp, 'chat');
  cpSync(join(root, 'test/fixtures/scriptedChatModel'), join(stateDir, 'extensions', 'tenantlabs.test-scripted-chat-model-0.0.1'), { recursive: true });
  // VS Code's chat without an account (the setup the test runs needs it): an experimental setting no extension may write.
  mkdirSync(join(stateDir, 'user-data', 'User'), { recursive: true });
  writeFileSync(join(stateDir, 'user-data', 'User', 'settings.json'), `${JSON.stringify({ 'chat.allowAnonymousAccess': true }, null, 2)}\n`);
  writeFileSync(join(stateDir, 'config.yaml'), 'auth: none\ncert: false\n');
  return stateDir;
}
