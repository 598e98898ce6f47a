import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunOutcome } from '../../src/run/runController';
import type { TenantGraphqlTestApi } from '../../src/extension';
import { admin, configureSandboxEnvironments, eventually, extensionId, listener, openFixture, recordedByListener, sandbox, signInToSandbox, workspaceRoot } from './helpers';

const run = (arg?: unknown) => vscode.commands.executeCommand<RunOutcome | undefined>('tenantGraphql.runOperation', arg);
const fixture = (path: string) => vscode.Uri.joinPath(workspaceRoot(), path);
const config = () => vscode.workspace.getConfiguration('tenantGraphql');
type Stats = { token: { refresh_token: number; authorization_code: number }; graphql: number; authorize: number };

/** Adds a user-level environment on the runner's Sandbox (the same server and client as "Sandbox": alice's session serves it). */
async function addEnvironment(fields: Record<string, unknown>): Promise<void> {
  const sb = sandbox();
  const pub = sb.clients.find((c) => c.type === 'public')!;
  const mine = config().inspect<unknown[]>('environments')?.globalValue ?? [];
  await config().update(
    'environments',
    [...mine, { authUrl: sb.authUrl, baseUrl: sb.baseUrl, clientId: pub.clientId, scopes: ['tasks:read'], ...fields }],
    vscode.ConfigurationTarget.Global,
  );
}

/**
 * A repository never gets your tokens: its settings redefine the environment the person
 * is signed in to, same name and client, with the addresses of a server somebody else runs (the
 * runner's recording proxy in front of another Sandbox).
 *
 * In extension tests VS Code answers every modal dialog with Cancel (its dialog service refuses to
 * show them): here that is the person declining. Allowing, through the real dialog, is in the
 * main-job test (test/e2e), which drives `npm start` without the test driver.
 */
describe('Workspace-defined servers: your tokens stay with their server', function () {
  this.timeout(90_000);

  before(async () => {
    await admin('/reset', {});
    await signInToSandbox('alice');
  });

  after(async () => {
    await admin('/faults', undefined, 'DELETE');
    await configureSandboxEnvironments();
  });

  it('sends nothing to a server the repository names until you allow it: no introspection, run, schema refresh or token refresh', async () => {
    const pub = sandbox().clients.find((c) => c.type === 'public')!;
    const theirs = listener();
    assert.equal((await recordedByListener()).length, 0);
    await config().update(
      'environments',
      [{ name: 'Sandbox', authUrl: theirs.authUrl, baseUrl: theirs.baseUrl, clientId: pub.clientId, scopes: ['tasks:read', 'files:read', 'users:read'] }],
      vscode.ConfigurationTarget.Workspace,
    );
    // The name is the same; the server is not: not signed in there.
    await eventually(async () => ((await vscode.commands.executeCommand('tenantGraphql.showAccount')) === undefined ? true : undefined), 'the redefined Sandbox to be signed out');

    await openFixture('tasks.graphql');
    assert.equal(await run({ uri: fixture('run/overview.graphql'), operationName: 'Me' }), undefined, 'declined: not run');
    // An export writes the repository's server and environment name into a command you run: asked too, declined, nothing copied.
    await vscode.env.clipboard.writeText('unchanged');
    const exported = await vscode.commands.executeCommand('tenantGraphql.exportOperation', {
      uri: fixture('run/overview.graphql'),
      operationName: 'Me',
      format: 'curl',
      includeToken: false,
    });
    assert.equal(exported, undefined, 'declined: not exported');
    assert.equal(await vscode.env.clipboard.readText(), 'unchanged');
    const refreshed = await vscode.commands.executeCommand<{ ok: boolean }>('tenantGraphql.refreshSchema');
    assert.equal(refreshed?.ok, false);

    // alice's own session refreshes at its own server: "Sandbox (loopback)" (yours, same server) gets a 401 once.
    const before = (await admin('/stats')) as Stats;
    await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', 'Sandbox (loopback)');
    await admin('/faults', { kind: 'status', status: 401, count: 1 });
    const again = await run({ uri: fixture('run/overview.graphql'), operationName: 'Me' });
    assert.equal(again?.status, 200, again?.message);
    assert.equal(((await admin('/stats')) as Stats).token.refresh_token, before.token.refresh_token + 1, 'refreshed at the Sandbox that issued it');
    await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', 'Sandbox');

    assert.deepEqual(await recordedByListener(), [], 'the other server received nothing at all');
  });

  it('signs in there only after a yes: declined, nothing is sent and your session stays yours', async () => {
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.signIn'), undefined, 'declined');
    assert.deepEqual(await recordedByListener(), [], 'the other server received nothing at all');
    // Your own environment of the same server still has your session.
    await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', 'Sandbox (loopback)');
    const account = await vscode.commands.executeCommand<{ account: string; server: { baseUrl: string } } | undefined>('tenantGraphql.showAccount');
    assert.equal(account?.account, 'alice');
    assert.equal(account.server.baseUrl, sandbox().baseUrl);
    await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', 'Sandbox');
  });
});

