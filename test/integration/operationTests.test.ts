import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { TenantGraphqlTestApi } from '../../src/extension';
import type { RecordedRun } from '../../src/testing/testApi';
import { admin, configureSandboxEnvironments, eventually, extensionId, refreshSchema, sandbox, signInToSandbox, workspaceRoot, writeFile as writeWorkspaceFile } from './helpers';

const DOCUMENT = `query UrgentTasks($priority: TaskPriority!) {
  tasks(filter: { priority: $priority }, first: 10) {
    edges { node { id name priority } }
  }
}
`;
/** One case that passes on the Sandbox and one that fails at its second assertion (line 11). */
const TESTS = `{
  "UrgentTasks": [
    {
      "name": "passes",
      "variables": { "priority": "HIGH" },
      "assert": [{ "noErrors": true }, { "status": 200 }, { "path": "$.data.tasks.edges", "type": "array" }]
    },
    {
      "name": "fails",
      "variables": { "priority": "HIGH" },
      "assert": [{ "noErrors": true },
        { "path": "$.data.tasks.edges", "length": 99 }]
    }
  ]
}
`;

/** A folder for the command line: its settings name the Sandbox (the CLI reads `.vscode/settings.json` of its working folder). */
async function cliFolder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'tg-tests-'));
  const sb = sandbox();
  await mkdir(join(dir, '.vscode'));
  await writeFile(
    join(dir, '.vscode', 'settings.json'),
    JSON.stringify({ 'tenantGraphql.environments': [{ name: 'Sandbox', authUrl: sb.authUrl, baseUrl: sb.baseUrl, clientId: 'tenant-graphql-vscode', scopes: ['tasks:read'] }] }),
  );
  return dir;
}

/** Runs the packaged command line (dist/cli.js) in `cwd` with the Sandbox's confidential client in its environment. */
function runCli(cwd: string, args: string[]): Promise<{ code: number | null; stdout: string }> {
  const conf = sandbox().clients.find((c) => c.type === 'confidential')!;
  const cli = join(vscode.extensions.getExtension(extensionId)!.extensionPath, 'dist', 'cli.js');
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cli, ...args],
      { cwd, env: { ...process.env, ELECTRON_RUN_AS_NODE: '1', TENANT_GRAPHQL_CLIENT_ID: conf.clientId, TENANT_GRAPHQL_CLIENT_SECRET: conf.clientSecret }, timeout: 60_000 },
      (err, out) => resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, stdout: out }),
    );
  });
}

describe('Operations as tests: the command line', () => {
  let dir: string;
  before(async () => {
    dir = await cliFolder();
    await writeFile(join(dir, 'tasks.graphql'), DOCUMENT);
    await writeFile(join(dir, 'tasks.graphql.test.json'), TESTS);
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('runs the cases against the Sandbox with the confidential client: one passed, one failed at its line, exit 1, JUnit written', async () => {
    const { code, stdout } = await runCli(dir, ['test', '--env', 'Sandbox', '--junit', 'out/junit.xml']);
    assert.equal(code, 1, stdout);
    assert.match(stdout, /✓ UrgentTasks › passes/);
    assert.match(stdout, /✗ UrgentTasks › fails/);
    assert.match(stdout, /at tasks\.graphql\.test\.json:12:9/);
    assert.match(stdout, /2 cases: 1 passed, 1 failed, 0 errored/);
    const junit = await readFile(join(dir, 'out', 'junit.xml'), 'utf8');
    assert.match(junit, /<testsuites name="tenant-graphql" tests="2" failures="1" errors="0"/);
  });

  it('exits 2 with a sentence without credentials', async () => {
    const cli = join(vscode.extensions.getExtension(extensionId)!.extensionPath, 'dist', 'cli.js');
    const env: NodeJS.ProcessEnv = { ...process.env, ELECTRON_RUN_AS_NODE: '1' };
    delete env.TENANT_GRAPHQL_CLIENT_SECRET;
    delete env.TENANT_GRAPHQL_TOKEN;
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(process.execPath, [cli, 'test'], { cwd: dir, env, timeout: 60_000 }, (err, _out, errText) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, stderr: errText }),
      );
    });
    assert.equal(code, 2);
    assert.match(stderr, /No credentials: set TENANT_GRAPHQL_CLIENT_SECRET/);
  });
});

