import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TenantGraphqlTestApi } from '../../../src/extension';
import type { RunOutcome } from '../../../src/run/runController';
import { eventually, extensionId, instructBrowser, listener, recordedByListener, sandbox } from '../helpers';

const labelOf = (i: vscode.CompletionItem) => (typeof i.label === 'string' ? i.label : i.label.label);

/** Calls a Sandbox's admin endpoint (loopback only, with the key the runner started it with). */
async function adminOf(server: { adminUrl: string; adminKey: string }, path: string, body: unknown): Promise<void> {
  const res = await fetch(`${server.adminUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sandbox-admin-key': server.adminKey },
    body: JSON.stringify(body),
  });
  assert.ok(res.ok, `admin POST ${path} -> ${res.status}`);
}

/**
 * Environment per workspace folder: the runner opens a multi-root workspace of two
 * folders, `alpha` and `beta`, whose own settings choose "Alpha" and "Beta" as their active
 * environment; the person's user settings define both: Alpha at the runner's Sandbox (schema
 * version 1: `Task.dueDate`), Beta at the other Sandbox, reached directly (schema version 2:
 * `Task.dueOn`, task status `BLOCKED`). The recording proxy in front of that Sandbox is a server
 * of its own that no environment of the person names: the folders' own settings point at it. Each folder's documents complete, validate and run against their own
 * environment, with their own session; the account status bar follows the active editor.
 */
describe('Environment per workspace folder (multi-root)', function () {
  this.timeout(120_000);
  let api: TenantGraphqlTestApi;
  let alphaFolder: vscode.WorkspaceFolder;
  let betaFolder: vscode.WorkspaceFolder;
  const query = (field: string) => `query Due {\n  tasks {\n    edges {\n      node {\n        id\n        ${field}\n      }\n    }\n  }\n  me {\n    id\n  }\n}\n`;

  /** Writes a .graphql file into a folder and shows it (the active editor moves to that folder). */
  async function show(folder: vscode.WorkspaceFolder, name: string, text: string): Promise<vscode.TextDocument> {
    const uri = vscode.Uri.joinPath(folder.uri, name);
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    assert.equal(doc.getText(), text, `${folder.name}/${name} holds the text written (a name is reused only with the same text)`);
    return doc;
  }

  const accountShows = (prefix: string) =>
    eventually(
      () => (api.accountStatus().includes(prefix) ? api.accountStatus() : undefined),
      `the account status to show "${prefix}"`,
      15_000,
      () => api.accountStatus(),
    );

  before(async () => {
    const folders = vscode.workspace.workspaceFolders ?? [];
    assert.deepEqual(
      folders.map((f) => f.name),
      ['alpha', 'beta'],
      'the runner opened the two-folder workspace',
    );
    [alphaFolder, betaFolder] = folders as [vscode.WorkspaceFolder, vscode.WorkspaceFolder];
    const sb = sandbox();
    const other = listener();
    const clientId = sb.clients.find((c) => c.type === 'public')!.clientId;
    await adminOf(sb, '/schema', { version: 1 });
    await adminOf(other, '/schema', { version: 2 });
    // The environments are the person's (user settings): no approval needed; the folders' settings only choose one.
    await vscode.workspace.getConfiguration('tenantGraphql').update(
      'environments',
      [
        { name: 'Alpha', authUrl: sb.authUrl, baseUrl: sb.baseUrl, clientId, scopes: ['tasks:read', 'users:read'], confirmMutations: false },
        { name: 'Beta', authUrl: other.direct.authUrl, baseUrl: other.direct.baseUrl, clientId, scopes: ['tasks:read', 'users:read'], confirmMutations: false },
      ],
      vscode.ConfigurationTarget.Global,
    );
    api = (await vscode.extensions.getExtension<TenantGraphqlTestApi | undefined>(extensionId)!.activate())!;
    assert.ok(api, 'the extension exports its test API while the extension host runs tests');
  });

  it("names each folder's environment in the Run lens's tooltip", async () => {
    for (const [folder, name] of [
      [alphaFolder, 'Alpha'],
      [betaFolder, 'Beta'],
    ] as const) {
      const doc = await show(folder, 'lens.graphql', 'query Lens { me { id } }\n');
      const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri, 10);
      const run = lenses.find((l) => l.command?.command === 'tenantGraphql.runOperation');
      assert.equal(run?.command?.tooltip, `Run this query on "${name}"`);
    }
  });

  it('reads each folder its own environment, and the account status bar follows the active editor', async () => {
    await show(alphaFolder, 'status.graphql', '{ me { id } }\n');
    await accountShows('Alpha:');
    await show(betaFolder, 'status.graphql', '{ me { id } }\n');
    await accountShows('Beta:');
    await show(alphaFolder, 'status.graphql', '{ me { id } }\n');
    await accountShows('Alpha:');
  });

  it("signs in to each folder's environment from its own editor: alice on Alpha, bob on Beta", async () => {
    await show(alphaFolder, 'due.graphql', query('dueDate'));
    await accountShows('Alpha:');
    instructBrowser({ consent: 'approve', user: 'alice' });
    const alice = await vscode.commands.executeCommand<{ account: string } | undefined>('tenantGraphql.signIn');
    assert.equal(alice?.account, 'alice');
    await accountShows('Alpha: alice');

    await show(betaFolder, 'due.graphql', query('dueOn'));
    await accountShows('Beta:');
    instructBrowser({ consent: 'approve', user: 'bob' });
    const bob = await vscode.commands.executeCommand<{ account: string } | undefined>('tenantGraphql.signIn');
    assert.equal(bob?.account, 'bob');
    await accountShows('Beta: bob');
    await show(alphaFolder, 'due.graphql', query('dueDate'));
    await accountShows('Alpha: alice');
  });

  it("completes each folder's documents from its own environment's schema", async () => {
    const fieldsAt = async (folder: vscode.WorkspaceFolder, wanted: string) => {
      const doc = await show(folder, 'complete.graphql', '{\n  tasks {\n    edges {\n      node {\n        \n      }\n    }\n  }\n}\n');
      return eventually(
        async () => {
          const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, new vscode.Position(4, 8));
          // The schema's fields, not the words of other open documents (older VS Code adds those to the list).
          const labels = list.items.filter((i) => i.kind !== vscode.CompletionItemKind.Text).map(labelOf);
          return labels.includes(wanted) ? labels : undefined;
        },
        `completion of ${wanted} in ${folder.name}`,
        30_000,
      );
    };
    const alpha = await fieldsAt(alphaFolder, 'dueDate');
    assert.ok(!alpha.includes('dueOn'), `Alpha's schema (version 1) has no dueOn: ${alpha.join(', ')}`);
    const beta = await fieldsAt(betaFolder, 'dueOn');
    assert.ok(!beta.includes('dueDate'), `Beta's schema (version 2) has no dueDate: ${beta.join(', ')}`);
  });

  it("validates each folder's documents against its own environment's schema", async () => {
    // The same text in both folders: each folder's schema knows one of the two fields.
    const text = '{\n  tasks {\n    edges {\n      node {\n        dueDate\n        dueOn\n      }\n    }\n  }\n}\n';
    const unknownIn = async (folder: vscode.WorkspaceFolder, unknown: string, known: string) => {
      const doc = await show(folder, 'validate.graphql', text);
      return eventually(
        () => {
          const messages = vscode.languages
            .getDiagnostics(doc.uri)
            .filter((d) => d.source === 'GraphQL')
            .map((d) => d.message);
          return messages.length === 1 && messages[0]!.includes(unknown) && !messages[0]!.includes(known) ? messages : undefined;
        },
        `exactly one problem, about ${unknown}, in ${folder.name}`,
        30_000,
        () => JSON.stringify(vscode.languages.getDiagnostics(doc.uri).map((d) => d.message)),
      );
    };
    await unknownIn(alphaFolder, 'dueOn', 'dueDate');
    await unknownIn(betaFolder, 'dueDate', 'dueOn');
  });

  it("runs each folder's documents on its own environment with its own session, whichever editor is active", async () => {
    const alphaDoc = await show(alphaFolder, 'due.graphql', query('dueDate'));
    const betaDoc = await show(betaFolder, 'due.graphql', query('dueOn'));
    // Beta's editor is active: Alpha's document still runs on Alpha, as alice.
    await accountShows('Beta: bob');
    const onAlpha = await vscode.commands.executeCommand<RunOutcome | undefined>('tenantGraphql.runOperation', { uri: alphaDoc.uri, operationName: 'Due' });
    assert.equal(onAlpha?.failure, undefined, onAlpha?.message);
    assert.equal(onAlpha?.environment, 'Alpha');
    assert.equal(onAlpha?.errors, 0, "dueDate is a field of Alpha's schema");
    assert.deepEqual((onAlpha?.data as { me: { id: string } }).me.id, 'alice');
    const onBeta = await vscode.commands.executeCommand<RunOutcome | undefined>('tenantGraphql.runOperation', { uri: betaDoc.uri, operationName: 'Due' });
    assert.equal(onBeta?.failure, undefined, onBeta?.message);
    assert.equal(onBeta?.environment, 'Beta');
    assert.equal(onBeta?.errors, 0, "dueOn is a field of Beta's schema");
    assert.deepEqual((onBeta?.data as { me: { id: string } }).me.id, 'bob');
  });

  it("keeps Switch Environment per folder (workspace state, not the folder's settings)", async () => {
    await show(betaFolder, 'due.graphql', query('dueOn'));
    await accountShows('Beta: bob');
    await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', 'Alpha');
    await accountShows('Alpha: alice');
    // Beta's folder now uses Alpha; Alpha's folder is unchanged; the folder's settings file still names Beta.
    await show(alphaFolder, 'due.graphql', query('dueDate'));
    await accountShows('Alpha: alice');
    assert.equal(vscode.workspace.getConfiguration('tenantGraphql', betaFolder.uri).inspect('activeEnvironment')?.workspaceFolderValue, 'Beta');
    const betaDoc = await show(betaFolder, 'switched.graphql', query('dueDate'));
    const outcome = await vscode.commands.executeCommand<RunOutcome | undefined>('tenantGraphql.runOperation', { uri: betaDoc.uri, operationName: 'Due' });
    assert.equal(outcome?.environment, 'Alpha');
    assert.equal(outcome?.errors, 0, "dueDate is a field of Alpha's schema");
    assert.deepEqual((outcome?.data as { me: { id: string } }).me.id, 'alice');
    await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', 'Beta');
    await accountShows('Beta: bob');
  });

  it("runs on another environment chosen among the document's folder's environments, its variables checked against that environment's schema", async () => {
    const proxy = listener();
    const clientId = sandbox().clients.find((c) => c.type === 'public')!.clientId;
    const alphaSettings = vscode.workspace.getConfiguration('tenantGraphql', alphaFolder.uri);
    const before = (await recordedByListener()).length;
    const byStatus = 'query ByStatus($status: TaskStatus) {\n  tasks(filter: { status: $status }) {\n    edges {\n      node {\n        id\n      }\n    }\n  }\n}\n';
    const alphaDoc = await show(alphaFolder, 'blocked.graphql', byStatus);
    const betaDoc = await show(betaFolder, 'blocked.graphql', byStatus);
    // Beta's editor is active; the document is Alpha's (schema version 1: no BLOCKED status).
    await accountShows('Beta: bob');
    const run = (uri: vscode.Uri, environment?: string) =>
      vscode.commands.executeCommand<RunOutcome | undefined>('tenantGraphql.runOperation', { uri, operationName: 'ByStatus', variables: { status: 'BLOCKED' }, environment });
    const onAlpha = await run(alphaDoc.uri);
    assert.equal(onAlpha?.failure, 'invalidVariables', "BLOCKED is no status of Alpha's schema");
    // On Beta (schema version 2), the same variables are checked against Beta's schema, not the document folder's.
    const onBeta = await run(alphaDoc.uri, 'Beta');
    assert.equal(onBeta?.failure, undefined, onBeta?.message);
    assert.equal(onBeta?.environment, 'Beta');
    assert.equal(onBeta?.errors, 0);
    assert.deepEqual((onBeta?.data as { tasks: { edges: unknown[] } }).tasks.edges, [], 'no task is blocked');

    // An environment only the alpha folder's settings define is found for Alpha's documents (not for Beta's), whichever editor is active.
    await alphaSettings.update(
      'environments',
      [{ name: 'Gamma', authUrl: proxy.authUrl, baseUrl: proxy.baseUrl, clientId, scopes: ['tasks:read'] }],
      vscode.ConfigurationTarget.WorkspaceFolder,
    );
    try {
      await show(betaFolder, 'blocked.graphql', byStatus);
      await accountShows('Beta: bob');
      const notInBeta = await run(betaDoc.uri, 'Gamma');
      assert.equal(notInBeta?.failure, 'noEnvironment', notInBeta?.message);
      // Found: a repository's environment, so the person is asked first (VS Code answers Cancel in extension tests): not run.
      assert.equal(await run(alphaDoc.uri, 'Gamma'), undefined, 'declined: not run');
      assert.deepEqual((await recordedByListener()).slice(before), [], "nothing went to the server the folder's settings name");
    } finally {
      await alphaSettings.update('environments', undefined, vscode.ConfigurationTarget.WorkspaceFolder);
    }
  });

  it("offers the document's folder's other signed-in environments for Run on Another Environment and Compare, whichever editor is active", async () => {
    const alphaDoc = await show(alphaFolder, 'compare.graphql', 'query Who {\n  me {\n    id\n  }\n}\n');
    const base = await vscode.commands.executeCommand<RunOutcome | undefined>('tenantGraphql.runOperation', { uri: alphaDoc.uri, operationName: 'Who' });
    assert.equal(base?.environment, 'Alpha', base?.message);
    // Beta's editor is active: the run's document is Alpha's, so Beta is the other environment to offer (not Alpha, the active editor's other one).
    await show(betaFolder, 'compare.graphql', 'query Who {\n  me {\n    id\n  }\n}\n');
    await accountShows('Beta: bob');
    let done = false;
    const pending = Promise.resolve(
      vscode.commands.executeCommand<{ left: string; right: string } | undefined>('tenantGraphql.runOnAnotherEnvironmentAndCompare', { runId: base.runId }),
    ).finally(() => (done = true));
    // Like a person pressing Enter on the first environment offered (a hang guard of 30 s: an empty list would never close).
    const deadline = Date.now() + 30_000;
    while (!done && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 300));
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    }
    if (!done) {
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    }
    const opened = await pending;
    assert.ok(opened, 'the diff of the two runs');
    const rows = await api.run.historyRows();
    const otherId = vscode.Uri.parse(opened.right).path.split('/')[1];
    const other = rows.flatMap((g) => g.children ?? []).find((r) => r.runId === otherId);
    assert.match(other?.description ?? '', /(^| · )Beta( · |$)/, 'the second run went to Beta');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it("sends nothing to a server a folder's own settings name until you allow it, while the other folder works on", async () => {
    const proxy = listener();
    const clientId = sandbox().clients.find((c) => c.type === 'public')!.clientId;
    const alphaSettings = vscode.workspace.getConfiguration('tenantGraphql', alphaFolder.uri);
    const before = (await recordedByListener()).length;
    // The repository's alpha folder redefines "Alpha" at a server of its own, which records every request it gets
    // (no environment of the person's names it: no session, schema or approval of anybody's covers it).
    await alphaSettings.update(
      'environments',
      [{ name: 'Alpha', authUrl: proxy.authUrl, baseUrl: proxy.baseUrl, clientId, scopes: ['tasks:read', 'users:read'] }],
      vscode.ConfigurationTarget.WorkspaceFolder,
    );
    try {
      const alphaDoc = await show(alphaFolder, 'due.graphql', query('dueDate'));
      await accountShows('Alpha:');
      // In extension tests VS Code answers the modal question with Cancel: the person declines, to the run and to signing in there.
      const outcome = await vscode.commands.executeCommand<RunOutcome | undefined>('tenantGraphql.runOperation', { uri: alphaDoc.uri, operationName: 'Due' });
      assert.equal(outcome, undefined, 'declined: not run');
      instructBrowser({ consent: 'approve', user: 'alice' });
      assert.equal(await vscode.commands.executeCommand('tenantGraphql.signIn'), undefined, 'declined: not signed in');
      const refreshed = await vscode.commands.executeCommand<{ ok: boolean }>('tenantGraphql.refreshSchema');
      assert.equal(refreshed?.ok, false, 'no schema from a server not allowed');
      // Beta, the person's own environment, still runs.
      const betaDoc = await show(betaFolder, 'due.graphql', query('dueOn'));
      const onBeta = await vscode.commands.executeCommand<RunOutcome | undefined>('tenantGraphql.runOperation', { uri: betaDoc.uri, operationName: 'Due' });
      assert.equal(onBeta?.environment, 'Beta');
      assert.deepEqual((onBeta?.data as { me: { id: string } }).me.id, 'bob');
      assert.deepEqual((await recordedByListener()).slice(before), [], "the server the folder's settings name received nothing at all");
    } finally {
      await alphaSettings.update('environments', undefined, vscode.ConfigurationTarget.WorkspaceFolder);
    }
  });
});
