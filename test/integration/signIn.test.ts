import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { admin, configureSandboxEnvironments, eventually, instructBrowser, sandbox, extensionId } from './helpers';

const config = () => vscode.workspace.getConfiguration('tenantGraphql');

interface Summary {
  id: string;
  environment: string;
  kind: 'user' | 'team';
  account: string;
  accountId: string;
  scopes: string[];
  groups: string[];
  expiresAt: string;
}

interface Stats {
  token: Record<string, number>;
}

async function signOutEverything(): Promise<void> {
  for (const env of ['Sandbox', 'Sandbox (loopback)', 'Sandbox (team)']) {
    await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', env);
    // By the session's id: with several accounts in an environment (an earlier describe may leave
    // another there), Sign Out without one asks which.
    for (let shown; (shown = await vscode.commands.executeCommand<Summary | undefined>('tenantGraphql.showAccount')) !== undefined;) {
      await vscode.commands.executeCommand('tenantGraphql.signOut', shown.id);
    }
  }
  await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', 'Sandbox');
}

async function tokenStats(): Promise<Record<string, number>> {
  return ((await admin('/stats')) as Stats).token;
}

describe('Sign-in against the Sandbox (browser driven by the runner)', function () {
  this.timeout(60_000);

  before(async () => {
    await vscode.extensions.getExtension(extensionId)!.activate();
    await configureSandboxEnvironments();
    await admin('/reset', {});
    await signOutEverything();
  });

  it('signs in through the browser: consent approved in Chromium, callback through the URI handler', async () => {
    const before = await tokenStats();
    instructBrowser({ consent: 'approve', user: 'alice' });
    const session = await vscode.commands.executeCommand<Summary>('tenantGraphql.signIn');
    assert.ok(session, 'the sign-in command returned a session');
    assert.equal(session.environment, 'Sandbox');
    assert.equal(session.kind, 'user');
    assert.equal(session.account, 'alice', "the account is the token's sub (the spec has no name claim)");
    assert.equal(session.accountId, 'alice');
    assert.deepEqual([...session.scopes].sort(), ['files:read', 'tasks:read', 'users:read']);
    assert.deepEqual(session.groups, ['eng']);
    assert.ok(!JSON.stringify(session).includes('eyJ'), 'command results never carry a token');
    const after = await tokenStats();
    assert.equal((after.authorization_code ?? 0) - (before.authorization_code ?? 0), 1, 'exactly one code exchange');
    const shown = await vscode.commands.executeCommand<Summary>('tenantGraphql.showAccount');
    assert.equal(shown?.account, 'alice');
  });

  it("shows the account in VS Code's Accounts menu and hands no token out silently", async () => {
    // VS Code lets an extension read a session only after the person allowed it in a dialog, and a
    // test instance refuses dialogs; the account list is what the Accounts menu shows.
    const getAccounts = (vscode.authentication as unknown as { getAccounts?(id: string): Thenable<readonly { id: string; label: string }[]> }).getAccounts;
    assert.ok(getAccounts, 'this VS Code has authentication.getAccounts');
    const accounts = await getAccounts('tenantGraphql');
    assert.ok(
      // The server a session belongs to is part of its label (a name can be reused by a repository's settings).
      accounts.some((a) => a.label === `alice (Sandbox, ${new URL(sandbox().baseUrl).host})`),
      `accounts: ${accounts.map((a) => a.label).join(', ')}`,
    );
    const silent = await vscode.authentication.getSession('tenantGraphql', ['tasks:read'], { silent: true });
    assert.equal(silent, undefined, 'no session is handed out silently before the person allowed access');
    const summary = await vscode.commands.executeCommand<Summary>('tenantGraphql.showAccount');
    assert.ok(summary && !('accessToken' in summary));
  });

  it('reports a denied consent as cancelled and keeps the existing session', async () => {
    const before = await vscode.commands.executeCommand<Summary>('tenantGraphql.showAccount');
    instructBrowser({ consent: 'deny', user: 'bob' });
    const result = await vscode.commands.executeCommand<Summary | undefined>('tenantGraphql.signIn');
    assert.equal(result, undefined);
    const after = await vscode.commands.executeCommand<Summary>('tenantGraphql.showAccount');
    assert.equal(after?.id, before?.id, 'the signed-in account did not change');
  });

  it('rejects a callback with a forged state and never exchanges its code', async () => {
    const before = await tokenStats();
    instructBrowser({ consent: 'ignore' });
    const pending = vscode.commands.executeCommand<Summary | undefined>('tenantGraphql.signIn');
    let settled = false;
    void Promise.resolve(pending).then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 1500));
    const callback = await vscode.env.asExternalUri(vscode.Uri.parse(`${vscode.env.uriScheme}://${extensionId}/auth-callback`));
    const forged = callback.toString(true) + (callback.query ? '&' : '?') + 'code=forged-code&state=forged-state-value';
    instructBrowser({ open: forged });
    await new Promise((r) => setTimeout(r, 2500));
    assert.equal(settled, false, 'the forged callback did not end the waiting sign-in');
    instructBrowser({ consent: 'approve', user: 'bob', approveOpenPage: true });
    const session = await pending;
    assert.equal(session?.account, 'bob', 'the real callback still completed the sign-in');
    const after = await tokenStats();
    assert.equal((after.authorization_code ?? 0) - (before.authorization_code ?? 0), 1, 'only the real code was exchanged');
  });

  it('signs in through the loopback redirect', async () => {
    await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', 'Sandbox (loopback)');
    instructBrowser({ consent: 'approve', user: 'carol' });
    const session = await vscode.commands.executeCommand<Summary>('tenantGraphql.signIn');
    assert.equal(session?.environment, 'Sandbox (loopback)');
    assert.equal(session?.account, 'carol');
    assert.deepEqual(session?.scopes, ['tasks:read']);
  });

  it('gets a team token with Client Credentials, shown as Team', async () => {
    const sb = sandbox();
    const secret = sb.clients.find((c) => c.type === 'confidential')!.clientSecret!;
    await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', 'Sandbox (team)');
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.setClientSecret', 'Sandbox (team)', secret), true);
    const session = await vscode.commands.executeCommand<Summary>('tenantGraphql.signInAsTeam');
    assert.equal(session?.kind, 'team');
    assert.equal(session?.account, 'Team');
    assert.ok(!JSON.stringify(config().inspect('environments')).includes(secret), 'the secret is not in settings');
  });

  it('signs out, and the session disappears from vscode.authentication', async () => {
    await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', 'Sandbox');
    const changed = new Promise<void>((resolve) => {
      const d = vscode.authentication.onDidChangeSessions((e) => {
        if (e.provider.id === 'tenantGraphql') {
          d.dispose();
          resolve();
        }
      });
    });
    while ((await vscode.commands.executeCommand<Summary | undefined>('tenantGraphql.showAccount')) !== undefined) {
      assert.equal(await vscode.commands.executeCommand('tenantGraphql.signOut', (await vscode.commands.executeCommand<Summary>('tenantGraphql.showAccount')).id), true);
    }
    await changed;
    const remaining = await eventually(async () => {
      const s = await vscode.authentication.getSession('tenantGraphql', ['tasks:read'], { silent: true });
      return s === undefined ? 'gone' : undefined;
    }, 'the session to disappear');
    assert.equal(remaining, 'gone');
  });
});