describe('Operations as tests: the Testing view', () => {
  let folder: vscode.Uri;
  let cliDir: string;
  let api: TenantGraphqlTestApi['testing'];
  before(async () => {
    await signInToSandbox('alice');
    api = (await vscode.extensions.getExtension<TenantGraphqlTestApi | undefined>(extensionId)!.activate())!.testing;
    folder = vscode.Uri.joinPath(workspaceRoot(), 'operation-tests');
    await writeWorkspaceFile(vscode.Uri.joinPath(folder, 'tasks.graphql'), DOCUMENT);
    await writeWorkspaceFile(vscode.Uri.joinPath(folder, 'tasks.graphql.test.json'), TESTS);
    cliDir = await cliFolder();
  });
  after(async () => {
    await vscode.workspace.fs.delete(folder, { recursive: true });
    await rm(cliDir, { recursive: true, force: true });
  });

  it('runs a passing and a failing case from the view (Run All), the failure at its assertion with the diff; the command line gives the same verdicts', async () => {
    const testFile = vscode.Uri.joinPath(folder, 'tasks.graphql.test.json');
    const caseId = (operation: string, name: string) => `${testFile.toString()}#${operation}/${name}`;
    // The file appears in the controller's tree: file, operation, cases at their objects' lines (0-based).
    const fileItem = await eventually(
      () => api.items().find((i) => i.id === testFile.toString()),
      'the test file in the Testing view',
      15_000,
      async () => `items ${JSON.stringify(api.items())}, test files ${JSON.stringify((await vscode.workspace.findFiles('**/*.test.json')).map((u) => u.path))}`,
    );
    assert.equal(fileItem.label, 'tasks.graphql');
    assert.deepEqual(
      fileItem.children.map((op) => [op.label, op.children.map((c) => [c.label, c.line])]),
      [
        [
          'UrgentTasks',
          [
            ['passes', 2],
            ['fails', 7],
          ],
        ],
      ],
    );
    const before = api.runs().length;
    // As a person does: Run All Tests (the default profile, the active environment's).
    await vscode.commands.executeCommand('testing.runAll');
    const run = await eventually(
      () =>
        api
          .runs()
          .slice(before)
          .find((r) => r.ended && r.results.some((x) => x.id.startsWith(testFile.toString()))),
      'the run of the test file to end',
      60_000,
      () => JSON.stringify(api.runs().slice(before)),
    );
    const ours = run.results.filter((r) => r.id.startsWith(testFile.toString()));
    assert.deepEqual(
      ours.map((r) => [r.id, r.state]),
      [
        [caseId('UrgentTasks', 'passes'), 'passed'],
        [caseId('UrgentTasks', 'fails'), 'failed'],
      ],
    );
    assert.deepEqual(ours[0].messages, []);
    // One message, at the failing assertion (line 12, column 9 of the file), with expected and actual for the diff.
    assert.equal(ours[1].messages.length, 1, JSON.stringify(ours[1].messages));
    const { message, expected, actual, uri, line, character } = ours[1].messages[0];
    assert.match(actual ?? '', /^\d+$/);
    assert.deepEqual(
      { message, expected, uri, line, character },
      { message: `$.data.tasks.edges has length ${actual}, expected 99.`, expected: '99', uri: testFile.toString(), line: 11, character: 8 },
    );

    // The command line on the same files: the same verdicts and counts.
    const { code, stdout } = await runCli(cliDir, ['test', folder.fsPath, '--env', 'Sandbox']);
    assert.equal(code, 1, stdout);
    const cliVerdicts = [...stdout.matchAll(/^ {2}([✓✗]) UrgentTasks › (\w+)/gmu)].map((m) => [m[2], m[1] === '✓' ? 'passed' : 'failed']);
    assert.deepEqual(
      cliVerdicts,
      ours.map((r) => [r.label, r.state]),
    );
    const counts = (state: string) => ours.filter((r) => r.state === state).length;
    // The failure at the same place (the actual length may differ: the CLI is the confidential client, the view alice).
    assert.match(stdout, /tasks\.graphql\.test\.json:12:9\n +expected: 99\n/);
    assert.match(stdout, new RegExp(`2 cases: ${counts('passed')} passed, ${counts('failed')} failed, ${counts('errored')} errored`));
  });
});

