import * as assert from 'node:assert/strict';
import { buildSchema, parse, validate } from 'graphql';
import { buildSentDocument, wholeDocument } from '../../../../src/core/run/embeddedRun';
import { mapErrorLocations, placeErrors, revealTargets } from '../../../../src/core/run/errorLocations';
import { LineIndex } from '../../../../src/core/text/lineIndex';
import type { Range } from '../../../../src/core/text/position';
import { tokenSpanAt } from '../../../../src/core/run/tokens';

const DOC = [
  'query Tasks($p: TaskPriority!) {', // line 1
  '  tasks(filter: {priority: $p}) {', // line 2
  '    edges { node { id nme } }', // line 3
  '  }',
  '  note(text: "hello world", n: -12.5e3)', // line 5
  '  ...Frag',
  '}',
].join('\n');

const FALLBACK: Range = { start: { line: 0, character: 6 }, end: { line: 0, character: 11 } };

function text(range: Range): string {
  const lines = new LineIndex(DOC);
  return DOC.slice(lines.offsetAt(range.start), lines.offsetAt(range.end));
}

describe('mapErrorLocations', () => {
  const cases: { name: string; line: number; column: number; covers: string; start: [number, number] }[] = [
    { name: 'a field name', line: 3, column: 23, covers: 'nme', start: [2, 22] },
    { name: 'a variable sigil is its own punctuator', line: 2, column: 28, covers: '$', start: [1, 27] },
    { name: 'a variable name after the sigil', line: 2, column: 29, covers: 'p', start: [1, 28] },
    { name: 'a string', line: 5, column: 14, covers: '"hello world"', start: [4, 13] },
    { name: 'a negative float', line: 5, column: 32, covers: '-12.5e3', start: [4, 31] },
    { name: 'a spread', line: 6, column: 3, covers: '...', start: [5, 2] },
    { name: 'a brace', line: 1, column: 32, covers: '{', start: [0, 31] },
    { name: 'the middle of a name widens to the whole name', line: 1, column: 9, covers: 'Tasks', start: [0, 6] },
    { name: 'whitespace: empty range there', line: 3, column: 1, covers: '', start: [2, 0] },
    { name: 'column past the line end: clamped to its end', line: 4, column: 99, covers: '', start: [3, 3] },
    { name: 'column 0: clamped to the line start', line: 6, column: 0, covers: '', start: [5, 0] },
    { name: 'line past the end: end of the document', line: 40, column: 3, covers: '', start: [6, 1] },
    { name: 'line 0: first line', line: 0, column: 1, covers: 'query', start: [0, 0] },
  ];
  for (const c of cases) {
    it(`${c.name} (${c.line}:${c.column})`, () => {
      const [d] = mapErrorLocations(DOC, [{ message: 'm', locations: [{ line: c.line, column: c.column }] }], FALLBACK);
      assert.equal(text(d.range), c.covers);
      assert.deepEqual([d.range.start.line, d.range.start.character], c.start);
    });
  }

  it('one diagnostic per location, with message, path and extensions in the detail', () => {
    const ds = mapErrorLocations(
      DOC,
      [
        {
          message: 'Boom',
          locations: [
            { line: 2, column: 3 },
            { line: 3, column: 20 },
          ],
          path: ['tasks', 'edges', 0],
          extensions: { code: 'INTERNAL' },
        },
      ],
      FALLBACK,
    );
    assert.deepEqual(
      ds.map((d) => [text(d.range), d.message, d.detail, d.code]),
      [
        ['tasks', 'Boom', 'path: tasks.edges.0\nextensions: {"code":"INTERNAL"}', 'INTERNAL'],
        ['id', 'Boom', 'path: tasks.edges.0\nextensions: {"code":"INTERNAL"}', 'INTERNAL'],
      ],
    );
  });

  it('errors without (usable) locations go on the operation name', () => {
    const ds = mapErrorLocations(DOC, [{ message: 'Not authorised' }, { message: 'x', locations: [] }, { message: 'y', locations: [{ line: 'a' }] }, 'plain string'], FALLBACK);
    assert.deepEqual(
      ds.map((d) => [d.range, d.message, d.detail]),
      [
        [FALLBACK, 'Not authorised', undefined],
        [FALLBACK, 'x', undefined],
        [FALLBACK, 'y', undefined],
        [FALLBACK, 'plain string', undefined],
      ],
    );
  });

  it('an entry without a message still says something', () => {
    const [d] = mapErrorLocations(DOC, [{ locations: [{ line: 1, column: 1 }] }], FALLBACK);
    assert.match(d.message, /without a message/);
  });

  it('not an array: no diagnostics', () => {
    assert.deepEqual(mapErrorLocations(DOC, undefined, FALLBACK), []);
    assert.deepEqual(mapErrorLocations(DOC, { message: 'x' }, FALLBACK), []);
  });

  it('maps real graphql-js validation errors onto the offending field', () => {
    const schema = buildSchema('type Query { tasks: [Task] } type Task { id: ID name: String }');
    const doc = 'query A {\r\n  tasks {\r\n    id\r\n    nme\r\n  }\r\n}';
    const errors = validate(schema, parse(doc)).map((e) => e.toJSON());
    const [d] = mapErrorLocations(doc, errors, FALLBACK);
    assert.match(d.message, /Cannot query field "nme" on type "Task"\. Did you mean "name"\?/);
    assert.deepEqual(d.range, { start: { line: 3, character: 4 }, end: { line: 3, character: 7 } });
  });
});

