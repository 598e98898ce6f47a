import * as assert from 'node:assert/strict';
import { chooseOperation, operationAt, parseDocument, scanOperations } from '../../../../src/core/run/operations';
import type { Position } from '../../../../src/core/text/position';

/** `|` marks the cursor; returns the text without it and the cursor position. */
function withCursor(marked: string): { text: string; cursor?: Position } {
  const i = marked.indexOf('|');
  if (i < 0) {
    return { text: marked };
  }
  const text = marked.slice(0, i) + marked.slice(i + 1);
  const before = marked.slice(0, i).split('\n');
  return { text, cursor: { line: before.length - 1, character: before[before.length - 1].length } };
}

const TWO = `query Tasks {
  tasks { edges { node { id } } }
}

mutation AddTask($name: String!) {
  addTask(name: $name) { id }
}
`;

describe('parseDocument', () => {
  it('lists operations with type, name, range and name range (0-based)', () => {
    const doc = parseDocument(TWO + '\nfragment F on Task { id }\n');
    assert.equal(doc.syntaxError, undefined);
    assert.deepEqual(
      doc.operations.map((o) => ({ name: o.name, type: o.type, range: o.range, nameRange: o.nameRange })),
      [
        {
          name: 'Tasks',
          type: 'query',
          range: { start: { line: 0, character: 0 }, end: { line: 2, character: 1 } },
          nameRange: { start: { line: 0, character: 6 }, end: { line: 0, character: 11 } },
        },
        {
          name: 'AddTask',
          type: 'mutation',
          range: { start: { line: 4, character: 0 }, end: { line: 6, character: 1 } },
          nameRange: { start: { line: 4, character: 9 }, end: { line: 4, character: 16 } },
        },
      ],
    );
    assert.ok(doc.operations.every((o) => o.node !== undefined));
  });

  it('places an anonymous operation\'s "name" on its keyword or opening brace', () => {
    assert.deepEqual(parseDocument('  subscription { x }').operations[0].nameRange, {
      start: { line: 0, character: 2 },
      end: { line: 0, character: 14 },
    });
    assert.deepEqual(parseDocument('{ x }').operations[0].nameRange, {
      start: { line: 0, character: 0 },
      end: { line: 0, character: 1 },
    });
  });

  it('counts \\r\\n as one line break', () => {
    const doc = parseDocument('query A { a }\r\nquery B { b }');
    assert.deepEqual(doc.operations[1].nameRange.start, { line: 1, character: 6 });
  });

  it('reports a syntax error instead of throwing, and still finds the operations by scanning', () => {
    const doc = parseDocument('query Tasks {\n  tasks {\n}\n\nquery Other { a }\n');
    assert.equal(doc.ast, undefined);
    assert.ok(doc.syntaxError);
    assert.match(doc.syntaxError.message, /^Syntax Error/);
    assert.equal(typeof doc.syntaxError.line, 'number');
    assert.deepEqual(
      doc.operations.map((o) => o.name),
      ['Tasks'],
    );
  });
});

describe('scanOperations (tolerant)', () => {
  const cases: { name: string; text: string; expected: [string | undefined, string][] }[] = [
    { name: 'named query with variables and directives', text: 'query Q($a: Int = 1, $b: [B!]) @live { a(x: "}") }', expected: [['Q', 'query']] },
    { name: 'anonymous with variables', text: 'query ($a: Int) { a }', expected: [[undefined, 'query']] },
    { name: 'shorthand', text: '{ a }', expected: [[undefined, 'query']] },
    {
      name: 'skips fragments, types, comments and block strings',
      text: 'fragment F on T { a }\n# query Nope { }\n"""query X {"""\ntype T { a: Int }\nmutation M { m }',
      expected: [['M', 'mutation']],
    },
    {
      name: 'unclosed operation runs to the end',
      text: 'query A { a }\nsubscription S { s {',
      expected: [
        ['A', 'query'],
        ['S', 'subscription'],
      ],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      assert.deepEqual(
        scanOperations(c.text).map((o) => [o.name, o.type]),
        c.expected,
      );
    });
  }
  it('agrees with the parser on a valid document', () => {
    const parsed = parseDocument(TWO).operations.map(({ name, type, range, nameRange }) => ({ name, type, range, nameRange }));
    assert.deepEqual(scanOperations(TWO), parsed);
  });
});

describe('operationAt and chooseOperation', () => {
  const cases: { name: string; doc: string; expected: ReturnType<typeof summary> }[] = [
    { name: 'cursor inside the second of two: that one, with operationName', doc: TWO.replace('addTask(', 'add|Task('), expected: ['single', 'AddTask', 'AddTask'] },
    { name: 'cursor on the first keyword', doc: '|' + TWO, expected: ['single', 'Tasks', 'Tasks'] },
    { name: 'cursor just after the closing brace still counts', doc: TWO.replace('}\n\nmutation', '}|\n\nmutation'), expected: ['single', 'Tasks', 'Tasks'] },
    { name: 'cursor between operations: pick among all', doc: TWO.replace('\n\nmutation', '\n|\nmutation'), expected: ['pick', ['Tasks', 'AddTask']] },
    { name: 'no cursor: pick', doc: TWO, expected: ['pick', ['Tasks', 'AddTask']] },
    { name: 'single named operation: no operationName needed', doc: 'query Only { a }', expected: ['single', 'Only', undefined] },
    { name: 'single anonymous operation, cursor outside', doc: '{ a }\n\n|', expected: ['single', undefined, undefined] },
    { name: 'fragments do not count as operations', doc: 'query Q { ...F }\nfragment F on T { a| }', expected: ['single', 'Q', undefined] },
    { name: 'anonymous operation next to others: error', doc: '{ a| }\nquery B { b }', expected: ['error', /has no name, but the document holds 2 operations/] },
    { name: 'duplicate names: error', doc: 'query A { a }\nquery A { b| }', expected: ['error', /Several operations are named "A"/] },
    { name: 'no operation: error', doc: 'fragment F on T { a }', expected: ['error', /holds no operation/] },
    { name: 'empty document: error', doc: '', expected: ['error', /syntax error at line 1, column 1/] },
    { name: 'syntax error: error with the location', doc: 'query A { a }\nquery B { b(x: ) }', expected: ['error', /syntax error at line 2, column 16: Unexpected "\)"/] },
  ];
  function summary(choice: ReturnType<typeof chooseOperation>): [string, ...unknown[]] {
    switch (choice.kind) {
      case 'single':
        return ['single', choice.op.name, choice.operationName];
      case 'pick':
        return ['pick', choice.candidates.map((c) => c.name)];
      case 'error':
        return ['error', choice.message];
    }
  }
  for (const c of cases) {
    it(c.name, () => {
      const { text, cursor } = withCursor(c.doc);
      const actual = summary(chooseOperation(parseDocument(text), cursor));
      const expected = c.expected;
      if (expected[1] instanceof RegExp) {
        assert.equal(actual[0], expected[0]);
        assert.match(String(actual[1]), expected[1]);
      } else {
        assert.deepEqual(actual, expected);
      }
    });
  }

  it('operationAt returns undefined between operations', () => {
    const doc = parseDocument(TWO);
    assert.equal(operationAt(doc, { line: 3, character: 0 }), undefined);
    assert.equal(operationAt(doc, { line: 5, character: 3 })?.name, 'AddTask');
  });
});
