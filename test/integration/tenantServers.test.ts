import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunOutcome } from '../../src/run/runController';
import {
  admin,
  configureSandboxEnvironments,
  eventually,
  extensionId,
  freeLoopbackPort,
  instructBrowser,
  openScratch,
  refreshSchema,
  sandbox,
  signInToSandbox,
  workspaceRoot,
} from './helpers';

const run = (arg?: unknown) => vscode.commands.executeCommand<RunOutcome | undefined>('tenantGraphql.runOperation', arg);
const labelOf = (i: vscode.CompletionItem) => (typeof i.label === 'string' ? i.label : i.label.label);

interface InteropInfo {
  url: string;
  /** The runner's control endpoint of the pair (scripts/interopServer.ts). */
  control: string;
  clientId: string;
  resource: string;
  /** The confidential client a tenant admin registered for Client Credentials, and its secret. */
  teamClientId: string;
  teamSecret: string;
}

/** The independent pair the runner started (test/contract/interop/servers.ts): oidc-provider + graphql-http on one origin. */
function interop(): InteropInfo {
  const raw = process.env.TENANT_GRAPHQL_TEST_INTEROP;
  if (!raw) {
    throw new Error('The runner did not pass TENANT_GRAPHQL_TEST_INTEROP.');
  }
  return JSON.parse(raw) as InteropInfo;
}

/** What the pair's token endpoint granted so far, by grant type, and the redirect URI each sign-in asked for. */
async function interopStats(): Promise<{ grants: Record<string, number | undefined>; redirectUris: string[] }> {
  const res = await fetch(`${interop().control}/stats`);
  return (await res.json()) as { grants: Record<string, number>; redirectUris: string[] };
}

type SandboxStats = { token: { refresh_token: number; client_credentials: number } };
const sandboxStats = async () => (await admin('/stats')) as SandboxStats;

