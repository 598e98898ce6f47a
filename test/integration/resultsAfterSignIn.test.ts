import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { configureSandboxEnvironments, extensionId, freeLoopbackPort, instructBrowser, openScratch, resultsApi } from './helpers';
import { RESULTS_VIEW_TYPE } from '../../src/shared/resultsMessages';

/** What tenantGraphql.runOperation resolves to (the part this suite needs). */
interface Outcome {
  runId: string;
  status?: number;
}

/** The independent pair the runner started (scripts/interopServer.ts). */
interface InteropInfo {
  url: string;
  clientId: string;
  resource: string;
}

const run = (arg?: unknown) => vscode.commands.executeCommand<Outcome | undefined>('tenantGraphql.runOperation', arg);

/** Lines the code-server runner prints (TEST_OUTPUT_MARKER of index.ts). */
const TEST_LOG = '\u2063[tgq-test] ';

/** How long after the sign-in tab closed the first run came in the failing reports. */
const AFTER_SIGN_IN_MS = 9000;

function interop(): InteropInfo {
  const raw = process.env.TENANT_GRAPHQL_TEST_INTEROP;
  assert.ok(raw, 'the runner passes the independent pair');
  return JSON.parse(raw) as InteropInfo;
}

async function signOutOf(environment: string): Promise<void> {
  await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', environment);
  while ((await vscode.commands.executeCommand<unknown>('tenantGraphql.showAccount')) !== undefined) {
    await vscode.commands.executeCommand('tenantGraphql.signOut');
  }
}

/** The open results panels' tabs. */
function resultsTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith(RESULTS_VIEW_TYPE));
}

/** A result document (the fallback view) open in an editor, with the text of the run `runId`'s answer. */
function resultDocument(runId: string): vscode.TextDocument | undefined {
  return vscode.window.visibleTextEditors.map((e) => e.document).find((d) => d.uri.scheme === 'tenant-graphql-result' && d.uri.path.includes(runId));
}

/**
 * Waits until the run's result is shown: rendered by the results page, or opened as the result
 * document beside the editor. Says which (the stress loop counts how often the page did it).
 */
async function resultShown(runId: string): Promise<'panel' | 'document'> {
  const api = await resultsApi();
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (api.info().rendered?.runId === runId) {
      return 'panel';
    }
    if (resultDocument(runId)) {
      return 'document';
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const { trace, ...info } = api.info();
  assert.fail(`the result of ${runId} is not shown: ${JSON.stringify({ ...info, html: undefined })}\npanel life:\n  ${trace.join('\n  ')}`);
}

/** One tenant: how to put its environment in place, and a query to run there. */
interface Tenant {
  readonly title: string;
  readonly environment: string;
  configure(): Promise<void>;
  readonly query: string;
}

const tenants: Tenant[] = [
  {
    title: 'the Sandbox',
    environment: 'Sandbox',
    configure: () => configureSandboxEnvironments(),
    query: 'query CriticalTasks {\n  tasks {\n    edges {\n      node {\n        id\n        name\n      }\n    }\n  }\n}\n',
  },
  {
    title: 'an independent pair (loopback redirect)',
    environment: 'Independent (loopback)',
    configure: async () => {
      await configureSandboxEnvironments();
      const pair = interop();
      const config = vscode.workspace.getConfiguration('tenantGraphql');
      const mine = config.inspect<unknown[]>('environments')?.globalValue ?? [];
      await config.update(
        'environments',
        [
          ...mine,
          {
            name: 'Independent (loopback)',
            authUrl: pair.url,
            baseUrl: pair.url,
            clientId: pair.clientId,
            scopes: ['tasks:read'],
            resource: pair.resource,
            redirectMode: 'loopback',
            loopbackPort: await freeLoopbackPort(),
          },
        ],
        vscode.ConfigurationTarget.Global,
      );
    },
    query: 'query CriticalTasks {\n  tasks {\n    edges {\n      node {\n        id\n      }\n    }\n  }\n}\n',
  },
];

/**
 * The sequence of the blank results page in a browser VS Code: sign in (the tab goes through the
 * one-shot page on code-server's origin), the person closes the tab, about 9 s later the first run.
 * Each of these is the first webview of its window when run alone (the stress loop greps for it).
 */
describe('Results after a sign-in whose tab the person closed', function () {
  this.timeout(120_000);

  after(async () => {
    instructBrowser({ closeTab: false });
    await configureSandboxEnvironments();
  });

  for (const tenant of tenants) {
    it(`${tenant.title}: sign in, close the tab, run: the result is shown`, async () => {
      await vscode.extensions.getExtension(extensionId)!.activate();
      await tenant.configure();
      await signOutOf(tenant.environment);
      instructBrowser({ consent: 'approve', user: 'alice', closeTab: true });
      const session = await vscode.commands.executeCommand<{ account: string } | undefined>('tenantGraphql.signIn');
      assert.ok(session, `signed in to ${tenant.title}`);
      await new Promise((r) => setTimeout(r, AFTER_SIGN_IN_MS));
      for (const tab of resultsTabs()) {
        await vscode.window.tabGroups.close(tab);
      }
      const doc = await openScratch('graphql', tenant.query);
      const outcome = await run({ uri: doc.uri });
      assert.equal(outcome?.status, 200);
      const how = await resultShown(outcome.runId);
      console.log(`${TEST_LOG}      (${tenant.title}: shown in the ${how})`);
      const info = (await resultsApi()).info();
      console.log(`${TEST_LOG}      panel life: ${info.trace.slice(-12).join(' | ')}`);
    });
  }
});
