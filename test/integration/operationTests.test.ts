import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { extensionId, sandbox } from './helpers';

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

describe('Operations as tests: the command line', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tg-tests-'));
    const sb = sandbox();
    await mkdir(join(dir, '.vscode'));
    await writeFile(
      join(dir, '.vscode', 'settings.json'),
      JSON.stringify({ 'tenantGraphql.environments': [{ name: 'Sandbox', authUrl: sb.authUrl, baseUrl: sb.baseUrl, clientId: 'tenant-graphql-vscode', scopes: ['tasks:read'] }] }),
    );
    await writeFile(join(dir, 'tasks.graphql'), DOCUMENT);
    await writeFile(join(dir, 'tasks.graphql.test.json'), TESTS);
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('runs the cases against the Sandbox with the confidential client: one passed, one failed at its line, exit 1, JUnit written', async () => {
    const conf = sandbox().clients.find((c) => c.type === 'confidential')!;
    const cli = join(vscode.extensions.getExtension(extensionId)!.extensionPath, 'dist', 'cli.js');
    const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      execFile(
        process.execPath,
        [cli, 'test', '--env', 'Sandbox', '--junit', 'out/junit.xml'],
        { cwd: dir, env: { ...process.env, ELECTRON_RUN_AS_NODE: '1', TENANT_GRAPHQL_CLIENT_ID: conf.clientId, TENANT_GRAPHQL_CLIENT_SECRET: conf.clientSecret }, timeout: 60_000 },
        (err, out) => resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, stdout: out }),
      );
    });
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
