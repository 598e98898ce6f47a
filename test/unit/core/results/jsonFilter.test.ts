import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { filterJson } from '../../../../src/core/results/jsonFilter';
import { jsonPathOf } from '../../../../src/shared/jsonPath';
import { FilterClient } from '../../../../src/core/results/filterClient';
import { tableExportText } from '../../../../src/shared/table';
import { comparableText } from '../../../../src/core/run/runCompare';

const answer = {
  data: {
    tasks: {
      edges: [
        { node: { id: 't1', title: 'Write', done: false, priority: 3 } },
        { node: { id: 't2', title: 'Read', done: true, priority: 1 } },
        { node: { id: 't3', title: '<img src=x onerror=alert(1)>', done: false, priority: 2 } },
      ],
    },
    viewer: { 'odd key': { "it's": ['\u202eevil'] } },
  },
};

describe('JSONPath filter adapter (jsonpath-plus, safe mode)', () => {
  const cases: [string, string, { paths?: string[]; values?: unknown[]; error?: RegExp }][] = [
    [
      'recursive descent',
      '$..id',
      {
        values: ['t1', 't2', 't3'],
        paths: ["$['data']['tasks']['edges'][0]['node']['id']", "$['data']['tasks']['edges'][1]['node']['id']", "$['data']['tasks']['edges'][2]['node']['id']"],
      },
    ],
    ['a filter expression', '$.data.tasks.edges[?(@.node.done == false)].node.title', { values: ['Write', '<img src=x onerror=alert(1)>'] }],
    ['comparison', '$.data.tasks.edges[?(@.node.priority > 1)].node.id', { values: ['t1', 't3'] }],
    ['slice', '$.data.tasks.edges[0:2].node.id', { values: ['t1', 't2'] }],
    ['wildcard', '$.data.tasks.edges[*].node.priority', { values: [3, 1, 2] }],
    ['no match', '$.data.nothing', { values: [] }],
    ['not starting with $', 'data.tasks', { error: /starts with \$/ }],
    ['empty', '  ', { error: /Type a JSONPath expression/ }],
    ['invalid', '$[?(', { error: /not valid JSONPath/ }],
    // The position is in the whole expression (jsep counts in the filter's own text, with @ rewritten): pinned to the installed jsonpath-plus.
    ['an unclosed filter, at its ?', '$.data[?(]', { error: /Unexpected "\?" at character 7$/ }],
    ['an unclosed filter after a path', '$.data.tasks.edges[?(', { error: /at character 19$/ }],
    ['a comparison with nothing after it, at the end of the filter', '$.data.tasks.edges[?(@.node.done == )]', { error: /after == at character 36$/ }],
    ['the second filter of two', '$.data.tasks.edges[?(@.node)].node[?(@ &&)]', { error: /after && at character 41$/ }],
    ['after @root', '$.data.tasks.edges[?(@root.x ===== 1)]', { error: /at character 3[0-9]$/ }],
    ['too long', `$${'.a'.repeat(1500)}`, { error: /longer than 2000/ }],
  ];
  for (const [what, expression, expected] of cases) {
    it(`${what}: ${expression.slice(0, 60)}`, () => {
      const result = filterJson(answer, expression);
      if (expected.error) {
        assert.equal(result.ok, false);
        assert.match(result.ok ? '' : result.message, expected.error);
        return;
      }
      assert.ok(result.ok, result.ok ? '' : result.message);
      if (expected.values) {
        assert.deepEqual(
          result.matches.map((m) => JSON.parse(m.valueJson) as unknown),
          expected.values,
        );
        assert.equal(result.total, expected.values.length);
      }
      if (expected.paths) {
        assert.deepEqual(
          result.matches.map((m) => m.path),
          expected.paths,
        );
      }
    });
  }

  it('never evaluates script: constructor tricks find nothing and run nothing', () => {
    const g = globalThis as { pwned?: boolean };
    for (const expression of [
      "$..[?(@.constructor.constructor('globalThis.pwned = true')())]",
      '$..[?(this.constructor.constructor("globalThis.pwned = true")())]',
      '$[?(@property.constructor.constructor("globalThis.pwned=true")())]',
      '$..[?(eval("globalThis.pwned = true"))]',
    ]) {
      const result = filterJson(answer, expression);
      assert.ok(!result.ok || result.total === 0, expression);
    }
    assert.equal(g.pwned, undefined);
  });

  it('a 100,000-deep answer: a path into it works, a recursive descent is refused with a reason', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 100_000; i++) {
      deep = [deep];
    }
    const descent = filterJson({ deep }, '$..x');
    assert.equal(descent.ok, false);
    assert.match(descent.ok ? '' : descent.message, /nested too deeply/);
    const direct = filterJson({ deep }, '$.deep[0][0][0]');
    assert.ok(direct.ok && direct.total === 1);
    assert.ok(direct.matches[0].valueJson.startsWith('[[[['));
  });

  it('cuts many matches and long values, and says how many there were', () => {
    const big = { items: Array.from({ length: 2000 }, (_, i) => ({ i, text: 'x'.repeat(50) })) };
    const result = filterJson(big, '$.items[*]', { maxMatches: 10, maxValueChars: 20 });
    assert.ok(result.ok);
    assert.equal(result.total, 2000);
    assert.equal(result.matches.length, 10);
    assert.equal(result.matches[0].cut, true);
    assert.equal(result.matches[0].valueJson.length, 20);
  });

  const keys = ["it's", 'x]y', 'q"q', 'a.b', 'odd key', '$', '`t', 'back\\slash', 'ok_1', '@', '*', '..', '\u202eevil', '<b>'];
  for (const key of keys) {
    it(`Copy Path / Filter to This: the path of key ${JSON.stringify(key)} finds that node again`, () => {
      const json = { data: { [key]: [{ v: 5 }], other: [{ v: 6 }] } };
      const p = jsonPathOf(['data', key, 0, 'v']);
      const result = filterJson(json, p);
      assert.ok(result.ok, result.ok ? '' : result.message);
      assert.deepEqual(
        result.matches.map((m) => m.valueJson),
        ['5'],
        p,
      );
    });
  }

  it('runs in its worker thread, which asks for the answer once and keeps it', async () => {
    const client = new FilterClient({ script: path.join(__dirname, '../../../../src/core/results/filterWorker.ts'), execArgv: ['--require', 'tsx/cjs'] });
    let asked = 0;
    const text = () => {
      asked++;
      return JSON.stringify(answer);
    };
    try {
      const first = await client.filter('run-1', '$..id', text);
      assert.ok(first.ok && first.total === 3);
      const second = await client.filter('run-1', '$..title', text);
      assert.ok(second.ok && second.total === 3);
      assert.equal(asked, 1);
      const broken = await client.filter('run-2', '$..id', () => '{"data": [1,');
      assert.equal(broken.ok, false);
      // The diff's documents are pretty-printed there too, keys sorted.
      assert.equal(await client.pretty('{"data":{"b":1,"a":[{"y":2,"x":1}]}}'), comparableText({ body: { data: { a: [{ x: 1, y: 2 }], b: 1 } } }));
      await assert.rejects(client.pretty('{"data":'), /could not be read/);
    } finally {
      client.dispose();
    }
  });

  it('reads a reopened run in its worker: checked to be an answer, kept for the filter; its JSON and tables made there', async () => {
    const client = new FilterClient({ script: path.join(__dirname, '../../../../src/core/results/filterWorker.ts'), execArgv: ['--require', 'tsx/cjs'] });
    const stored = {
      errors: [
        {
          message: 'x',
          locations: [
            { line: 2, column: 3 },
            { line: 0, column: 1 },
          ],
        },
        { message: 'no place' },
      ],
      data: {
        tasks: [
          { id: 'b', n: { x: 1 } },
          { id: 'a, "q"', n: { x: 2 } },
        ],
      },
    };
    const text = JSON.stringify(stored);
    try {
      assert.deepEqual(await client.read('stored-1', text), { ok: true, errors: stored.errors });
      const filtered = await client.filter('stored-1', '$.data.tasks[*].id', () => assert.fail('the worker keeps what it read'));
      assert.ok(filtered.ok && filtered.total === 2);
      // A live run's answer goes to the worker as the bytes the Service sent: decoded there.
      const fromBytes = await client.filter('live-1', '$.data.tasks[*].id', () => Buffer.from(text));
      assert.deepEqual(fromBytes, filtered);
      for (const bad of ['[1, 2]', '"text"', 'null', '{"data":']) {
        assert.ok('error' in (await client.read(`bad-${bad.length}`, bad)), bad);
      }
      // Copy JSON of a stored run: two spaces, keys in their order (the diff's text sorts them).
      assert.equal(await client.pretty('{"b":1,"a":[2]}', { sortKeys: false }), `${JSON.stringify({ b: 1, a: [2] }, null, 2)}\n`);
      const csv = await client.table({ text, path: ['data', 'tasks'], format: 'saveCsv', sort: { column: 'id', direction: 'ascending' } });
      assert.deepEqual(csv, tableExportText(stored, ['data', 'tasks'], 'saveCsv', { column: 'id', direction: 'ascending' }));
      assert.equal(csv?.rows, 2);
      assert.ok(csv?.text.startsWith('id,n.x\r\n"a, ""q""",2'), csv?.text);
      assert.equal(await client.table({ text, path: ['data', 'nothing'], format: 'copyCsv' }), undefined);
    } finally {
      client.dispose();
    }
  });
  it('reads the errors of a reopened run as a live run has them: a message that is not a string becomes text', async () => {
    const client = new FilterClient({ script: path.join(__dirname, '../../../../src/core/results/filterWorker.ts'), execArgv: ['--require', 'tsx/cjs'] });
    const deep = `${'{"d":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    try {
      assert.deepEqual(await client.read('r-42', '{"errors":[{"message":42}]}'), { ok: true, errors: [{ message: '{"message":42}' }] });
      assert.deepEqual(await client.read('r-obj', '{"data":null,"errors":[{"message":{"text":"<b>x</b>"},"locations":[{"line":1,"column":2}],"path":["a",0,{}]},7]}'), {
        ok: true,
        errors: [
          { message: '{"message":{"text":"<b>x</b>"},"locations":[{"line":1,"column":2}],"path":["a",0,{}]}', locations: [{ line: 1, column: 2 }], path: ['a', 0] },
          { message: '7' },
        ],
      });
      assert.deepEqual(await client.read('r-none', '{"data":{"a":1}}'), { ok: true });
      assert.deepEqual(await client.read('r-bad', '{"errors":"down"}'), { ok: true, errors: [{ message: 'The Service sent a malformed errors field: "down"' }] });
      // Extensions deeper than a structured clone carries are left out of the errors (the text keeps them); the message stays.
      const deepRead = await client.read('r-deep', `{"errors":[{"message":"deep","extensions":{"shallow":true}},{"message":"deeper","extensions":${deep}}]}`);
      assert.deepEqual(deepRead, { ok: true, errors: [{ message: 'deep', extensions: { shallow: true } }, { message: 'deeper' }] });
    } finally {
      client.dispose();
    }
  });
});
