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
