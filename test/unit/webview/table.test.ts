import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { buildTable, csvText, findLists, rowsOf, sortRows, toCsv, toMarkdown, valueAt, type Table } from '../../../src/shared/table';

const connection = {
  edges: [
    { cursor: 'a', node: { id: 't1', title: 'Write', owner: { name: 'Ann', team: { id: 'g1' } }, tags: ['x', 'y'] } },
    { cursor: 'b', node: { id: 't2', title: 'Read', done: true } },
  ],
  pageInfo: { hasNextPage: false },
};

describe('Tables of lists', () => {
  it('flattens a connection’s edges[].node, columns from the union of keys, nested objects as a.b', () => {
    const rows = rowsOf(connection)!;
    assert.equal(rows.length, 2);
    const table = buildTable(rows);
    assert.deepEqual(table.columns, ['id', 'title', 'tags', 'owner.name', 'owner.team.id', 'done']);
    assert.deepEqual(table.rows[0], ['t1', 'Write', '["x","y"]', 'Ann', 'g1', undefined]);
    assert.deepEqual(table.rows[1], ['t2', 'Read', undefined, undefined, undefined, true]);
  });

  it('finds the lists of an answer (connections once, arrays of objects), with their paths', () => {
    const answer = { data: { viewer: { tasks: connection, ids: [1, 2] }, groups: [{ id: 1 }, { id: 2 }, { id: 3 }] } };
    assert.deepEqual(findLists(answer), [
      { path: ['data', 'groups'], rows: 3 },
      { path: ['data', 'viewer', 'tasks'], rows: 2 },
    ]);
    assert.deepEqual(valueAt(answer, ['data', 'groups', 1]), { id: 2 });
    assert.equal(valueAt(answer, ['data', 'nope', 'x']), undefined);
  });

  it('scalars go in a value column; a 100,000-deep cell is shown as a note, not a crash', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) {
      deep = [deep];
    }
    const table = buildTable([1, 'a', null, { deep }]);
    assert.deepEqual(table.columns, ['value', 'deep']);
    assert.equal(table.rows[3][1], '[too deep to show]');
  });

  it('sorts numbers numerically and text naturally, missing values last, stable', () => {
    const rows = [
      [10, 'b'],
      [2, 'a10'],
      [undefined, 'a2'],
      [2, 'c'],
    ] as const;
    assert.deepEqual(
      sortRows(rows, 0, 'ascending').map((r) => r[1]),
      ['a10', 'c', 'b', 'a2'],
    );
    assert.deepEqual(
      sortRows(rows, 1, 'ascending').map((r) => r[1]),
      ['a2', 'a10', 'b', 'c'],
    );
    assert.deepEqual(
      sortRows(rows, 0, 'descending').map((r) => r[1]),
      ['b', 'a10', 'c', 'a2'],
    );
  });

  it('CSV quotes only where RFC 4180 needs it, with CRLF line ends', () => {
    const table: Table = {
      columns: ['a', 'b,c'],
      rows: [
        ['plain', 'say "hi"'],
        ['line\nbreak', null],
        [undefined, 3],
      ],
    };
    assert.equal(toCsv(table), 'a,"b,c"\r\nplain,"say ""hi"""\r\n"line\nbreak",null\r\n,3\r\n');
  });

  it('CSV makes text a spreadsheet would run as a formula inert (a leading quote), and keeps numbers as they are', () => {
    const table: Table = {
      columns: ['=cmd', 'n'],
      rows: [
        ['=HYPERLINK("http://127.0.0.1/x","click")', -3],
        ['+1+1', 1.5],
        ['-2+3', true],
        ['@SUM(A1)', null],
        ['\tTab', 0],
        ['\r=Cr', 0],
        ['a=b', -1],
      ],
    };
    const lines = toCsv(table).split('\r\n');
    assert.deepEqual(lines.slice(0, 6), [`'=cmd,n`, `"'=HYPERLINK(""http://127.0.0.1/x"",""click"")",-3`, `'+1+1,1.5`, `'-2+3,true`, `'@SUM(A1),null`, `'\tTab,0`]);
    assert.deepEqual(lines.slice(6, 8), [`"'\r=Cr",0`, 'a=b,-1']);
    const parsed = parse(toCsv(table), { record_delimiter: '\r\n' }) as string[][];
    assert.deepEqual(
      parsed.map((r) => r[0]),
      [`'=cmd`, `'=HYPERLINK("http://127.0.0.1/x","click")`, `'+1+1`, `'-2+3`, `'@SUM(A1)`, `'\tTab`, `'\r=Cr`, 'a=b'],
    );
  });

  it('CSV parses back to the same cells (fuzzed with a CSV parser), formulas made inert', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ',', '"', '\r', '\n', '\r\n', 'é', '\u202e', '<', '|', '\t', '=', '+', '-', '@') as fc.Arbitrary<string> });
    fc.assert(
      fc.property(
        fc.array(text, { minLength: 1, maxLength: 6 }),
        fc.array(fc.array(fc.oneof(text, fc.integer(), fc.boolean()), { minLength: 6, maxLength: 6 }), { maxLength: 20 }),
        (columns, raw) => {
          const rows = raw.map((r) => r.slice(0, columns.length));
          const table: Table = { columns, rows };
          const parsed = parse(toCsv(table), { relax_column_count: false, record_delimiter: '\r\n' }) as string[][];
          assert.deepEqual(parsed, [columns.map(csvText), ...rows.map((r) => r.map(csvText))]);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('Markdown escapes pipes, backslashes, HTML and line breaks', () => {
    const md = toMarkdown({
      columns: ['a|b', 'c'],
      rows: [
        ['x\\y', '<img src=x>\nnext'],
        [undefined, null],
      ],
    });
    assert.equal(md, '| a\\|b | c |\n| --- | --- |\n| x\\\\y | &lt;img src=x&gt;<br>next |\n|  | null |\n');
  });
});
