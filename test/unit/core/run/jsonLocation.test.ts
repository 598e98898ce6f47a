import * as assert from 'node:assert/strict';
import { findMemberKey, jsonLocationAt, jsonMemberSpans, type JsonLocation } from '../../../../src/core/run/jsonLocation';

/** `|` marks the offset. */
function at(marked: string): JsonLocation {
  const offset = marked.indexOf('|');
  return jsonLocationAt(marked.slice(0, offset) + marked.slice(offset + 1), offset);
}

describe('jsonLocationAt', () => {
  const cases: [string, JsonLocation][] = [
    ['|', { kind: 'none' }],
    ['{|}', { kind: 'key', path: [], keys: [], replace: [1, 1] }],
    ['{ "A": {}, |}', { kind: 'key', path: [], keys: ['A'], replace: [11, 11] }],
    ['{ "Op": { "pri| } }', { kind: 'key', path: ['Op'], keys: [], replace: [10, 14] }],
    ['{ "Op": { "pr|io } }', { kind: 'key', path: ['Op'], keys: [], replace: [10, 15] }],
    ['{ "Op": { "pri|" } }', { kind: 'key', path: ['Op'], keys: [], replace: [10, 15] }],
    ['{ "Op": { "p": | } }', { kind: 'value', path: ['Op', 'p'], replace: [15, 15] }],
    ['{ "Op": { "p": "HI| } }', { kind: 'value', path: ['Op', 'p'], replace: [15, 18] }],
    ['{ "Op": { "p": tr| } }', { kind: 'value', path: ['Op', 'p'], replace: [15, 17] }],
    ['{ "Op": { "f": { "priority": | } } }', { kind: 'value', path: ['Op', 'f', 'priority'], replace: [29, 29] }],
    ['{ "Op": { "ids": [1, | ] } }', { kind: 'value', path: ['Op', 'ids', 1], replace: [21, 21] }],
    ['{ "Op": { "p" | } }', { kind: 'none' }],
    ['{ "Op": { "p": 1 | } }', { kind: 'none' }],
    ['{ "Op": { "p": "a", | } }', { kind: 'key', path: ['Op'], keys: ['p'], replace: [20, 20] }],
  ];
  cases.push(['// note\n{ /* ops */ "Op": { |} }', { kind: 'key', path: ['Op'], keys: [], replace: [28, 28] }]);
  for (const [text, expected] of cases) {
    it(JSON.stringify(text), () => assert.deepEqual(at(text), expected));
  }
});

describe('jsonMemberSpans / findMemberKey', () => {
  const text = '{\n  "Op": { "a": 1, "b": { "c": [ { "d": 2 } ] } },\n  "Other": {}\n}';
  const spans = jsonMemberSpans(text);

  it('lists every property name with its path, in order', () => {
    assert.deepEqual(
      spans.map((s) => s.path),
      [['Op'], ['Op', 'a'], ['Op', 'b'], ['Op', 'b', 'c'], ['Op', 'b', 'c', 0, 'd'], ['Other']],
    );
  });

  const cases: [(string | number)[], string | undefined][] = [
    [['Op'], '"Op"'],
    [['Op', 'b'], '"b"'],
    [['Op', 'b', 'c', 0, 'd'], '"d"'],
    [['Other'], '"Other"'],
    [['Op', 'zz'], undefined],
  ];
  for (const [path, expected] of cases) {
    it(`finds ${path.join('.')}`, () => {
      const span = findMemberKey(spans, path);
      assert.equal(span && text.slice(span[0], span[1]), expected);
    });
  }

  it('never throws on broken text', () => {
    for (const broken of ['{"a', '{"a": [}', '}}]]', '{"a": "b\n', '"\\']) {
      assert.doesNotThrow(() => jsonMemberSpans(broken));
      assert.doesNotThrow(() => jsonLocationAt(broken, broken.length));
    }
  });
});