describe('Operations as tests: Update Snapshot', () => {
  let folder: vscode.Uri;
  before(async () => {
    await signInToSandbox('alice');
    folder = vscode.Uri.joinPath(workspaceRoot(), 'snapshot-tests');
    await writeWorkspaceFile(
      vscode.Uri.joinPath(folder, 'urgent.graphql'),
      'query Urgent {\n  tasks(filter: { priority: HIGH }, first: 3) {\n    edges { node { id name } }\n  }\n}\n',
    );
    await writeWorkspaceFile(
      vscode.Uri.joinPath(folder, 'urgent.graphql.test.json'),
      '{\n  "Urgent": [\n    {\n      "name": "as before",\n      "assert": [{ "snapshot": { "ignore": ["$..id"] } }]\n    }\n  ]\n}\n',
    );
  });
  after(async () => {
    await admin('/schema', { version: 1 });
    await refreshSchema();
    await vscode.workspace.fs.delete(folder, { recursive: true });
  });

  it('saves the answer into the snapshot assertion (ids ignored) with the schema version, the next run passes, and a new schema version makes it a warning at its line', async () => {
    const api = (await vscode.extensions.getExtension<TenantGraphqlTestApi | undefined>(extensionId)!.activate())!.testing;
    const testFile = vscode.Uri.joinPath(folder, 'urgent.graphql.test.json');
    const id = `${testFile.toString()}#Urgent/as%20before`;
    const item = await eventually(
      () => api.item(id),
      'the case in the Testing view',
      15_000,
      () => JSON.stringify(api.items()),
    );
    const before = api.runs().length;
    // The item's context action in the Testing view.
    await vscode.commands.executeCommand('tenantGraphql.tests.updateSnapshot', item);
    const update = await eventually(
      () =>
        api
          .runs()
          .slice(before)
          .find((r) => r.ended && r.results.some((x) => x.id === id)),
      'the Update Snapshot run to end',
      60_000,
      () => JSON.stringify(api.runs().slice(before)),
    );
    assert.equal(update.name, 'Update Snapshot');
    const saved = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(testFile))) as {
      Urgent: [{ assert: [{ snapshot: { ignore: string[]; value: { data: { tasks: { edges: { node: Record<string, unknown> }[] } } }; of: string; schema: string } }] }];
    };
    const snapshot = saved.Urgent[0].assert[0].snapshot;
    assert.deepEqual(snapshot.ignore, ['$..id']);
    assert.match(snapshot.of, /\S/);
    // The version of the schema it was taken on (the environment's, as loaded).
    assert.match(snapshot.schema, /^[0-9a-f]{12}$/);
    const nodes = snapshot.value.data.tasks.edges.map((e) => e.node);
    assert.ok(nodes.length > 0, JSON.stringify(snapshot));
    assert.ok(
      nodes.every((n) => typeof n.name === 'string' && !('id' in n)),
      JSON.stringify(nodes),
    );

    const next = api.runs().length;
    await vscode.commands.executeCommand('testing.runAll');
    const rerun = await eventually(
      () =>
        api
          .runs()
          .slice(next)
          .find((r) => r.ended && r.results.some((x) => x.id === id)),
      'the run after the update to end',
      60_000,
      () => JSON.stringify(api.runs().slice(next)),
    );
    assert.deepEqual(
      rerun.results.filter((r) => r.id === id).map((r) => [r.state, r.messages]),
      [['passed', []]],
    );
    assert.deepEqual(
      vscode.languages.getDiagnostics(testFile).filter((d) => d.source === 'Tenant GraphQL tests'),
      [],
    );

    // The Service's schema changes: the snapshot is now from another schema version, told at its "schema" line.
    await admin('/schema', { version: 2 });
    await refreshSchema();
    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(testFile));
    const line = text.split('\n').findIndex((l) => l.includes(`"schema": "${snapshot.schema}"`));
    const warning = await eventually(
      () => vscode.languages.getDiagnostics(testFile).find((d) => d.source === 'Tenant GraphQL tests'),
      'the warning of the snapshot taken on another schema version',
      15_000,
      () => JSON.stringify(vscode.languages.getDiagnostics(testFile)),
    );
    assert.equal(warning.severity, vscode.DiagnosticSeverity.Warning);
    assert.equal(warning.range.start.line, line);
    assert.match(
      warning.message,
      new RegExp(
        `^The snapshot of "Urgent › as before" was taken on another version of the schema of "Sandbox" \\(${snapshot.schema}, now [0-9a-f]{12}\\): check that its answer still holds, then run "Update Snapshot"`,
      ),
    );
  });
});

/**
 * Continuous run: a person turns it on for a test file in the Testing view; VS Code then calls the
 * profile's run handler with a continuous request (here called the same way: VS Code's own "Start
 * Continuous Run" asks with a quick pick which of the environments' profiles). Saving the GraphQL
 * document runs the file's cases again, against the document as saved.
 */
