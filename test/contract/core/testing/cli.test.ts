import { strict as assert } from 'node:assert';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../../../src/core/testing/cli';
import type { RunningSandbox } from '../../../../src/sandbox/index';
import { CONFIDENTIAL_CLIENT, CONFIDENTIAL_SECRET, start } from '../../sandbox/helpers';
import { junitSchemaViolations, parseXml, type XmlElement } from '../../../fixtures/junitSchema';

const DOCUMENT = `query UrgentTasks {
  tasks(filter: { priority: HIGH }, first: 3) {
    edges { node { id name } }
  }
}
`;
/** A passing case, a failing one, and an entry for an operation the document does not have (a problem of the file). */
const TESTS = `{
  "UrgentTasks": [
    { "name": "passes", "assert": [{ "noErrors": true }, { "status": 200 }] },
    { "name": "fails <&> \\"quoted\\"", "assert": [{ "path": "$.data.tasks.edges", "length": 99 }] }
  ],
  "Gone": [{ "name": "x", "assert": [{ "noErrors": true }] }]
}
`;
const SNAPSHOT_TESTS = `{
  "UrgentTasks": [
    {
      "name": "as before",
      "assert": [{ "snapshot": { "ignore": ["$..id"] } }]
    }
  ]
}
`;

/**
 * The command line end to end on a Sandbox in this process: the JUnit report it writes is checked
 * against the JUnit schema, and a snapshot saved on one schema version is told about on the next.
 */
describe('core/testing command line (JUnit report, schema version of snapshots)', () => {
  let sb: RunningSandbox;
  let dir: string;
  const lines: string[] = [];
  const cli = async (...argv: string[]) => {
    lines.length = 0;
    const code = await runCli({
      argv,
      env: { TENANT_GRAPHQL_CLIENT_ID: CONFIDENTIAL_CLIENT, TENANT_GRAPHQL_CLIENT_SECRET: CONFIDENTIAL_SECRET },
      cwd: dir,
      out: (line) => lines.push(line),
      err: (line) => lines.push(`stderr: ${line}`),
    });
    return { code, stdout: lines.join('\n') };
  };

  before(async () => {
    sb = await start();
    dir = await mkdtemp(join(tmpdir(), 'tg-cli-'));
    await mkdir(join(dir, '.vscode'));
    await mkdir(join(dir, 'snap'));
    await writeFile(
      join(dir, '.vscode', 'settings.json'),
      JSON.stringify({ 'tenantGraphql.environments': [{ name: 'Sandbox', authUrl: sb.authUrl, baseUrl: sb.baseUrl, clientId: CONFIDENTIAL_CLIENT, scopes: ['tasks:read'] }] }),
    );
    await writeFile(join(dir, 'tasks.graphql'), DOCUMENT);
    await writeFile(join(dir, 'tasks.graphql.test.json'), TESTS);
    await writeFile(join(dir, 'snap', 'urgent.graphql'), DOCUMENT);
    await writeFile(join(dir, 'snap', 'urgent.graphql.test.json'), SNAPSHOT_TESTS);
  });
  after(async () => {
    await sb?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes a JUnit report valid against the JUnit schema, whose counts are those of the run', async () => {
    const { code, stdout } = await cli('test', 'tasks.graphql.test.json', '--env', 'Sandbox', '--junit', 'out/junit.xml');
    assert.equal(code, 1, stdout);
    assert.match(stdout, /3 cases: 1 passed, 1 failed, 1 errored; 1 problem in test files/);
    const root = parseXml(await readFile(join(dir, 'out', 'junit.xml'), 'utf8'));
    assert.deepEqual(junitSchemaViolations(root), []);
    const cases = (el: XmlElement): XmlElement[] => (el.name === 'testcase' ? [el] : el.children.flatMap(cases));
    const all = cases(root);
    const count = (list: XmlElement[], child: string) => list.filter((c) => c.children.some((x) => x.name === child)).length;
    assert.deepEqual([root.attributes.tests, root.attributes.failures, root.attributes.errors].map(Number), [all.length, count(all, 'failure'), count(all, 'error')]);
    assert.deepEqual(
      all.map((c) => [c.attributes.name, c.children.map((x) => x.name)]),
      [
        ['problem at line 6', ['error']],
        ['UrgentTasks › passes', []],
        ['UrgentTasks › fails <&> "quoted"', ['failure']],
        ['Gone › x', ['error']],
      ],
    );
  });

  it('saves a snapshot with the schema version, passes on it, and warns at its line on another version (exit 0 while the answer matches)', async () => {
    const saved = await cli('test', 'snap', '--env', 'Sandbox', '--update-snapshots');
    const version = /Schema of "Sandbox": version ([0-9a-f]{12})/.exec(saved.stdout)?.[1];
    assert.ok(version, saved.stdout);
    const text = await readFile(join(dir, 'snap', 'urgent.graphql.test.json'), 'utf8');
    const line = text.split('\n').findIndex((l) => l.includes(`"schema": "${version}"`)) + 1;
    assert.ok(line > 0, text);

    const same = await cli('test', 'snap', '--env', 'Sandbox');
    assert.equal(same.code, 0, same.stdout);
    assert.doesNotMatch(same.stdout, /⚠/);

    sb.setSchemaVersion(2);
    const other = await cli('test', 'snap', '--env', 'Sandbox', '--junit', 'out/snap.xml');
    const now = /Schema of "Sandbox": version ([0-9a-f]{12})/.exec(other.stdout)?.[1];
    assert.ok(now && now !== version, other.stdout);
    assert.equal(other.code, 0, other.stdout);
    const column = text.split('\n')[line - 1].indexOf(`"${version}"`) + 1;
    assert.ok(
      other.stdout.includes(
        `  ⚠ ${join('snap', 'urgent.graphql.test.json')}:${line}:${column} The snapshot of "UrgentTasks › as before" was taken on another version of the schema of "Sandbox" (${version}, now ${now}): check that its answer still holds, then run "Update Snapshot" (or the command line with --update-snapshots) to take it on this version.`,
      ),
      other.stdout,
    );
    assert.match(other.stdout, /✓ UrgentTasks › as before/);
    assert.match(other.stdout, /1 case: 1 passed, 0 failed, 0 errored; 1 warning$/m);
    assert.deepEqual(junitSchemaViolations(parseXml(await readFile(join(dir, 'out', 'snap.xml'), 'utf8'))), []);
  });
});
