import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunOutcome } from '../../src/run/runController';
import { admin, configureSandboxEnvironments, openFixture, sandbox, signInToSandbox } from './helpers';

type Outcome = RunOutcome & { status?: number };

/** The runner's header secret: searched for by the whole-run secret scan afterwards. */
function headerSecret(): string {
  const value = process.env.TENANT_GRAPHQL_TEST_HEADER_SECRET;
  if (!value) {
    throw new Error('The runner did not pass TENANT_GRAPHQL_TEST_HEADER_SECRET.');
  }
  return value;
}

describe('Headers per environment: authHeader, plain headers, Set Header Secret', function () {
  this.timeout(120_000);

  before(async () => {
    await signInToSandbox('alice');
    const sb = sandbox();
    const pub = sb.clients.find((c) => c.type === 'public')!;
    const config = vscode.workspace.getConfiguration('tenantGraphql');
    const environments = config.inspect<unknown[]>('environments')?.globalValue ?? [];
    // The same server and client as "Sandbox" (so its sign-in applies), with a gateway's headers.
    await config.update(
      'environments',
      [
        ...environments,
        {
          name: 'Sandbox (headers)',
          authUrl: sb.authUrl,
          baseUrl: sb.baseUrl,
          clientId: pub.clientId,
          scopes: ['tasks:read', 'files:read', 'users:read'],
          authHeader: { name: 'Authorization', scheme: 'Bearer' },
          headers: { 'X-Tenant': 'acme' },
          secretHeaders: ['X-Api-Key'],
        },
      ],
      vscode.ConfigurationTarget.Global,
    );
    await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', 'Sandbox (headers)');
  });

  after(async () => {
    await configureSandboxEnvironments();
  });

  const runUrgent = async () => {
    const doc = await openFixture('tasks.graphql');
    await vscode.window.showTextDocument(doc);
    return vscode.commands.executeCommand<Outcome | undefined>('tenantGraphql.runOperation', { uri: doc.uri, operationName: 'UrgentTasks' });
  };

  /** The headers of the GraphQL requests the Sandbox received (Authorization's value withheld by it). */
  const headersRecord = async () => (await admin('/request-headers')) as { requests: Record<string, string>[]; total: number };
  const received = async () => (await headersRecord()).requests;

  it('refuses to run while a secret header has no value, saying to use Set Header Secret', async () => {
    const before = (await headersRecord()).total;
    const outcome = await runUrgent();
    assert.equal(outcome?.status, undefined, 'nothing was sent');
    assert.match(outcome?.message ?? '', /X-Api-Key .*Set Header Secret/);
    assert.equal((await headersRecord()).total, before, 'the Sandbox received no request');
  });

  it('keeps the value set with Set Header Secret out of settings and runs with it', async () => {
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.setHeaderSecret', 'Sandbox (headers)', 'X-Api-Key', headerSecret()), true);
    const settings = JSON.stringify(vscode.workspace.getConfiguration('tenantGraphql').inspect('environments'));
    assert.ok(!settings.includes(headerSecret()), 'the value is not in any settings');
    const outcome = await runUrgent();
    assert.equal(outcome?.status, 200, outcome?.message);
    // What the server got: the gateway's plain header, the secret one with its value, the token as configured.
    const last = (await received()).at(-1)!;
    assert.equal(last['x-tenant'], 'acme');
    assert.equal(last['x-api-key'], headerSecret());
    assert.equal(last.authorization, 'Bearer (withheld)');
  });

  it('exports the secret header as $TENANT_GRAPHQL_X_API_KEY and the plain one as it is', async () => {
    await vscode.env.clipboard.writeText('');
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.copyRunAsCurl', { includeToken: false }), true);
    const text = await vscode.env.clipboard.readText();
    assert.ok(text.includes('"X-Api-Key: $TENANT_GRAPHQL_X_API_KEY"'), text);
    assert.ok(text.includes("'X-Tenant: acme'"), text);
    assert.ok(!text.includes(headerSecret()), 'never the value');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('says which header is not secret when Set Header Secret names another', async () => {
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.setHeaderSecret', 'Sandbox (headers)', 'X-Tenant', 'whatever-value'), false);
  });
});
