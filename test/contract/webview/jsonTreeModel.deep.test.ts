/**
 * The results tree on answers 50,000 to 100,000 levels deep: seconds of CPU each, so beside the deep answer in
 * Chromium (deepAnswer.chromium.test.ts) rather than in the unit suite (split from
 * test/unit/webview/jsonTreeModel.test.ts, where the tree's cases stay).
 */
import * as assert from 'node:assert/strict';
import { JsonTreeModel } from '../../../src/webview/results/jsonTreeModel';

describe('JsonTreeModel on deep answers', () => {
  /** A chain `{ next: { next: … } }` of `levels` objects, each with one scalar beside. */
  function chain(levels: number): unknown {
    let v: unknown = null;
    for (let i = levels - 1; i >= 0; i--) {
      v = { next: v, i };
    }
    return v;
  }

  it('opening a node costs O(its children), the same at depth 10 and depth 50,000', () => {
    const model = new JsonTreeModel(chain(50_001));
    let node = model.root;
    const costAt = new Map<number, number>();
    for (let depth = 0; depth < 50_000; depth++) {
      model.setExpanded(node, true);
      const before = model.work;
      const children = model.page(node).children;
      costAt.set(depth, model.work - before);
      node = children[0];
      assert.equal(node.depth, depth + 1);
    }
    // Two children per level, each an object with two keys: a constant, small amount of work
    // (ids below depth 32 are hashes of a fixed length, so the cost does not grow past there).
    const at100 = costAt.get(100)!;
    const deepest = Math.max(...[...costAt].filter(([d]) => d >= 40).map(([, w]) => w));
    const max = Math.max(...costAt.values());
    assert.ok(at100 < 100 && deepest <= at100 + 10 && max < 1000, `work at depth 100: ${at100}, most below 40: ${deepest}, most anywhere: ${max}`);
    assert.equal(node.path.length, 50_000);
    assert.equal(node.path[49_999], 'next');
  });

  it('keeps ids stable across models and distinct between siblings at any depth', () => {
    const value = chain(200);
    const walk = (m: JsonTreeModel) => {
      let n = m.root;
      const ids: string[] = [];
      for (let d = 0; d < 150; d++) {
        m.setExpanded(n, true);
        const [next, i] = m.page(n).children;
        ids.push(next.id, i.id);
        n = next;
      }
      return ids;
    };
    const a = walk(new JsonTreeModel(value));
    assert.deepEqual(walk(new JsonTreeModel(value)), a);
    assert.equal(new Set(a).size, a.length);
    assert.equal(a[0], '["next"]', 'shallow ids are paths, as saved states before had them');
    assert.ok(a.at(-1)!.length < 40, 'deep ids do not grow with depth');
  });

  it('lists visible nodes of a 100,000-level expansion without recursion, and restores it', () => {
    const value = chain(100_000);
    const model = new JsonTreeModel(value);
    let node = model.root;
    for (let d = 0; d < 100_000 - 1; d++) {
      model.setExpanded(node, true);
      node = model.page(node).children[0];
    }
    const visible = model.visibleNodes();
    assert.equal(visible.length, 1 + 2 * 99_999);
    const restored = new JsonTreeModel(value, {}, model.uiState());
    assert.equal(restored.visibleNodes().length, visible.length);
    assert.equal(model.ancestor(node, 10).depth, node.depth - 10);
    assert.equal(model.ancestor(node, 1e9), model.root);
  });
});
