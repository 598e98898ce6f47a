import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunOutcome } from '../../src/run/runController';
import { admin, configureSandboxEnvironments, eventually, listener, openFixture, recordedByListener, sandbox, signInToSandbox, workspaceRoot } from './helpers';

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
 * A repository never gets your tokens (issue 21): its settings redefine the environment the person
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
