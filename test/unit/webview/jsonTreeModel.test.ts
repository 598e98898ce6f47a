import * as assert from 'node:assert/strict';
import { JsonTreeModel, format, kindOf, valueSummary, type JsonTreeNode } from '../../../src/webview/results/jsonTreeModel';

const strings = { itemsCount: '{0} items', oneItem: '1 item', keysCount: '{0} keys', oneKey: '1 key' };

function child(model: JsonTreeModel, node: JsonTreeNode, key: string | number): JsonTreeNode {
  const found = model.page(node).children.find((c) => c.key === key);
  assert.ok(found, `child ${String(key)} is shown`);
  return found;
}

describe('JsonTreeModel (results webview)', () => {
  describe('builds nodes only for expanded parents', () => {
    const value = { tasks: Array.from({ length: 250 }, (_, i) => ({ id: i, title: `t${i}`, tags: ['a', 'b'] })), total: 250 };

    it('has only the root before anything is expanded', () => {
      const model = new JsonTreeModel(value);
      assert.deepEqual(
        model.visibleNodes().map((n) => n.id),
        ['[]'],
      );
      assert.equal(model.createdNodes, 1);
    });

    it('shows the root’s members after expanding it, and not their children', () => {
      const model = new JsonTreeModel(value);
      model.setExpanded(model.root, true);
      assert.deepEqual(
        model.visibleNodes().map((n) => n.id),
        ['[]', '["tasks"]', '["total"]'],
      );
      assert.equal(model.createdNodes, 1 + 2, 'the root, then its two members');
    });

    it('shows the first page of a long array, and the rest on "show more" page by page', () => {
      const model = new JsonTreeModel(value, { pageSize: 100 });
      model.setExpanded(model.root, true);
      const tasks = child(model, model.root, 'tasks');
      model.setExpanded(tasks, true);
      const first = model.page(tasks);
      assert.deepEqual([first.children.length, first.remaining], [100, 150]);
      assert.deepEqual(first.children.map((c) => c.key).slice(0, 3), [0, 1, 2]);
      const second = model.showMore(tasks);
      assert.deepEqual([second.children[0].key, second.children.length, second.remaining], [100, 100, 50]);
      const third = model.showMore(tasks);
      assert.deepEqual([third.children.length, third.remaining], [50, 0]);
      assert.equal(model.page(tasks).children.length, 250);
      assert.equal(model.showMore(tasks).children.length, 0, 'nothing left to show');
    });

    it('builds far fewer nodes than the value has for a large response', () => {
      const big = { items: Array.from({ length: 50_000 }, (_, i) => ({ id: i, name: `n${i}`, nested: { a: [1, 2, 3] } })) };
      const model = new JsonTreeModel(big);
      model.setExpanded(model.root, true);
      model.setExpanded(child(model, model.root, 'items'), true);
      const visible = model.visibleNodes();
      assert.equal(visible.length, 1 + 1 + 100);
      assert.ok(model.createdNodes < 500, `created ${model.createdNodes} nodes`);
    });

    it('keeps a collapsed node’s expanded descendants for its next expansion', () => {
      const model = new JsonTreeModel({ a: { b: { c: 1 } } });
      model.setExpanded(model.root, true);
      const a = child(model, model.root, 'a');
      model.setExpanded(a, true);
      model.setExpanded(model.root, false);
      assert.deepEqual(
        model.visibleNodes().map((n) => n.id),
        ['[]'],
      );
      model.setExpanded(model.root, true);
      assert.deepEqual(
        model.visibleNodes().map((n) => n.id),
        ['[]', '["a"]', '["a","b"]'],
      );
    });
  });

  describe('expandability', () => {
    const cases: [string, unknown, boolean][] = [
      ['object with members', { a: 1 }, true],
      ['empty object', {}, false],
      ['array with elements', [1], true],
      ['empty array', [], false],
      ['string', 'x', false],
      ['number', 1, false],
      ['null', null, false],
    ];
    for (const [name, value, expandable] of cases) {
      it(`${name}: ${expandable ? 'expandable' : 'a leaf'}`, () => {
        const model = new JsonTreeModel(value);
        assert.equal(model.isExpandable(model.root), expandable);
        model.setExpanded(model.root, true);
        assert.equal(model.isExpanded(model.root), expandable);
      });
    }
  });

  describe('long strings', () => {
    it('cuts a string longer than the limit until it is shown in full', () => {
      const model = new JsonTreeModel({ s: 'x'.repeat(1200) }, { stringLimit: 500 });
      model.setExpanded(model.root, true);
      const s = child(model, model.root, 's');
      assert.deepEqual(model.stringDisplay(s), { text: 'x'.repeat(500), truncated: true, hiddenChars: 700 });
      model.showFullString(s);
      assert.deepEqual(model.stringDisplay(s), { text: 'x'.repeat(1200), truncated: false, hiddenChars: 0 });
    });

    it('shows a string at the limit whole', () => {
      const model = new JsonTreeModel('y'.repeat(500), { stringLimit: 500 });
      assert.equal(model.stringDisplay(model.root).truncated, false);
    });
  });

  describe('state across reloads', () => {
    it('restores expansion, pages and full strings from uiState()', () => {
      const value = { list: Array.from({ length: 300 }, (_, i) => i), long: 'z'.repeat(900) };
      const first = new JsonTreeModel(value);
      first.setExpanded(first.root, true);
      const list = child(first, first.root, 'list');
      first.setExpanded(list, true);
      first.showMore(list);
      first.showFullString(child(first, first.root, 'long'));
      const state = JSON.parse(JSON.stringify(first.uiState()));

      const again = new JsonTreeModel(value, {}, state);
      const list2 = child(again, again.root, 'list');
      assert.equal(again.isExpanded(list2), true);
      assert.deepEqual([again.page(list2).children.length, again.page(list2).remaining], [200, 100]);
      assert.equal(again.stringDisplay(child(again, again.root, 'long')).truncated, false);
    });

    it('gives ids that are the same for the same path, and different for keys that look alike', () => {
      const model = new JsonTreeModel({ '0': { a: 1 }, 'a.b': 1, a: { b: 1 } });
      model.setExpanded(model.root, true);
      const ids = model.page(model.root).children.map((c) => c.id);
      assert.equal(new Set(ids).size, 3);
      assert.deepEqual(ids, ['["0"]', '["a.b"]', '["a"]']);
    });
  });

  describe('value summaries', () => {
    const cases: [unknown, string][] = [
      [[1, 2, 3], '3 items'],
      [{ a: 1, b: 2 }, '2 keys'],
      [{ a: 1 }, '1 key'],
      [[0], '1 item'],
      [[], '0 items'],
      ['say "hi"\n', '"say \\"hi\\"\\n"'],
      [42, '42'],
      [false, 'false'],
      [null, 'null'],
    ];
    for (const [value, text] of cases) {
      it(`${JSON.stringify(value)} -> ${text}`, () => {
        const model = new JsonTreeModel(value);
        assert.equal(valueSummary(model.root, strings), text);
      });
    }
    it('kindOf tells arrays from objects and null', () => {
      assert.deepEqual([[], {}, null, 'a', 1, true].map(kindOf), ['array', 'object', 'null', 'string', 'number', 'boolean']);
    });
    it('format fills numbered placeholders and leaves unknown ones', () => {
      assert.equal(format('line {0}, column {1} {2}', 3, 7), 'line 3, column 7 {2}');
    });
  });
});

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
