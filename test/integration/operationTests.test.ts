import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { TenantGraphqlTestApi } from '../../src/extension';
import { eventually, extensionId, sandbox, signInToSandbox, workspaceRoot, writeFile as writeWorkspaceFile } from './helpers';

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
    await vscode.workspace.fs.delete(folder, { recursive: true });
  });

  it('saves the answer into the snapshot assertion (ids ignored), and the next run passes', async () => {
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
      Urgent: [{ assert: [{ snapshot: { ignore: string[]; value: { data: { tasks: { edges: { node: Record<string, unknown> }[] } } }; of: string } }] }];
    };
    const snapshot = saved.Urgent[0].assert[0].snapshot;
    assert.deepEqual(snapshot.ignore, ['$..id']);
    assert.match(snapshot.of, /\S/);
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
  });
});
