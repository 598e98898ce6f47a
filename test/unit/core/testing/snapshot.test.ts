import { strict as assert } from 'node:assert';
import { checkAssertion, type Answer } from '../../../../src/core/testing/assertions';
import { canonicalJson, snapshotOf, withSnapshot } from '../../../../src/core/testing/snapshot';
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
});
