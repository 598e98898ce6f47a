import { strict as assert } from 'node:assert';
import { checkAssertion, type Answer } from '../../../../src/core/testing/assertions';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeSchemaCache } from '../../../../src/core/schema/schemaCache';
import { canonicalJson, introspectionSha256, schemaVersionOf, snapshotOf, withSnapshot } from '../../../../src/core/testing/snapshot';
import { checkTestFile } from '../../../../src/core/testing/testRunner';
import { parseTestFile } from '../../../../src/core/testing/testFile';
import { updateSnapshots } from '../../../../src/core/testing/cli';
import { runTestFile } from '../../../../src/core/testing/testRunner';

const body = {
  data: {
    tasks: [
      { id: 't1', title: 'A', updatedAt: '2026-01-01' },
      { id: 't2', title: 'B', updatedAt: '2026-01-02' },
    ],
  },
  extensions: { cost: 3 },
};

describe('core/testing snapshots (ignore paths, update)', () => {
  it('keeps data and errors, not extensions', () => {
    assert.deepEqual(snapshotOf(body, []), { data: body.data });
  });

  it('leaves out every match of the ignored paths', () => {
    assert.deepEqual(snapshotOf(body, ['$..updatedAt', '$.data.tasks[*].id']), { data: { tasks: [{ title: 'A' }, { title: 'B' }] } });
  });

  it('removes ignored list items from the end, so each removal hits the right item', () => {
    assert.deepEqual(snapshotOf({ data: { xs: [1, 2, 3, 4] } }, ['$.data.xs[1]', '$.data.xs[2]']), { data: { xs: [1, 4] } });
  });

  it('compares with keys in any order', () => {
    assert.equal(canonicalJson({ b: 1, a: { d: 2, c: 3 } }), canonicalJson({ a: { c: 3, d: 2 }, b: 1 }));
  });

  const text = `{
  // the snapshot of Tasks
  "Tasks": [
    {
      "name": "all",
      "assert": [{ "snapshot": { "ignore": ["$..updatedAt"] } }]
    }
  ]
}
`;

  it('saves the answer without the ignored paths into the file, keeping comments, and then passes', () => {
    const file = parseTestFile(text);
    const a = file.operations[0].cases[0].assertions[0];
    const next = withSnapshot(text, a.place.offset, body, ['$..updatedAt'], 'f1')!;
    assert.match(next, /\/\/ the snapshot of Tasks/);
    const saved = parseTestFile(next).operations[0].cases[0].assertions[0];
    assert.equal(saved.kind, 'snapshot');
    assert.ok(saved.kind === 'snapshot');
    assert.deepEqual(saved.expected, {
      data: {
        tasks: [
          { id: 't1', title: 'A' },
          { id: 't2', title: 'B' },
        ],
      },
    });
    assert.equal(saved.of, 'f1');
    const changedTimes: Answer = {
      status: 200,
      durationMs: 1,
      body: {
        data: {
          tasks: [
            { id: 't1', title: 'A', updatedAt: 'x' },
            { id: 't2', title: 'B', updatedAt: 'y' },
          ],
        },
      },
    };
    assert.deepEqual(checkAssertion(saved, changedTimes, { operationFingerprint: 'f1' }), { pass: true });
    const changedTitle: Answer = {
      status: 200,
      durationMs: 1,
      body: {
        data: {
          tasks: [
            { id: 't1', title: 'A2' },
            { id: 't2', title: 'B' },
          ],
        },
      },
    };
    const failed = checkAssertion(saved, changedTitle, { operationFingerprint: 'f1' });
    assert.ok(!failed.pass);
    assert.match(failed.message, /differs from the saved snapshot/);
    assert.match(failed.actual!, /"A2"/);
  });

  it('fails without a saved snapshot, and says how to save one', () => {
    const a = parseTestFile(text).operations[0].cases[0].assertions[0];
    const result = checkAssertion(a, { status: 200, durationMs: 1, body }, { operationFingerprint: 'f1' });
    assert.ok(!result.pass);
    assert.match(result.message, /No snapshot is saved yet.*Update Snapshot/);
  });

  it('a snapshot taken of another version of the operation fails as stale', () => {
    const a = parseTestFile(withSnapshot(text, parseTestFile(text).operations[0].cases[0].assertions[0].place.offset, body, [], 'old')!).operations[0].cases[0].assertions[0];
    const result = checkAssertion(a, { status: 200, durationMs: 1, body }, { operationFingerprint: 'new' });
    assert.ok(!result.pass && result.stale);
    assert.match(result.message, /another version of the operation/);
  });

  it('updateSnapshots writes each snapshot assertion of a run with the fingerprint of its operation', async () => {
    const documentText = 'query Tasks { tasks { id title updatedAt } }\n';
    const inputs = { testText: text, documentText, documentName: 'tasks.graphql' };
    const seams = { execute: () => Promise.resolve({ status: 200, durationMs: 1, body }), allowMutation: () => Promise.resolve(true as const) };
    const first = await runTestFile(inputs, seams);
    assert.equal(first[0].outcome.state, 'failed');
    const updated = updateSnapshots(text, documentText, first);
    const second = await runTestFile({ ...inputs, testText: updated }, seams);
    assert.equal(second[0].outcome.state, 'passed');
    // The operation changes: the snapshot is stale.
    const third = await runTestFile({ ...inputs, testText: updated, documentText: 'query Tasks { tasks { id title } }\n' }, seams);
    assert.equal(third[0].outcome.state, 'failed');
  });

  describe('the schema version a snapshot was taken on', () => {
    const documentText = 'query Tasks { tasks { id title updatedAt } }\n';
    const seams = { execute: () => Promise.resolve({ status: 200, durationMs: 1, body }), allowMutation: () => Promise.resolve(true as const) };
    const onV1 = { version: 'aaaaaaaaaaaa', environment: 'Staging' };
    const onV2 = { version: 'bbbbbbbbbbbb', environment: 'Staging' };

    it("is the first 12 hex digits of the SHA-256 of the introspection JSON text: the extension's schema cache's (the command line hashes its own introspection the same way)", async () => {
      const payload = { __schema: { queryType: { name: 'Query' }, mutationType: null, subscriptionType: null, types: [], directives: [] } };
      assert.equal(introspectionSha256(payload), createHash('sha256').update(JSON.stringify(payload)).digest('hex'));
      const dir = await mkdtemp(join(tmpdir(), 'tg-snapshot-'));
      try {
        assert.equal((await writeSchemaCache(dir, 'env:x', { data: payload })).sha256, introspectionSha256(payload));
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      assert.equal(schemaVersionOf(introspectionSha256(payload)), introspectionSha256(payload).slice(0, 12));
    });

    it('Update Snapshot records it beside the fingerprint; unknown, it leaves it out (an older one would be false)', async () => {
      const first = await runTestFile({ testText: text, documentText, documentName: 'tasks.graphql', schema: onV1 }, seams);
      const updated = updateSnapshots(text, documentText, first, onV1.version);
      const saved = parseTestFile(updated).operations[0].cases[0].assertions[0];
      assert.ok(saved.kind === 'snapshot');
      assert.equal(saved.schema, onV1.version);
      // Its place: the line of "schema" in the file.
      assert.equal(updated.split('\n')[saved.schemaPlace!.line - 1].trim(), `"schema": "${onV1.version}"`);
      const again = updateSnapshots(updated, documentText, await runTestFile({ testText: updated, documentText, documentName: 'tasks.graphql' }, seams));
      const resaved = parseTestFile(again).operations[0].cases[0].assertions[0];
      assert.ok(resaved.kind === 'snapshot' && resaved.schema === undefined && resaved.of !== undefined);
    });

    it('taken on another version: a warning at its "schema" line saying how to take it again; the case passes while the answer matches', async () => {
      const updated = updateSnapshots(text, documentText, await runTestFile({ testText: text, documentText, documentName: 'tasks.graphql', schema: onV1 }, seams), onV1.version);
      const inputs = { testText: updated, documentText, documentName: 'tasks.graphql', schema: onV2 };
      const { problems } = checkTestFile(inputs);
      assert.equal(problems.length, 1);
      const [warning] = problems;
      assert.equal(warning.severity, 'warning');
      assert.equal(updated.split('\n')[warning.place.line - 1].trim(), `"schema": "${onV1.version}"`);
      assert.equal(
        warning.message,
        'The snapshot of "Tasks › all" was taken on another version of the schema of "Staging" (aaaaaaaaaaaa, now bbbbbbbbbbbb): check that its answer still holds, then run "Update Snapshot" (or the command line with --update-snapshots) to take it on this version.',
      );
      assert.equal((await runTestFile(inputs, seams))[0].outcome.state, 'passed');
      // The same version, or none known: no warning.
      assert.deepEqual(checkTestFile({ ...inputs, schema: onV1 }).problems, []);
      assert.deepEqual(checkTestFile({ testText: updated, documentText, documentName: 'tasks.graphql' }).problems, []);
    });

    it('taken on another version and the answer differs: the failure names both versions and the way to update', async () => {
      const updated = updateSnapshots(text, documentText, await runTestFile({ testText: text, documentText, documentName: 'tasks.graphql', schema: onV1 }, seams), onV1.version);
      const changed = { ...seams, execute: () => Promise.resolve({ status: 200, durationMs: 1, body: { data: { tasks: [] } } }) };
      const [result] = await runTestFile({ testText: updated, documentText, documentName: 'tasks.graphql', schema: onV2 }, changed);
      assert.ok(result.outcome.state === 'failed');
      assert.match(
        result.outcome.failures[0].result.message,
        /differs from the saved snapshot, which was taken on another version of the schema \(aaaaaaaaaaaa, now bbbbbbbbbbbb\).*"Update Snapshot"/,
      );
      const [same] = await runTestFile({ testText: updated, documentText, documentName: 'tasks.graphql', schema: onV1 }, changed);
      assert.ok(same.outcome.state === 'failed');
      assert.equal(same.outcome.failures[0].result.message, 'The answer differs from the saved snapshot.');
    });

    it('an old snapshot without a version keeps working, and a "schema" that is not text is a problem at its line', async () => {
      const old = updateSnapshots(text, documentText, await runTestFile({ testText: text, documentText, documentName: 'tasks.graphql' }, seams));
      assert.doesNotMatch(old, /"schema"/);
      const inputs = { testText: old, documentText, documentName: 'tasks.graphql', schema: onV2 };
      assert.deepEqual(checkTestFile(inputs).problems, []);
      assert.equal((await runTestFile(inputs, seams))[0].outcome.state, 'passed');
      const bad = parseTestFile(text.replace('"ignore": ["$..updatedAt"]', '"ignore": [], "schema": 42'));
      assert.equal(bad.problems.length, 1);
      assert.match(bad.problems[0].message, /"schema" is written by "Update Snapshot"/);
      assert.equal(bad.problems[0].place.line, 6);
    });
  });
});