describe('Operations as tests: continuous run on save', () => {
  let folder: vscode.Uri;
  let api: TenantGraphqlTestApi['testing'];
  /** Selects no `name`: the case fails until the document, saved, does. */
  const withoutName = 'query Urgent {\n  tasks(filter: { priority: HIGH }, first: 1) {\n    edges { node { id } }\n  }\n}\n';
  before(async () => {
    await signInToSandbox('alice');
    api = (await vscode.extensions.getExtension<TenantGraphqlTestApi | undefined>(extensionId)!.activate())!.testing;
    folder = vscode.Uri.joinPath(workspaceRoot(), 'continuous-tests');
    await writeWorkspaceFile(vscode.Uri.joinPath(folder, 'urgent.graphql'), withoutName);
    await writeWorkspaceFile(
      vscode.Uri.joinPath(folder, 'urgent.graphql.test.json'),
      '{\n  "Urgent": [\n    { "name": "has a name", "assert": [{ "path": "$.data.tasks.edges[0].node.name", "type": "string" }] }\n  ]\n}\n',
    );
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(folder, { recursive: true });
  });

  it('runs the cases of a test file again when its .graphql document is saved', async () => {
    const testFile = vscode.Uri.joinPath(folder, 'urgent.graphql.test.json');
    const caseId = `${testFile.toString()}#Urgent/has%20a%20name`;
    const fileItem = await eventually(
      () => api.item(testFile.toString()),
      'the test file in the Testing view',
      15_000,
      () => JSON.stringify(api.items()),
    );
    const profile = api.profiles().find((p) => p.label === 'Run on Sandbox');
    assert.ok(
      profile,
      api
        .profiles()
        .map((p) => p.label)
        .join(', '),
    );
    assert.equal(profile.supportsContinuousRun, true);
    const continuous = new vscode.CancellationTokenSource();
    try {
      const started = api.runs().length;
      // Turning it on runs nothing yet: the next save does.
      await profile.runHandler(new vscode.TestRunRequest([fileItem], undefined, profile, true), continuous.token);
      assert.equal(api.runs().length, started);

      const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder, 'urgent.graphql'));
      const editor = await vscode.window.showTextDocument(document);
      const at = document.getText().indexOf('node { id }') + 'node { id'.length;
      assert.ok(await editor.edit((e) => e.insert(document.positionAt(at), ' name')));
      assert.ok(await document.save());
      const rerun = await eventually(
        () =>
          api
            .runs()
            .slice(started)
            .find((r) => r.ended && r.results.some((x) => x.id === caseId)),
        'the continuous run after the save',
        60_000,
        () => JSON.stringify(api.runs().slice(started)),
      );
      assert.deepEqual(
        rerun.results.map((r) => [r.id, r.state, r.messages]),
        [[caseId, 'passed', []]],
      );
    } finally {
      continuous.cancel();
      continuous.dispose();
    }
  });
});

/**
 * Mutations in tests follow the run's guards: refused on a read-only environment (nothing sent), and
 * on an environment that asks, asked once per run however many mutation cases the run has. In
 * extension tests VS Code refuses to show the modal question (it throws): the run takes that as not
 * confirmed, with the reason. Answering it, through the real dialog, is the main job's (test/e2e).
 */