describe('Mutations need a yes', function () {
  this.timeout(60_000);

  before(async () => {
    await signInToSandbox('alice');
  });

  after(async () => {
    await configureSandboxEnvironments();
  });

  it('asks before a mutation (declined: nothing sent), and runs it without asking where confirmMutations is off', async () => {
    const stats = async () => ((await admin('/stats')) as Stats).graphql;
    await addEnvironment({ name: 'Sandbox (asks)' });
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', 'Sandbox (asks)'), 'Sandbox (asks)');
    await vscode.commands.executeCommand('tenantGraphql.refreshSchema'); // joins the switch's own introspection: nothing else in flight
    const before = await stats();
    assert.equal(await run({ uri: fixture('run/createTask.graphql') }), undefined, 'the question was declined');
    assert.equal(await stats(), before, 'nothing sent');
    // The tests' "Sandbox" has "confirmMutations": false.
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', 'Sandbox'), 'Sandbox');
    const sent = await run({ uri: fixture('run/createTask.graphql') });
    // alice has no tasks:write scope: the Service's 401 shows the request went out.
    assert.equal(sent?.status, 401, sent?.message);
    assert.ok((await stats()) > before, 'sent (and once more after a token refresh, as after any 401)');
  });

  it('refuses a mutation on a read-only environment, and runs its queries', async () => {
    await addEnvironment({ name: 'Sandbox (read-only)', readOnly: true });
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', 'Sandbox (read-only)'), 'Sandbox (read-only)');
    const refused = await run({ uri: fixture('run/createTask.graphql') });
    assert.equal(refused?.failure, 'readOnly');
    assert.match(refused.message ?? '', /read-only/);
    const query = await run({ uri: fixture('run/overview.graphql'), operationName: 'Me' });
    assert.equal(query?.status, 200, query?.message);
  });
});

/**
 * A repository can add to your environment, never weaken it: its settings redefine your read-only
 * environment (same name, server and client) with read-only and the mutation question off and a
 * header of its own. The question names what it changes; after "Allow" your read-only still holds;
 * a changed entry (a `git pull`) is asked about again.
 *
 * VS Code refuses modal dialogs in extension tests: the extension's test API answers the question
 * (and records it) in the person's place.
 */
describe('A repository adds to your environment, never weakens it', function () {
  this.timeout(90_000);
  let api: TenantGraphqlTestApi['signIn'];
  const readOnlyName = 'Sandbox (yours, read-only)';
  const stats = async () => ((await admin('/stats')) as Stats).graphql;

  /** The repository's entry: your server and client, your name, guards off, a header of its own. */
  async function repositoryEntry(forwardedFor: string): Promise<void> {
    const sb = sandbox();
    const pub = sb.clients.find((c) => c.type === 'public')!;
    await config().update(
      'environments',
      [
        {
          name: readOnlyName,
          authUrl: sb.authUrl,
          baseUrl: sb.baseUrl,
          clientId: pub.clientId,
          scopes: ['tasks:read'],
          readOnly: false,
          confirmMutations: false,
          headers: { 'X-Forwarded-For': forwardedFor },
        },
      ],
      vscode.ConfigurationTarget.Workspace,
    );
  }

  before(async () => {
    const exported = await vscode.extensions.getExtension<TenantGraphqlTestApi | undefined>(extensionId)!.activate();
    assert.ok(exported, 'the extension exports its test API while the extension host runs tests');
    api = exported.signIn;
    await signInToSandbox('alice');
    await addEnvironment({ name: readOnlyName, readOnly: true });
  });

  after(async () => {
    api.answerApprovalQuestions(undefined);
    await configureSandboxEnvironments();
  });

  /**
   * Runs the query until the extension sees the repository's entry as it is now (it then asks, and
   * the answer is `decline`): the GraphQL requests the Sandbox got from the run that asked.
   */
  async function untilAsked(): Promise<{ outcome: RunOutcome | undefined; sent: number }> {
    api.answerApprovalQuestions('decline');
    const asked = api.approvalQuestions().length;
    return eventually(async () => {
      const before = await stats();
      const outcome = await run({ uri: fixture('run/overview.graphql'), operationName: 'Me' });
      return api.approvalQuestions().length > asked ? { outcome, sent: (await stats()) - before } : undefined;
    }, "the question about the repository's entry");
  }

  it('names the change in its question, and after "Allow" a mutation on your read-only environment is still refused', async () => {
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', readOnlyName), readOnlyName);
    await repositoryEntry('10.0.0.1');
    const first = await untilAsked();
    assert.equal(first.outcome, undefined, 'declined: not run');
    assert.equal(first.sent, 0, 'declined: nothing sent');
    const [question] = api.approvalQuestions().slice(-1);
    assert.match(question.message, /^This workspace changes your environment "Sandbox \(yours, read-only\)": /);
    assert.match(question.message, /adds header X-Forwarded-For/);
    assert.match(question.message, /keeps your read-only/);
    assert.match(question.message, /keeps your question before mutations/);

    api.answerApprovalQuestions('allow');
    const asked = api.approvalQuestions().length;
    const before = await stats();
    const refused = await run({ uri: fixture('run/createTask.graphql') });
    assert.equal(api.approvalQuestions().length, asked + 1, 'asked again (a "no" is not remembered), and allowed');
    assert.equal(refused?.failure, 'readOnly', refused?.message);
    assert.equal(await stats(), before, 'the mutation was not sent');

    // A query goes out without another question, with the header the person allowed.
    const query = await run({ uri: fixture('run/overview.graphql'), operationName: 'Me' });
    assert.equal(query?.status, 200, query?.message);
    assert.equal(api.approvalQuestions().length, asked + 1, 'not asked again');
    const received = ((await admin('/request-headers')) as { requests: Record<string, string>[] }).requests;
    assert.equal(received.at(-1)?.['x-forwarded-for'], '10.0.0.1', JSON.stringify(received.at(-1)));
  });

  it('asks again when the repository changes the entry (a git pull), and a "no" sends nothing', async () => {
    await repositoryEntry('10.6.6.6');
    const changed = await untilAsked();
    assert.equal(changed.outcome, undefined, 'declined: not run');
    assert.equal(changed.sent, 0, 'declined: nothing sent');
    assert.match(api.approvalQuestions().at(-1)?.message ?? '', /adds header X-Forwarded-For/);
  });
});
