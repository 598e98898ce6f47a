import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunOutcome } from '../../src/run/runController';
import { browserIsDriven, configureSandboxEnvironments, eventually, extensionId, openScratch, refreshSchema, signInToSandbox, workspaceRoot } from './helpers';

const run = (arg?: unknown) => vscode.commands.executeCommand<RunOutcome | undefined>('tenantGraphql.runOperation', arg);
const labelOf = (i: vscode.CompletionItem) => (typeof i.label === 'string' ? i.label : i.label.label);

/** The independent pair the runner started (test/unit/interop/servers.ts): oidc-provider + graphql-http on one origin. */
function interop(): { url: string; clientId: string; resource: string } {
  const raw = process.env.TENANT_GRAPHQL_TEST_INTEROP;
  if (!raw) {
    throw new Error('The runner did not pass TENANT_GRAPHQL_TEST_INTEROP.');
  }
  return JSON.parse(raw) as { url: string; clientId: string; resource: string };
}

/** One server of the spec: how to be signed in there, and what its data and scopes are. */
interface TenantServer {
  readonly title: string;
  /** Signs in through the extension's real URI-handler path, leaving this server's environment active. */
  signIn(): Promise<void>;
  /** A priority some of its tasks have. */
  readonly priority: string;
  /** A run that needs a scope the session lacks, and that scope. */
  missingScope(): Promise<{ arg: unknown; scope: string }>;
}

const servers: TenantServer[] = [
  {
    title: 'the Sandbox',
    signIn: async () => {
      await signInToSandbox('alice');
    },
    priority: 'HIGH',
    // The Sandbox answers a missing scope with a Bearer challenge (error="insufficient_scope").
    missingScope: () => Promise.resolve({ arg: { uri: vscode.Uri.joinPath(workspaceRoot(), 'run/createTask.graphql') }, scope: 'tasks:write' }),
  },
  {
    title: 'an independent pair (oidc-provider + graphql-http)',
    signIn: async () => {
      await vscode.extensions.getExtension(extensionId)!.activate();
      const pair = interop();
      const config = vscode.workspace.getConfiguration('tenantGraphql');
      const mine = (config.inspect<unknown[]>('environments')?.globalValue ?? []).filter((e) => (e as { name?: string }).name !== 'Independent');
      // What a tenant admin tells the person: the addresses, the client, the API's resource; offline access for a refresh token.
      await config.update(
        'environments',
        [
          ...mine,
          {
            name: 'Independent',
            authUrl: pair.url,
            baseUrl: pair.url,
            clientId: pair.clientId,
            scopes: ['tasks:read'],
            offlineAccess: true,
            resource: pair.resource,
            confirmMutations: false,
          },
        ],
        vscode.ConfigurationTarget.Global,
      );
      await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', 'Independent');
      // The runner's harness registers the redirect URI, goes through the provider's login and consent, and sends the tab to the callback.
      const session = await vscode.commands.executeCommand<{ account: string } | undefined>('tenantGraphql.signIn');
      assert.ok(session, 'signed in to the independent provider');
    },
    priority: 'URGENT',
    // graphql-http answers a missing scope with 401 and a GraphQL body (no Bearer challenge).
    missingScope: async () => {
      const doc = await openScratch('graphql', 'query Files {\n  files {\n    name\n  }\n}\n');
      return { arg: { uri: doc.uri }, scope: 'files:read' };
    },
  },
];

/**
 * The same tests on every server of the spec (issue 22): the Sandbox, and a tenant made of
 * independent software configured only (the runner's oidc-provider + graphql-http pair). Each
 * signs in through the extension's URI handler in the real VS Code.
 */
for (const server of servers) {
  (browserIsDriven() ? describe : describe.skip)(`Against ${server.title}`, function () {
    this.timeout(90_000);

    before(async () => {
      await server.signIn();
    });

    after(async () => {
      await configureSandboxEnvironments();
    });

    it('introspects the schema and completes from it', async () => {
      await refreshSchema();
      const doc = await openScratch('graphql', 'query {\n  \n}\n');
      await vscode.window.showTextDocument(doc);
      const tasks = await eventually(async () => {
        const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, new vscode.Position(1, 2));
        return list.items.find((i) => labelOf(i) === 'tasks');
      }, 'completion of tasks');
      assert.equal(tasks.detail, 'TaskConnection!');
    });

    it('runs tasks filtered by priority with a variable', async () => {
      const doc = await openScratch(
        'graphql',
        'query ByPriority($priority: TaskPriority!) {\n  tasks(filter: { priority: $priority }) {\n    edges {\n      node {\n        id\n        name\n        priority\n      }\n    }\n  }\n}\n',
      );
      const outcome = await run({ uri: doc.uri, variables: { priority: server.priority } });
      assert.equal(outcome?.status, 200, outcome?.message);
      assert.equal(outcome.errors, 0);
      const edges = (outcome.data as { tasks: { edges: { node: { priority: string } }[] } }).tasks.edges;
      assert.ok(edges.length > 0, `some ${server.priority} tasks`);
      assert.deepEqual([...new Set(edges.map((e) => e.node.priority))], [server.priority]);
    });

    it("maps a validation error (400, a GraphQL body) to a diagnostic at the server's line and column", async () => {
      const text = 'query Typo {\n  tasks {\n    edges {\n      node {\n        id\n        nmae\n      }\n    }\n  }\n}\n';
      const doc = await openScratch('graphql', text);
      const outcome = await run({ uri: doc.uri });
      assert.equal(outcome?.status, 400, outcome?.message);
      assert.equal(outcome.errors, 1);
      assert.equal(outcome.diagnostics, 1);
      const [d] = vscode.languages.getDiagnostics(doc.uri).filter((x) => x.source === 'GraphQL (server)');
      assert.ok(d, 'a GraphQL (server) diagnostic');
      const at = text.indexOf('nmae');
      assert.deepEqual(d.range, new vscode.Range(doc.positionAt(at), doc.positionAt(at + 4)), 'on the token "nmae"');
      assert.match(d.message, /Cannot query field "nmae" on type "Task"/);
    });

    it('offers to sign in again with the missing scope (401)', async () => {
      const { arg, scope } = await server.missingScope();
      const failed = await run(arg);
      assert.equal(failed?.failure, 'missingScope', failed?.message);
      assert.equal(failed.status, 401);
      assert.match(failed.message ?? '', new RegExp(scope));
    });
  });
}
