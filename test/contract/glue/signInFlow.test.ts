import '../../unit/glue/register';
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { fake, resetFake, fakeExtensionContext, EventEmitter, Uri, workspace, type FakeSecretStorage } from '../../unit/glue/vscodeFake';
import { AuthService } from '../../../src/services/auth/authService';
import { SignInFlow } from '../../../src/auth/signInFlow';
import { parseEnvironments, type Environment } from '../../../src/core/auth/environments';
import { mergeEnvironments } from '../../../src/core/auth/environmentOverlay';
import { serverIdentity, serverKey } from '../../../src/core/auth/serverIdentity';
import type { ConfigurationService } from '../../../src/services/config';
import type { Logger } from '../../../src/core/logger';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/index';

// The build's flag (scripts/build.mjs): no test API here.
(globalThis as { __TEST_API__?: boolean }).__TEST_API__ = false;

/**
 * The sign-in glue with fakes of SecretStorage, Memento and ExtensionContext (VS Code's
 * github-authentication tests' pattern), against the Sandbox: what the person is asked and told,
 * and where credentials are kept. The real VS Code runs the same flows in test/integration.
 */
/** The values of every `…token…` field in a JSON value (access, refresh and ID tokens). */
function tokenStrings(value: unknown): string[] {
  if (!value || typeof value !== 'object') {
    return [];
  }
  return Object.entries(value).flatMap(([key, v]) => (typeof v === 'string' && /token/i.test(key) && v.length > 0 ? [v] : tokenStrings(v)));
}

