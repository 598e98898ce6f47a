import { strict as assert } from 'node:assert';
import { documentPathOf, parseTestFile } from '../../../../src/core/testing/testFile';
import { checkTestFile } from '../../../../src/core/testing/testRunner';

/** The problems of a file as `line:column message`. */
const problems = (text: string) => parseTestFile(text).problems.map((p) => `${p.place.line}:${p.place.column} ${p.message}`);

describe('core/testing test file parser (cases, places, problems at their lines)', () => {
  it('names the document a test file belongs to', () => {
    assert.equal(documentPathOf('/w/tasks.graphql.test.json'), '/w/tasks.graphql');
    assert.equal(documentPathOf('C:\\w\\a.gql.test.json'), 'C:\\w\\a.gql');
    assert.equal(documentPathOf('/w/tasks.test.json'), undefined);
    assert.equal(documentPathOf('/w/.graphql.test.json'), undefined);
  });

  it('reads operations, several cases each, with names, variables and the place of each assertion', () => {
    const text = `{
  "$schema": "x",
  // comments are allowed
  "Tasks": [
    { "name": "high", "variables": { "p": "HIGH" }, "assert": [{ "noErrors": true }] },
    {
      "name": "low",
      "assert": [
        { "status": 200 },
        { "path": "$.data.tasks", "length": 2 }
      ]
    }
  ]
}`;
    const file = parseTestFile(text);
    assert.deepEqual(file.problems, []);
    assert.equal(file.operations.length, 1);
    const [high, low] = file.operations[0].cases;
    assert.equal(high.name, 'high');
    assert.deepEqual(high.variables, { p: 'HIGH' });
    assert.equal(low.variables, undefined);
    assert.equal(low.place.line, 6);
    assert.deepEqual(
      low.assertions.map((a) => [a.kind, a.place.line, a.place.column]),
      [
        ['status', 9, 9],
        ['path', 10, 9],
      ],
    );
  });

  const bad: [string, string, RegExp][] = [
    ['invalid JSON', '{ "Tasks": [ }', /^1:14 The test file is not valid JSON at line 1, column 14/],
    ['a top level that is not an object', '[]', /^1:1 The test file must hold one JSON object/],
    ['an operation entry that is not a list', '{\n  "Tasks": {}\n}', /^2:3 The entry "Tasks" must be a list of cases/],
    ['a case without assertions', '{"Tasks": [\n  {"name": "a"}\n]}', /^2:3 Case 1 of "Tasks" \("a"\) needs "assert"/],
    [
      'two cases with one name',
      '{"T": [\n {"name": "a", "assert": [{"noErrors": true}]},\n {"name": "a", "assert": [{"noErrors": true}]}\n]}',
      /^3:2 Two cases of "T" are named "a"/,
    ],
    ['an unknown kind of assertion', '{"T": [{"assert": [\n  {"contains": 1}\n]}]}', /^2:3 Case 1 of "T" \("case 1"\): "contains" is not a kind of assertion/],
    ['two kinds in one object', '{"T": [{"assert": [\n  {"status": 200, "noErrors": true}\n]}]}', /^2:4 .*"status" cannot be combined with "noErrors"/],
    ['a JSONPath without $', '{"T": [{"assert": [\n  {"path": "data.x", "exists": true}\n]}]}', /^2:12 .*"data\.x" is not a JSONPath expression: it starts with \$/],
    ['an unclosed bracket in a JSONPath', '{"T": [{"assert": [\n  {"path": "$.data.x[0", "exists": true}\n]}]}', /^2:12 .*is not closed/],
    ['a stray bracket in a JSONPath', '{"T": [{"assert": [\n  {"path": "$.data.x]", "exists": true}\n]}]}', /^2:12 .*unmatched "\]"/],
    ['a bad filter expression', '{"T": [{"assert": [\n  {"path": "$.data[?(@.x ==)]", "exists": true}\n]}]}', /^2:12 .*is not valid/],
    ['a bad regular expression', '{"T": [{"assert": [\n  {"path": "$.a", "matches": "("}\n]}]}', /^2:30 .*not a valid regular expression/],
    ['an unknown type', '{"T": [{"assert": [\n  {"path": "$.a", "type": "list"}\n]}]}', /^2:27 .*"type" takes one of string, number/],
    ['a path with two checks', '{"T": [{"assert": [\n  {"path": "$.a", "length": 1, "exists": true}\n]}]}', /^2:3 .*exactly one of/],
    ['a status out of range', '{"T": [{"assert": [\n  {"status": 42}\n]}]}', /^2:14 .*"status" takes an HTTP status/],
    ['a bad ignore path of a snapshot', '{"T": [{"assert": [\n  {"snapshot": {"ignore": ["x"]}}\n]}]}', /^2:28 .*"x" is not a JSONPath/],
    ['variables that are not an object', '{"T": [{"variables": [1], "assert": [{"noErrors": true}]}]}', /^1:22 .*"variables" must be an object/],
  ];
  for (const [what, text, expected] of bad) {
    it(`reports ${what} at its line`, () => {
      const found = problems(text);
      assert.equal(found.length, 1, found.join('\n'));
      assert.match(found[0], expected);
    });
  }

  it('keeps the good cases of a file with a bad one', () => {
    const file = parseTestFile('{"T": [{"name": "ok", "assert": [{"noErrors": true}]}, {"name": "bad", "assert": [{"nope": 1}]}]}');
    assert.equal(file.problems.length, 1);
    assert.deepEqual(
      file.operations[0].cases.map((c) => c.name),
      ['ok'],
    );
  });

  it('reports an operation the document no longer has, at its key, naming those it has', () => {
    const checked = checkTestFile({
      testText: '{\n  "Gone": [{"assert": [{"noErrors": true}]}]\n}',
      documentText: 'query Tasks { tasks { id } }',
      documentName: 'tasks.graphql',
    });
    assert.deepEqual(
      checked.problems.map((p) => `${p.place.line}:${p.place.column} ${p.message}`),
      ['2:3 tasks.graphql has no operation "Gone" (it has "Tasks"): rename the entry or remove it.'],
    );
  });

  it('reports a missing document', () => {
    const checked = checkTestFile({ testText: '{"T": [{"assert": [{"noErrors": true}]}]}', documentText: undefined, documentName: 'tasks.graphql' });
    assert.match(checked.problems[0].message, /tasks\.graphql does not exist/);
  });
});
