import * as assert from 'node:assert/strict';
import { JsonTreeModel } from '../../../src/webview/results/jsonTreeModel';
import { countValues, expandAtGlance, GLANCE_NODES } from '../../../src/webview/results/glance';

/** The shown rows as `key: value` (containers by their key only), indented by depth. */
function rows(model: JsonTreeModel): string[] {
  return model.visibleNodes().map((n) => `${'  '.repeat(n.depth)}${String(n.key ?? '$')}${n.childCount === 0 ? `: ${JSON.stringify(n.value)}` : model.isExpanded(n) ? '' : ' …'}`);
}

const task = (i: number) => ({ node: { id: String(i), name: `Task ${i}`, priority: 'HIGH', owner: { id: 'u1', name: 'Alice' } } });
const connection = (n: number) => ({ tasks: { edges: Array.from({ length: n }, (_, i) => task(i)), pageInfo: { hasNextPage: false } } });

describe('the results tree at a glance (glance.ts)', () => {
  it('counts values up to a limit, whatever the answer’s size', () => {
    const cases: [unknown, number, number][] = [
      [null, 10, 1],
      [{ a: 1, b: [1, 2] }, 10, 5],
      [connection(2), 1000, 1 + 1 + 1 + 2 * (1 + 1 + 4 + 2) + 1 + 1],
      [Array.from({ length: 1_000_000 }, (_, i) => i), 300, 300],
      [connection(10_000), 300, 300],
    ];
    for (const [value, limit, expected] of cases) {
      assert.equal(countValues(value, limit), expected, JSON.stringify(value)?.slice(0, 60));
    }
  });

  it('opens a small answer (the sample’s two tasks) down to every leaf: a task’s name shows without a click', () => {
    const model = new JsonTreeModel(connection(2));
    expandAtGlance(model);
    const shown = rows(model);
    assert.ok(shown.includes('          name: "Task 0"'), shown.join('\n'));
    assert.ok(shown.includes('            name: "Alice"'), 'nested objects open too');
    assert.ok(shown.includes('      hasNextPage: false'));
    assert.ok(!shown.some((r) => r.endsWith(' …')), 'nothing left folded');
  });

  it('opens a larger answer to its first list’s items (with edges[].node) as far as the budget goes, the rest folded with their summary', () => {
    const model = new JsonTreeModel(connection(100));
    expandAtGlance(model);
    const shown = rows(model);
    assert.ok(countValues(connection(100), GLANCE_NODES) >= GLANCE_NODES);
    assert.ok(shown.includes('          name: "Task 0"'), shown.slice(0, 20).join('\n'));
    assert.ok(shown.includes('          owner …'), 'below an item, containers stay folded');
    assert.ok(shown.includes('      99 …'), 'items past the budget keep their summary');
    assert.ok(shown.includes('    pageInfo …'), 'what is after the list stays folded');
    assert.ok(shown.length <= GLANCE_NODES + 10, `${shown.length} rows`);
  });

  it('opens only the way to a list of scalars, and only the root of an answer without lists', () => {
    const scalars = new JsonTreeModel({ ids: Array.from({ length: 500 }, (_, i) => i) });
    expandAtGlance(scalars);
    assert.deepEqual(rows(scalars).slice(0, 3), ['$', '  ids', '    0: 0']);
    const wide = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`k${i}`, { v: i }]));
    const noList = new JsonTreeModel(wide);
    expandAtGlance(noList);
    assert.deepEqual(rows(noList).slice(0, 2), ['$', '  k0 …']);
  });

  it('keeps the tree lazy on a huge answer (a few hundred nodes built)', () => {
    const model = new JsonTreeModel(connection(50_000));
    expandAtGlance(model);
    assert.ok(model.createdNodes < 2 * GLANCE_NODES, `${model.createdNodes} nodes built`);
  });
});