describe('placeErrors and revealTargets for a .graphql file (its whole text sent)', () => {
  const errors = [
    { message: 'Cannot query field "nme"', locations: [{ line: 3, column: 23 }], path: ['tasks'], extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } },
    {
      message: 'two places',
      locations: [
        { line: 2, column: 29 },
        { line: 99, column: 1 },
      ],
    },
    { message: 'Not authorised' },
    'plain string',
  ];
  const doc = wholeDocument(DOC);
  const place = { sent: buildSentDocument(doc, () => undefined), doc, host: new LineIndex(DOC), fallback: FALLBACK };

  it('places every error as mapErrorLocations does on the text (tokens, clamping, the fallback, detail and code)', () => {
    const placed = placeErrors(place, errors);
    assert.deepEqual(placed, mapErrorLocations(DOC, errors, FALLBACK));
    assert.deepEqual(
      placed.map((d) => text(d.range)),
      ['nme', 'p', '', text(FALLBACK), text(FALLBACK)],
    );
    assert.equal(placed[0].code, 'GRAPHQL_VALIDATION_FAILED');
  });

  it('gives the results panel the same token for each well-formed location, once', () => {
    const targets = revealTargets(place, [...errors, errors[0]]);
    assert.deepEqual(
      targets.map((t) => [t.line, t.column, text(t.range)]),
      [
        [3, 23, 'nme'],
        [2, 29, 'p'],
        [99, 1, ''],
      ],
    );
  });
});

describe('tokenSpanAt', () => {
  const cases: [string, number, string][] = [
    ['a """block "" string""" b', 2, '"""block "" string"""'],
    ['a "unterminated\nnext', 2, '"unterminated'],
    ['x: "esc\\"aped" y', 3, '"esc\\"aped"'],
    ['# comment here\nq', 0, '# comment here'],
    ['a ? b', 2, '?'],
    ['a 😀 b', 2, '😀'],
    ['_name1 x', 0, '_name1'],
    ['42', 0, '42'],
  ];
  for (const [t, offset, covers] of cases) {
    it(`${JSON.stringify(t)} @${offset} -> ${JSON.stringify(covers)}`, () => {
      const [s, e] = tokenSpanAt(t, offset);
      assert.equal(t.slice(s, e), covers);
    });
  }

  const codes: [string, unknown, string | undefined][] = [
    ['an identifier', 'GRAPHQL_VALIDATION_FAILED', 'GRAPHQL_VALIDATION_FAILED'],
    ['a dotted one', 'auth.scope-missing', 'auth.scope-missing'],
    ['a sentence', 'You must sign in first, see https://x.test', undefined],
    ['a very long one', 'A'.repeat(65), undefined],
    ['a number', 42, undefined],
  ];
  for (const [what, code, shown] of codes) {
    it(`puts an extensions.code that is ${what} ${shown ? 'beside the message' : 'only in the detail'}`, () => {
      const [d] = mapErrorLocations('{ a }', [{ message: 'Boom', extensions: { code } }], { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } });
      assert.equal(d.code, shown);
      assert.match(d.detail ?? '', /extensions: /);
    });
  }
});