/** One server of the spec: how to be signed in there, and what its data and scopes are. */
interface TenantServer {
  readonly title: string;
  /** Signs in through the extension's real URI-handler path, leaving this server's environment active. */
  signIn(): Promise<void>;
  /** A priority some of its tasks have. */
  readonly priority: string;
  /** A run that needs a scope the session lacks, and that scope. */
  missingScope(): Promise<{ arg: unknown; scope: string }>;
  /** Makes the server take the access token the extension holds for expired: the next request gets a 401. */
  expireAccessToken(): Promise<void>;
  /** How many refresh_token and client_credentials grants the server's token endpoint answered so far. */
  grants(): Promise<{ refresh: number; clientCredentials: number }>;
  /** The environment of its confidential client (Client Credentials), configured, and the client's secret. */
  readonly team: { environment: string; secret: () => string };
  /** Its environment with `"redirectMode": "loopback"` (configured by signIn), and the environment the other tests use. */
  readonly loopback: { environment: string; back: string };
  /** The redirect URI the last sign-in asked for, where the server records it. */
  lastRedirectUri?(): Promise<string | undefined>;
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
    // The Sandbox's clock, two hours on: its tokens (an hour's) have expired there.
    expireAccessToken: async () => {
      await admin('/clock', { advanceMs: 2 * 3600_000 });
    },
    grants: async () => {
      const { token } = await sandboxStats();
      return { refresh: token.refresh_token, clientCredentials: token.client_credentials };
    },
    team: { environment: 'Sandbox (team)', secret: () => sandbox().clients.find((c) => c.type === 'confidential')!.clientSecret! },
    loopback: { environment: 'Sandbox (loopback)', back: 'Sandbox' },
  },
  {
    title: 'an independent pair (oidc-provider + graphql-http)',
    signIn: async () => {
      await vscode.extensions.getExtension(extensionId)!.activate();
      const pair = interop();
      const config = vscode.workspace.getConfiguration('tenantGraphql');
      const mine = (config.inspect<unknown[]>('environments')?.globalValue ?? []).filter((e) => !String((e as { name?: string }).name).startsWith('Independent'));
      // What a tenant admin tells the person: the addresses, the client, the API's resource; offline access for a refresh token.
      const client = { authUrl: pair.url, baseUrl: pair.url, clientId: pair.clientId, scopes: ['tasks:read'], offlineAccess: true, resource: pair.resource };
      await config.update(
        'environments',
        [
          ...mine,
          { name: 'Independent', ...client, confirmMutations: false },
          // The same client through a loopback redirect (the runner's harness registers each redirect URI, as for the URI handler's).
          {
            name: 'Independent (loopback)',
            ...client,
            redirectMode: 'loopback',
            loopbackPort: await freeLoopbackPort(),
          },
          // The confidential client the tenant admin registered for team tokens.
          {
            name: 'Independent (team)',
            authUrl: pair.url,
            baseUrl: pair.url,
            clientId: pair.teamClientId,
            clientType: 'confidential',
            scopes: ['tasks:read'],
            resource: pair.resource,
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
    // The provider issues with the real clock: the API takes the tokens it has seen for expired (401 invalid_token), as once their exp passed.
    expireAccessToken: async () => {
      const res = await fetch(`${interop().control}/expire-access-tokens`, { method: 'POST' });
      assert.ok(res.ok, `expire-access-tokens -> ${res.status}`);
    },
    grants: async () => {
      const { grants } = await interopStats();
      return { refresh: grants.refresh_token ?? 0, clientCredentials: grants.client_credentials ?? 0 };
    },
    team: { environment: 'Independent (team)', secret: () => interop().teamSecret },
    loopback: { environment: 'Independent (loopback)', back: 'Independent' },
    lastRedirectUri: async () => (await interopStats()).redirectUris.at(-1),
  },
];

/**
 * The same tests on every server of the spec: the Sandbox, and a tenant made of
 * independent software configured only (the runner's oidc-provider + graphql-http pair). Each
 * signs in through the extension's URI handler in the real VS Code.
 */
for (const server of servers) {
  describe(`Against ${server.title}`, function () {
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

    it('refreshes an expired access token after the 401, twice: the rotated refresh token is the one kept', async () => {
      const doc = await openScratch('graphql', 'query Some {\n  tasks {\n    edges {\n      node {\n        id\n      }\n    }\n  }\n}\n');
      for (const round of [1, 2]) {
        const before = (await server.grants()).refresh;
        await server.expireAccessToken();
        const outcome = await run({ uri: doc.uri });
        assert.equal(outcome?.status, 200, `round ${round}: ${outcome?.message}`);
        assert.equal(outcome.errors, 0);
        // Both servers rotate refresh tokens: the second round works only with the refresh token the first one returned.
        assert.ok((await server.grants()).refresh > before, `round ${round}: refreshed at the server`);
      }
    });

    it('gets a team token with Client Credentials for its confidential client and runs with it', async () => {
      assert.equal(await vscode.commands.executeCommand('tenantGraphql.setClientSecret', server.team.environment, server.team.secret()), true);
      const before = (await server.grants()).clientCredentials;
      const team = await vscode.commands.executeCommand<{ id: string } | undefined>('tenantGraphql.signInAsTeam', server.team.environment);
      assert.ok(team, 'a team session');
      try {
        assert.equal((await server.grants()).clientCredentials, before + 1, 'one client_credentials grant');
        const doc = await openScratch('graphql', 'query TeamTasks {\n  tasks {\n    edges {\n      node {\n        id\n      }\n    }\n  }\n}\n');
        const outcome = await run({ uri: doc.uri, environment: server.team.environment });
        assert.equal(outcome?.status, 200, outcome?.message);
        assert.equal(outcome.environment, server.team.environment);
        assert.equal(outcome.errors, 0);
      } finally {
        await vscode.commands.executeCommand('tenantGraphql.signOut', team.id);
      }
    });

    it('offers to sign in again with the missing scope (401)', async () => {
      const { arg, scope } = await server.missingScope();
      const failed = await run(arg);
      assert.equal(failed?.failure, 'missingScope', failed?.message);
      assert.equal(failed.status, 401);
      assert.match(failed.message ?? '', new RegExp(scope));
    });

    it('signs in through the loopback redirect and runs there', async () => {
      await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', server.loopback.environment);
      let session: { id: string; environment: string; account: string } | undefined;
      try {
        instructBrowser({ consent: 'approve', user: 'carol' });
        session = await vscode.commands.executeCommand<{ id: string; environment: string; account: string } | undefined>('tenantGraphql.signIn');
        assert.equal(session?.environment, server.loopback.environment);
        assert.ok(session.account, 'an account');
        if (server.lastRedirectUri) {
          const configured = vscode.workspace
            .getConfiguration('tenantGraphql')
            .get<{ name: string; loopbackPort?: number }[]>('environments')
            ?.find((e) => e.name === server.loopback.environment)?.loopbackPort;
          assert.equal(await server.lastRedirectUri(), `http://127.0.0.1:${configured}/auth-callback`, 'the loopback redirect URI');
        }
        const doc = await openScratch('graphql', 'query Loopback {\n  tasks {\n    edges {\n      node {\n        id\n      }\n    }\n  }\n}\n');
        const outcome = await run({ uri: doc.uri });
        assert.equal(outcome?.status, 200, outcome?.message);
        assert.equal(outcome.environment, server.loopback.environment);
      } finally {
        // The same server and client as the other tests' environment: this session goes, theirs stays.
        if (session) {
          await vscode.commands.executeCommand('tenantGraphql.signOut', session.id);
        }
        await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', server.loopback.back);
      }
    });
  });
}