describe('Operations as tests: mutations follow the guards', () => {
  let folder: vscode.Uri;
  let api: TenantGraphqlTestApi['testing'];
  const config = () => vscode.workspace.getConfiguration('tenantGraphql');
  const graphqlRequests = async () => ((await admin('/stats')) as { graphql: number }).graphql;
  /** Three mutation cases over two operations (alice has no tasks:write: a case sent would answer 401). */
  const tests = `{
  "CreateOne": [
    { "name": "first", "assert": [{ "noErrors": true }] },
    { "name": "second", "assert": [{ "noErrors": true }] }
  ],
  "CreateTwo": [
    { "name": "third", "assert": [{ "noErrors": true }] }
  ]
}
`;

  /** Adds a user-level environment on the Sandbox (alice's session serves it), makes it active, and waits for its schema. */
  async function useEnvironment(fields: Record<string, unknown>): Promise<void> {
    const sb = sandbox();
    const pub = sb.clients.find((c) => c.type === 'public')!;
    const mine = config().inspect<unknown[]>('environments')?.globalValue ?? [];
    await config().update(
      'environments',
      [...mine, { authUrl: sb.authUrl, baseUrl: sb.baseUrl, clientId: pub.clientId, scopes: ['tasks:read'], ...fields }],
      vscode.ConfigurationTarget.Global,
    );
    assert.equal(await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', fields.name), fields.name);
    // Joins the switch's own introspection: nothing else is in flight when the requests are counted.
    await vscode.commands.executeCommand('tenantGraphql.refreshSchema');
  }

  /** Runs the test file on the environment's profile ("Run on <name>") and returns the run. */
  async function runOn(name: string): Promise<RecordedRun> {
    const testFile = vscode.Uri.joinPath(folder, 'create.graphql.test.json');
    const fileItem = await eventually(
      () => api.item(testFile.toString()),
      'the test file in the Testing view',
      15_000,
      () => JSON.stringify(api.items()),
    );
    const profile = await eventually(
      () => api.profiles().find((p) => p.label === `Run on ${name}`),
      `the profile of "${name}"`,
      15_000,
      () =>
        api
          .profiles()
          .map((p) => p.label)
          .join(', '),
    );
    const started = api.runs().length;
    const token = new vscode.CancellationTokenSource();
    try {
      await profile.runHandler(new vscode.TestRunRequest([fileItem], undefined, profile), token.token);
    } finally {
      token.dispose();
    }
    const run = api
      .runs()
      .slice(started)
      .find((r) => r.results.some((x) => x.id.startsWith(testFile.toString())));
    assert.ok(run?.ended, `${JSON.stringify(api.runs().slice(started))} ${JSON.stringify(api.items())}`);
    return run;
  }

  before(async () => {
    await signInToSandbox('alice');
    api = (await vscode.extensions.getExtension<TenantGraphqlTestApi | undefined>(extensionId)!.activate())!.testing;
    folder = vscode.Uri.joinPath(workspaceRoot(), 'guarded-tests');
    await writeWorkspaceFile(
      vscode.Uri.joinPath(folder, 'create.graphql'),
      'mutation CreateOne {\n  createTask(input: { name: "from a test", priority: LOW }) { task { id } }\n}\n\nmutation CreateTwo {\n  createTask(input: { name: "another", priority: LOW }) { task { id } }\n}\n',
    );
    await writeWorkspaceFile(vscode.Uri.joinPath(folder, 'create.graphql.test.json'), tests);
  });
  after(async () => {
    await configureSandboxEnvironments();
    await vscode.workspace.fs.delete(folder, { recursive: true });
  });

  it('refuses the mutation cases on a read-only environment with the reason at their operation, sending nothing', async () => {
    const name = 'Sandbox (read-only tests)';
    await useEnvironment({ name, readOnly: true });
    const sent = await graphqlRequests();
    const run = await runOn(name);
    const message = `Mutations are refused on "${name}": it is marked read-only ("readOnly": true in tenantGraphql.environments).`;
    assert.deepEqual(
      run.results.map((r) => [r.label, r.state, r.messages.map((m) => [m.message, m.line])]),
      [
        ['first', 'errored', [[message, 1]]],
        ['second', 'errored', [[message, 1]]],
        ['third', 'errored', [[message, 5]]],
      ],
    );
    assert.equal(await graphqlRequests(), sent, 'nothing sent');
  });

  it('asks once per run on an environment that asks before a mutation (declined: every mutation case errs, nothing sent), and again on the next run', async () => {
    const name = 'Sandbox (asks tests)';
    await useEnvironment({ name });
    const sent = await graphqlRequests();
    for (let n = 0; n < 2; n++) {
      const asked = api.permits().length;
      const run = await runOn(name);
      assert.deepEqual(
        api.permits().slice(asked),
        [
          { type: 'query', environment: name },
          { type: 'mutation', environment: name },
        ],
        `run ${n + 1}: the server once, the mutations once`,
      );
      // Declined, or (in extension tests, where VS Code refuses to show a modal dialog) not asked: each mutation case errs with why.
      const [message] = run.results[0]?.messages ?? [];
      assert.match(message?.message ?? '', /^The mutations of this run (were not confirmed|could not be confirmed \(.+\)): nothing was sent\.$/);
      assert.deepEqual(
        run.results.map((r) => [r.label, r.state, r.messages.map((m) => m.message)]),
        [
          ['first', 'errored', [message.message]],
          ['second', 'errored', [message.message]],
          ['third', 'errored', [message.message]],
        ],
      );
    }
    assert.equal(await graphqlRequests(), sent, 'nothing sent');
  });
});
