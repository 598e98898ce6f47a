import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { historyDescription, historyLabel, type RunHistoryEntry } from '../../../../src/core/run/history';
import { groupRuns, matchesSearch, runDescription } from '../../../../src/core/run/historyTree';
import { comparableText, previousRun, runFileName } from '../../../../src/core/run/runCompare';
import type { StoredRun } from '../../../../src/core/run/runStore';
import { formatBytes } from '../../../../src/core/http/graphqlResponse';

const T0 = Date.parse('2025-01-01T12:00:00Z');

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

function stored(id: string, operationName: string | undefined, at: number, patch: Partial<StoredRun> = {}): StoredRun {
  return { id, at, documentUri: 'file:///w/a.graphql', operationName, variables: {}, status: 200, durationMs: 12, environment: 'Sandbox', pinned: false, body: 'kept', ...patch };
}

describe('History view model', () => {
  const runs = [stored('5', 'Tasks', T0 + 5), stored('4', undefined, T0 + 4), stored('3', 'Me', T0 + 3), stored('2', 'Tasks', T0 + 2), stored('1', 'Me', T0 + 1)];

  it('groups by operation, groups ordered by their newest run, runs newest first', () => {
    assert.deepEqual(
      groupRuns(runs).map((g) => [g.operation, g.runs.map((r) => r.id)]),
      [
        ['Tasks', ['5', '2']],
        [undefined, ['4']],
        ['Me', ['3', '1']],
      ],
    );
  });

  const searches: [string, Partial<StoredRun>, boolean][] = [
    ['', {}, true],
    ['tasks', {}, true],
    ['TASKS high', { variables: { p: 'HIGH' } }, true],
    ['tasks low', { variables: { p: 'HIGH' } }, false],
    ['502', { status: 502 }, true],
    ['errors', { outcome: '2 errors' }, true],
    ['baseline', { pinned: true, name: 'Baseline' }, true],
    ['pinned', { pinned: true }, true],
    ['staging', {}, false],
    ['staging', { environment: 'Staging' }, true],
  ];
  for (const [text, patch, expected] of searches) {
    it(`search "${text}" ${expected ? 'matches' : 'does not match'} ${JSON.stringify(patch)}`, () => assert.equal(matchesSearch(stored('1', 'Tasks', T0, patch), text), expected));
  }

  it('describes a run with status, duration, size, environment and time', () => {
    assert.equal(runDescription(stored('1', 'Tasks', T0, { bytes: 12_345 }), T0 + 5 * 60_000, formatBytes), '200 · 5 min ago · 12 ms · 12.3 kB · Sandbox');
    assert.equal(runDescription(stored('1', 'Tasks', T0, { status: 0, outcome: 'Timed out' }), T0, formatBytes), 'no answer · just now · Timed out · 12 ms · Sandbox');
  });
});

describe('Comparing runs', () => {
  it('prints answers pretty, with keys in a stable order at every level', () => {
    const a = comparableText({ body: { data: { b: 1, a: { z: [{ y: 1, x: 2 }], c: null } } } });
    const b = comparableText({ body: { data: { a: { c: null, z: [{ x: 2, y: 1 }] }, b: 1 } } });
    assert.equal(a, b);
    assert.equal(a, JSON.stringify({ data: { a: { c: null, z: [{ x: 2, y: 1 }] }, b: 1 } }, null, 2) + '\n');
  });

  it('prints the same text whether keys are sorted by the list of all keys (few keys) or one object at a time (many)', () => {
    // What a replacer making sorted copies prints (the printer for answers with many distinct keys).
    const sortedCopies = (value: unknown): string =>
      `${JSON.stringify(
        value,
        (_k, v: unknown) =>
          v === null || typeof v !== 'object' || Array.isArray(v)
            ? v
            : Object.fromEntries(
                Object.keys(v)
                  .sort()
                  .map((k) => [k, (v as Record<string, unknown>)[k]]),
              ),
        2,
      )}\n`;
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue({ maxDepth: 0 }),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('10', '2', '0', '01', '4294967295', '-1', '__proto__', 'constructor')), tie('value'), { maxKeys: 5 }),
      ),
    })).value;
    fc.assert(fc.property(json, (value) => assert.equal(comparableText({ body: value as never }), sortedCopies(value))));
    const many = { data: Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`id-${(i * 7919) % 400}`, { z: i, a: [i] }])) };
    assert.equal(comparableText({ body: many }), sortedCopies(many));
  });

  it('prints a 100,000-deep answer without recursion, sorted, on one line', () => {
    let deep: unknown = { b: 1, a: 2 };
    for (let i = 0; i < 100_000; i++) {
      deep = [deep];
    }
    const text = comparableText({ body: { data: deep } });
    assert.ok(text.startsWith('{"data":[[[') && text.endsWith('[{"a":2,"b":1}' + ']'.repeat(100_000) + '}\n'));
  });

  it('shows a failure when there is no body', () => {
    assert.match(comparableText({ status: 502, failure: { title: 'Server error', message: 'm' } }), /"status": 502/);
  });

  it('finds the previous run of the same operation and document', () => {
    const runs = [stored('4', 'Tasks', T0 + 4), stored('3', 'Tasks', T0 + 3, { documentUri: 'file:///w/b.graphql' }), stored('2', 'Me', T0 + 2), stored('1', 'Tasks', T0 + 1)];
    assert.equal(previousRun(runs, runs[0])?.id, '1');
    assert.equal(previousRun(runs, runs[3]), undefined);
  });

  it('names each side after operation, environment and time, safe in a path', () => {
    assert.equal(runFileName(stored('1', 'Tasks', T0)), 'Tasks Sandbox 2025-01-01T12-00-00.json');
    assert.equal(runFileName(stored('1', 'Tasks', T0, { name: 'a/../b\u202e' })), 'a_.._b_ Sandbox 2025-01-01T12-00-00.json');
  });
});
