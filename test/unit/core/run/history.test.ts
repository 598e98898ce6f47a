import * as assert from 'node:assert/strict';
import { RunHistory, historyDescription, historyLabel, type RunHistoryEntry } from '../../../../src/core/run/history';

const T0 = Date.parse('2025-01-01T12:00:00Z');

function history(limit?: number): RunHistory {
  let n = 0;
  return new RunHistory({ limit, clock: { now: () => T0 }, newId: () => `id-${++n}` });
}

function run(operationName: string, variables: Record<string, unknown> = {}) {
  return { documentUri: 'file:///w/tasks.graphql', operationName, variables, status: 200, durationMs: 12, environment: 'Sandbox' };
}

describe('RunHistory', () => {
  it('keeps runs newest first and finds them by id', () => {
    const h = history();
    const a = h.add(run('A'));
    const b = h.add(run('B', { p: 'HIGH' }));
    assert.deepEqual(
      h.list().map((e) => e.operationName),
      ['B', 'A'],
    );
    assert.equal(h.get(a.id)?.operationName, 'A');
    assert.deepEqual(h.get(b.id)?.variables, { p: 'HIGH' });
    assert.equal(b.at, T0);
    assert.equal(h.get('nope'), undefined);
  });

  it('is bounded: the oldest runs drop out', () => {
    const h = history(3);
    for (const name of ['A', 'B', 'C', 'D', 'E']) {
      h.add(run(name));
    }
    assert.deepEqual(
      h.list().map((e) => e.operationName),
      ['E', 'D', 'C'],
    );
  });

  it('copies the variables, so later changes do not rewrite history', () => {
    const h = history();
    const vars = { filter: { priority: 'LOW' } };
    const e = h.add(run('A', vars));
    vars.filter.priority = 'HIGH';
    assert.deepEqual(e.variables, { filter: { priority: 'LOW' } });
  });

  it('omits variables too large to keep in workspace state', () => {
    const e = history().add(run('Big', { blob: 'x'.repeat(70_000) }));
    assert.deepEqual(e.variables, {});
    assert.equal(e.variablesOmitted, true);
  });

  it('round-trips through JSON and drops malformed entries', () => {
    const h = history();
    h.add(run('A', { n: 1 }));
    h.add({ ...run('B'), status: 0, outcome: 'connection refused' });
    const saved = JSON.parse(JSON.stringify(h)) as unknown[];
    const restored = RunHistory.fromJSON([...saved, { id: 'x' }, null, 'junk', { ...(saved[0] as object), variables: [] }]);
    assert.deepEqual(restored.list(), h.list());
    assert.deepEqual(RunHistory.fromJSON(undefined).list(), []);
    assert.deepEqual(RunHistory.fromJSON({ not: 'an array' }).list(), []);
  });

  it('clear forgets everything', () => {
    const h = history();
    h.add(run('A'));
    h.clear();
    assert.deepEqual(h.list(), []);
  });
});

describe('history labels', () => {
  const base: RunHistoryEntry = { id: '1', at: T0, documentUri: 'u', variables: {}, status: 200, durationMs: 12.4, environment: 'Sandbox' };
  const labels: [Partial<RunHistoryEntry>, string][] = [
    [{ operationName: 'Tasks' }, 'Tasks'],
    [{}, '(anonymous)'],
    [{ operationName: 'Tasks', variables: { p: 'HIGH', n: 3 } }, 'Tasks (p: "HIGH", n: 3)'],
    [{ operationName: 'Add', variables: { input: { name: 'A very long task name indeed' } } }, 'Add (input: {"name":"A very lon…)'],
    [{ operationName: 'Big', variables: {}, variablesOmitted: true }, 'Big (…)'],
  ];
  for (const [patch, label] of labels) {
    it(`label ${label}`, () => assert.equal(historyLabel({ ...base, ...patch }), label));
  }
  it('the whole label is cut at 80 characters', () => {
    const vars = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`v${i}`, i]));
    const label = historyLabel({ ...base, operationName: 'Tasks', variables: vars });
    assert.equal(label.length, 80);
    assert.ok(label.endsWith('…'));
  });
  const descriptions: [Partial<RunHistoryEntry>, number, string][] = [
    [{}, T0 + 5_000, '200 · 12 ms · just now · Sandbox'],
    [{ outcome: '2 errors' }, T0 + 5 * 60_000, '200 · 2 errors · 12 ms · 5 min ago · Sandbox'],
    [{ status: 0, outcome: 'cancelled' }, T0 + 3 * 3_600_000, 'no answer · cancelled · 12 ms · 3 h ago · Sandbox'],
    [{}, T0 + 3 * 86_400_000, '200 · 12 ms · 3 days ago · Sandbox'],
  ];
  for (const [patch, now, text] of descriptions) {
    it(`description ${text}`, () => assert.equal(historyDescription({ ...base, ...patch }, now), text));
  }
});