describe('glue: AuthService and its SignInFlow with fake SecretStorage, Memento and ExtensionContext', () => {
  let sandbox: RunningSandbox;
  let context: ReturnType<typeof fakeExtensionContext>;
  let settings: { environments: Environment[]; ownEnvironments: Environment[]; trusted: boolean; problems: string[] };
  let service: AuthService;
  let flow: SignInFlow;
  const logged: string[] = [];
  const logger: Logger = {
    info: (m: string) => logged.push(m),
    warn: (m: string) => logged.push(m),
    error: (m: string) => logged.push(m),
    debug: (m: string) => logged.push(m),
  } as unknown as Logger;

  /** The settings entry of the Sandbox (loopback sign-in). */
  function rawEntry(): Record<string, unknown> {
    return { name: 'Sandbox', authUrl: sandbox.authUrl, baseUrl: sandbox.baseUrl, clientId: 'tenant-graphql-vscode', scopes: ['tasks:read'], redirectMode: 'loopback' };
  }

  function environments(origin: 'user' | 'workspace'): Environment[] {
    const parsed = parseEnvironments([rawEntry()], origin);
    assert.deepEqual(parsed.problems, []);
    return parsed.environments;
  }

  function makeService(origin: 'user' | 'workspace' = 'user', trusted = true): AuthService {
    const envs = environments(origin);
    settings = { environments: envs, ownEnvironments: origin === 'user' ? envs : [], trusted, problems: [] };
    const config = { settings, onDidChange: new EventEmitter<void>().event, activeEnvironment: () => settings.environments[0] } as unknown as ConfigurationService;
    const made = new AuthService(context as unknown as vscode.ExtensionContext, config, logger);
    flow = new SignInFlow(made, context as unknown as vscode.ExtensionContext, config, logger);
    return made;
  }

  /** The person's browser: the Sandbox consents as alice at once (autoConsent); it follows the loopback redirect. */
  function browserThatApproves(): void {
    fake.browser = async (url) => {
      const res = await fetch(url, { redirect: 'manual' });
      const location = res.headers.get('location');
      assert.ok(location, `the Sandbox redirects back (status ${res.status})`);
      await (await fetch(location)).text();
      return true;
    };
  }

  beforeEach(async () => {
    resetFake();
    logged.length = 0;
    sandbox = await startSandbox({ autoConsent: 'alice', quiet: true });
    context = fakeExtensionContext();
  });
  afterEach(async () => {
    flow?.dispose();
    service?.dispose();
    await sandbox.close();
  });

  it('signs in: the session is in SecretStorage only, a notification offers Run the sample, nothing secret is logged', async () => {
    service = makeService();
    await service.initialize();
    browserThatApproves();
    const session = await flow.signInInteractive();
    assert.ok(session, 'a session');
    assert.equal(session.account.id, 'alice');
    assert.equal((await service.activeSession())?.id, session.id);
    assert.deepEqual(
      fake.progress.map((p) => p.title),
      ['Signing in to Sandbox'],
    );
    // The progress offers the way on when the browser does not come back.
    assert.match(fake.progress[0].messages.join('\n'), /\[Paste address\]\(command:tenantGraphql\.pasteSignInAddress\)/);
    // On the Sandbox, the next step: Run the sample.
    assert.deepEqual(
      fake.shown.map((s) => [s.kind, s.message, s.items]),
      [['info', 'Signed in to Sandbox as alice.', ['Run the sample']]],
    );
    // The tokens: in SecretStorage, never in either Memento, never in the log.
    const secrets = context.secrets as FakeSecretStorage;
    const stored = [...secrets.values.values()].join('\n');
    const token = await service.tokens.getAccessToken(session.id);
    assert.ok(stored.includes(token), 'the access token is kept in SecretStorage');
    const mementos = [...context.globalState.values.values(), ...context.workspaceState.values.values()].join('\n');
    assert.ok(!mementos.includes(token), 'no token in globalState or workspaceState');
    assert.ok(!logged.join('\n').includes(token), 'no token in the log');
    // Every token SecretStorage holds (access and refresh): nowhere else.
    const secretsKept = [...secrets.values.values()].flatMap((v) => tokenStrings(JSON.parse(v)));
    assert.ok(secretsKept.length >= 2, `the access and refresh tokens are kept (${secretsKept.length} found)`);
    for (const secret of secretsKept) {
      assert.ok(!mementos.includes(secret) && !logged.join('\n').includes(secret), 'a token of SecretStorage in a Memento or the log');
    }
  });

  it('signs out: the session leaves SecretStorage', async () => {
    service = makeService();
    await service.initialize();
    browserThatApproves();
    const session = await flow.signInInteractive();
    assert.ok(session);
    const token = await service.tokens.getAccessToken(session.id);
    await service.signOut(session.id);
    assert.equal(await service.activeSession(), undefined);
    const stored = [...(context.secrets as FakeSecretStorage).values.values()].join('\n');
    assert.ok(!stored.includes(token), 'the token is gone from SecretStorage');
  });

  it("asks (modal) before it signs in at a server the workspace's settings name; declined, nothing is sent", async () => {
    service = makeService('workspace');
    await service.initialize();
    browserThatApproves();
    fake.answer = () => undefined; // the person closes the question
    assert.equal(await flow.signInInteractive(), undefined);
    assert.equal(fake.shown.length, 1);
    assert.equal(fake.shown[0].modal, true);
    assert.match(fake.shown[0].message, /^Sign in to 127\.0\.0\.1:\d+, 127\.0\.0\.1:\d+ \(defined by this workspace\)\?$/);
    assert.deepEqual(fake.opened, [], 'no browser opened');
    assert.equal(sandbox.stats().token.authorization_code ?? 0, 0, 'nothing reached the server');
    assert.equal(context.globalState.values.size, 0, 'a "no" is not remembered');
  });

  it('remembers "Allow" for this workspace and server in globalState (the person\'s), not workspaceState', async () => {
    service = makeService('workspace');
    await service.initialize();
    browserThatApproves();
    fake.answer = (shown) => (shown.modal ? 'Allow' : undefined);
    assert.ok(await flow.signInInteractive());
    assert.equal(fake.shown.filter((s) => s.modal).length, 1);
    const approvals = context.globalState.get<Record<string, boolean>>('tenantGraphql.approvedWorkspaceServers') ?? {};
    const keys = Object.keys(approvals);
    assert.equal(keys.length, 1);
    assert.ok(keys[0].startsWith('file:///work/repo '), keys[0]);
    assert.equal(context.workspaceState.values.size, 0);
    // Asked once: a second sign-in goes straight to the browser.
    assert.ok(await flow.signInInteractive());
    assert.equal(fake.shown.filter((s) => s.modal).length, 1);
    // Another workspace naming the same server is asked again.
    workspace.workspaceFolders = [{ uri: Uri.file('/work/other'), name: 'other', index: 0 }];
    fake.answer = () => undefined;
    assert.equal(await flow.signInInteractive(), undefined);
    assert.equal(fake.shown.filter((s) => s.modal).length, 2);
  });

  it('asks again for an approval an earlier version stored (per workspace and server, not content), and when the entry changes', async () => {
    service = makeService('workspace');
    const [env] = settings.environments;
    const key = `file:///work/repo ${serverKey(serverIdentity(env))}`;
    await context.globalState.update('tenantGraphql.approvedWorkspaceServers', { [key]: true });
    await service.initialize();
    browserThatApproves();
    fake.answer = () => undefined;
    assert.equal(service.isAllowed(env), false, 'the old approval covers no content');
    assert.equal(await flow.ensureAllowed(env, 'Sign-in'), false);
    assert.equal(fake.shown.filter((s) => s.modal).length, 1, 'asked');
    fake.answer = (shown) => (shown.modal ? 'Allow' : undefined);
    assert.equal(await flow.ensureAllowed(env, 'Sign-in'), true);
    assert.equal(service.isAllowed(env), true, 'allowed as it is');
    // The repository's entry changes (a git pull): a header of its own.
    const changed = parseEnvironments([{ ...rawEntry(), headers: { 'X-Forwarded-For': '10.0.0.1' } }], 'workspace').environments[0];
    assert.equal(service.isAllowed(changed), false, 'the approval covered the entry as it was');
    fake.answer = () => undefined;
    assert.equal(await flow.ensureAllowed(changed, 'Sign-in'), false);
    assert.equal(fake.shown.filter((s) => s.modal).length, 3);
    assert.match(fake.shown.at(-1)!.detail ?? '', /It sends the headers X-Forwarded-For with every request there\./);
  });

  it("names what a workspace changes in the person's environment (whose read-only the merged entry keeps)", async () => {
    service = makeService('user');
    const mine = parseEnvironments([{ ...rawEntry(), readOnly: true }], 'user').environments;
    const theirs = parseEnvironments([{ ...rawEntry(), readOnly: false, confirmMutations: false, headers: { 'X-Forwarded-For': '10.0.0.1' } }], 'workspace').environments;
    const [merged] = mergeEnvironments(mine, theirs);
    assert.equal(merged.readOnly, true);
    fake.answer = () => undefined;
    assert.equal(await flow.ensureAllowed(merged, 'Sign-in'), false);
    assert.equal(
      fake.shown.at(-1)!.message,
      'This workspace changes your environment "Sandbox": adds header X-Forwarded-For, keeps your read-only (its entry has it off), keeps your question before mutations (its entry has it off).',
    );
  });

  it('sends nothing in Restricted Mode and says why', async () => {
    service = makeService('user', false);
    await service.initialize();
    browserThatApproves();
    assert.equal(await flow.signInInteractive(), undefined);
    assert.deepEqual(fake.opened, []);
    assert.equal(sandbox.stats().token.authorization_code ?? 0, 0);
    assert.equal(fake.shown.length, 1);
    assert.match(fake.shown[0].message, /Restricted Mode/);
  });

  it('a sign-in the browser never finishes is cancelled from its progress: no message, nothing stored', async () => {
    service = makeService();
    await service.initialize();
    let opened!: () => void;
    const browserOpened = new Promise<void>((r) => (opened = r));
    fake.browser = async () => {
      opened();
      return true;
    };
    const signIn = flow.signInInteractive();
    await browserOpened;
    assert.ok(service.signInInProgress, 'the sign-in waits for the browser');
    service.signInInProgress.cancel();
    assert.equal(await signIn, undefined);
    assert.equal(service.signInInProgress, undefined);
    assert.equal(await service.activeSession(), undefined);
    assert.equal((context.secrets as FakeSecretStorage).values.size, 0, 'nothing stored');
    assert.deepEqual(fake.shown, [], 'the person cancelled: nothing to tell');
  });

  it('tells the person when no environment is configured, with Add Environment… and a way to the setting', async () => {
    service = makeService();
    settings.environments = [];
    fake.answer = (shown) => shown.items[0];
    assert.equal(await flow.signInInteractive(), undefined);
    assert.match(fake.shown[0].message, /No Tenant GraphQL environment is configured yet/);
    assert.deepEqual(fake.shown[0].items, ['Add Environment…', 'Open Settings']);
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(fake.commands.at(-1), ['tenantGraphql.addEnvironment']);
  });
});
