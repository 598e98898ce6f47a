import * as assert from 'node:assert/strict';
import { buildSchema, parse, type OperationDefinitionNode } from 'graphql';
import { parseJsonText } from '../../../../src/core/run/jsonText';
import { analyseVariables, checkVariables, describeVariable, type VariableNeed } from '../../../../src/core/run/variables';
import { coerceAnswer } from '../../../../src/core/run/variableAnswers';
import { ANONYMOUS_OPERATION_KEY, SidecarError, parseSidecar, saveAnswers, sidecarPathFor, variablesFromSidecar } from '../../../../src/core/run/variablesFile';

const SCHEMA = buildSchema(`
  enum TaskPriority { LOW MEDIUM HIGH "Drop everything" URGENT }
  "Which tasks to list"
  input TaskFilter { priority: TaskPriority! text: String }
  input NewTask { name: String! priority: TaskPriority = MEDIUM tags: [String!] filter: TaskFilter }
  scalar DateTime
  type Task { id: ID! name: String }
  type Query { tasks(filter: TaskFilter, first: Int, done: Boolean, ratio: Float, ids: [ID!], at: DateTime, ps: [TaskPriority!]): [Task] }
  type Mutation { addTask(input: NewTask!): Task }
`);

const DOC = parse(`
  query Tasks($priority: TaskPriority!, $first: Int = 10, $done: Boolean!, $ratio: Float, $filter: TaskFilter!,
              $ids: [ID!]!, $at: DateTime!, $ps: [TaskPriority!]) {
    tasks(filter: $filter, first: $first, done: $done, ratio: $ratio, ids: $ids, at: $at, ps: $ps) { id }
    more: tasks(filter: {priority: $priority}) { id }
  }
  mutation AddTask($input: NewTask!) { addTask(input: $input) { id } }
  query Nothing { tasks { id } }
`);
const [TASKS, ADD_TASK, NOTHING] = DOC.definitions as OperationDefinitionNode[];

function need(op: OperationDefinitionNode, name: string): VariableNeed {
  const def = op.variableDefinitions!.find((d) => d.variable.name.value === name)!;
  return describeVariable(SCHEMA, def);
}

describe('sidecarPathFor', () => {
  const cases: [string, string | undefined][] = [
    ['/work/q/tasks.graphql', '/work/q/tasks.variables.json'],
    ['C:\\q\\Tasks.GQL', 'C:\\q\\Tasks.variables.json'],
    ['file:///work/q/my.tasks.graphql', 'file:///work/q/my.tasks.variables.json'],
    ['untitled:Untitled-1.graphql?x=1', 'untitled:Untitled-1.variables.json?x=1'],
    ['/work/q/schema.graphqls', undefined],
    ['/work/q/tasks.json', undefined],
    ['/work/q/.graphql', undefined],
    ['/work/src/api.ts', '/work/src/api.variables.json'],
    ['file:///work/src/Tasks.tsx', 'file:///work/src/Tasks.variables.json'],
    ['/work/src/api.client.mts', '/work/src/api.client.variables.json'],
    ['/work/src/App.vue', '/work/src/App.variables.json'],
    ['/work/src/Page.svelte', '/work/src/Page.variables.json'],
    ['/work/src/api.variables.json', undefined],
    ['/work/src/.ts', undefined],
    ['/work/src/api.tsx.bak', undefined],
  ];
  for (const [input, expected] of cases) {
    it(`${input} -> ${expected}`, () => assert.equal(sidecarPathFor(input), expected));
  }
});

describe('parseSidecar', () => {
  it('reads one object of variables per operation name', () => {
    const r = parseSidecar('{\n  "Tasks": { "priority": "HIGH" },\n  "(anonymous)": {}\n}');
    assert.ok(r.ok);
    assert.deepEqual(r.sidecar, { Tasks: { priority: 'HIGH' }, '(anonymous)': {} });
    assert.deepEqual(variablesFromSidecar(r.sidecar, 'Tasks'), { priority: 'HIGH' });
    assert.deepEqual(variablesFromSidecar(r.sidecar, 'Other'), {});
    assert.deepEqual(variablesFromSidecar(r.sidecar, undefined), {});
  });

  it('an empty file is an empty sidecar', () => {
    assert.deepEqual(parseSidecar('  \n'), { ok: true, sidecar: {} });
  });

  const bad: { name: string; text: string; line: number; column: number; message: RegExp }[] = [
    { name: 'missing value', text: '{\n  "Tasks": { "priority": }\n}', line: 2, column: 26, message: /line 2, column 26: Unexpected '}': expected a JSON value/ },
    { name: 'trailing comma', text: '{\n  "Tasks": {},\n}', line: 3, column: 1, message: /Trailing comma/ },
    { name: 'single quotes', text: "{ 'Tasks': {} }", line: 1, column: 3, message: /expected a property name in double quotes/ },
    { name: 'unterminated string', text: '{ "Tasks', line: 1, column: 3, message: /Unterminated string/ },
    { name: 'two values', text: '{} {}', line: 1, column: 4, message: /after the end of the JSON value/ },
    { name: 'top level is an array', text: '[1]', line: 1, column: 1, message: /must hold one JSON object/ },
    { name: 'entry is not an object', text: '{\n  "Tasks": {},\n  "AddTask": [1, 2]\n}', line: 3, column: 3, message: /The entry "AddTask" .* must be an object of variables/ },
  ];
  for (const c of bad) {
    it(`${c.name} -> SidecarError at ${c.line}:${c.column}`, () => {
      const r = parseSidecar(c.text);
      assert.ok(!r.ok);
      assert.ok(r.error instanceof SidecarError);
      assert.match(r.error.message, c.message);
      assert.deepEqual([r.error.line, r.error.column], [c.line, c.column]);
    });
  }
});

describe('parseJsonText agrees with JSON.parse on valid JSON', () => {
  const texts = [
    '{"a":1,"b":[true,false,null],"c":{"d":"e\\u00e9\\n\\"x"}}',
    ' [ -0.5e+3 , 0 , 12 , "" ] ',
    '"just a string"',
    '{"__proto__": {"polluted": true}}',
    '{"a": 1, "a": 2}',
  ];
  for (const t of texts) {
    it(t, () => {
      const r = parseJsonText(t);
      assert.ok(r.ok);
      assert.deepEqual(r.json.value, JSON.parse(t));
    });
  }
  it('allows comments (JSONC), and reports a problem after one at its exact place', () => {
    const ok = parseSidecar('// notes\n{ /* ops */ "Tasks": { "first": 2 } }');
    assert.deepEqual(ok, { ok: true, sidecar: { Tasks: { first: 2 } } });
    const bad = parseSidecar('// notes\n{ "Tasks": { "first": } }');
    assert.ok(!bad.ok);
    assert.deepEqual([bad.error.line, bad.error.column], [2, 23]);
  });
  it('a "__proto__" key does not change the prototype', () => {
    const r = parseJsonText('{"__proto__": {"polluted": true}}');
    assert.ok(r.ok);
    assert.equal(Object.getPrototypeOf(r.json.value), Object.prototype);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });
  for (const t of ['01', '1.', '.5', '+1', 'tru', '"\\x"', '"a\nb"', '{"a" 1}', '[1 2]', 'NaN']) {
    it(`rejects ${JSON.stringify(t)} like JSON.parse`, () => {
      assert.throws(() => JSON.parse(t));
      assert.equal(parseJsonText(t).ok, false);
    });
  }
});

describe('saveAnswers', () => {
  it('merges into the operation entry, keeps other operations and variables', () => {
    const before = '{"AddTask": {"input": {"name": "x"}}, "Tasks": {"first": 5}}\n';
    const after = saveAnswers(before, 'Tasks', { priority: 'HIGH', first: 7 });
    assert.deepEqual(JSON.parse(after), { AddTask: { input: { name: 'x' } }, Tasks: { first: 7, priority: 'HIGH' } });
  });
  it('keeps comments, indentation and the other entries exactly as they were', () => {
    const before = '// Variables of tasks.graphql\n{\n    "Other": { "keep": [1,2,3] },\n    "Tasks": {\n        "first": 5\n    }\n}\n';
    const after = saveAnswers(before, 'Tasks', { priority: 'HIGH' });
    assert.equal(after, '// Variables of tasks.graphql\n{\n    "Other": { "keep": [1,2,3] },\n    "Tasks": {\n        "first": 5,\n        "priority": "HIGH"\n    }\n}\n');
  });
  it("adds a missing operation entry in the file's style", () => {
    const before = '{\n  "Other": {} /* later */\n}\n';
    const after = saveAnswers(before, 'Tasks', { n: 1 });
    assert.ok(after.includes('/* later */'), after);
    assert.deepEqual(parseSidecar(after), { ok: true, sidecar: { Other: {}, Tasks: { n: 1 } } });
  });
  it('creates the file text when there is none; anonymous operations use their own key', () => {
    assert.equal(saveAnswers(undefined, undefined, { n: 1 }), `{\n  "${ANONYMOUS_OPERATION_KEY}": {\n    "n": 1\n  }\n}\n`);
  });
  it('refuses to overwrite a file that is not valid JSON', () => {
    assert.throws(() => saveAnswers('{"Tasks": ', 'Tasks', { a: 1 }), SidecarError);
  });
});

describe('analyseVariables', () => {
  it('lists required variables without a value, in order, described for asking', () => {
    const r = analyseVariables(SCHEMA, TASKS, {});
    assert.deepEqual(
      r.missing.map((m) => [m.name, m.typeLabel, m.kind, m.list, m.required]),
      [
        ['priority', 'TaskPriority!', 'enum', false, true],
        ['done', 'Boolean!', 'boolean', false, true],
        ['filter', 'TaskFilter!', 'json', false, true],
        ['ids', '[ID!]!', 'id', true, true],
        ['at', 'DateTime!', 'string', false, true],
      ],
    );
    assert.deepEqual(r.errors, []);
    assert.deepEqual(r.values, {});
  });

  it('describes enums with their values and input objects with a template', () => {
    const p = need(TASKS, 'priority');
    assert.deepEqual(p.enumValues, [{ name: 'LOW' }, { name: 'MEDIUM' }, { name: 'HIGH' }, { name: 'URGENT', description: 'Drop everything' }]);
    const f = need(TASKS, 'filter');
    assert.equal(f.template, '{"priority":"LOW"}');
    assert.equal(f.description, 'Which tasks to list');
    assert.equal(need(ADD_TASK, 'input').template, '{"name":""}');
  });

  it('takes provided values, ignores undeclared ones, and names wrong types before sending', () => {
    const r = analyseVariables(SCHEMA, TASKS, {
      priority: 'URGENT',
      done: 'yes',
      filter: { priority: 'SOMEDAY' },
      ids: [1, 'a'],
      at: '2024-01-01',
      first: 2.5,
      extra: 1,
    });
    assert.deepEqual(r.missing, []);
    assert.deepEqual(r.unused, ['extra']);
    assert.equal(r.values.extra, undefined);
    assert.equal(r.values.priority, 'URGENT');
    assert.equal(r.errors.length, 3);
    assert.match(r.errors[0], /^Variable "\$first" has invalid value: Int cannot represent non-integer value: 2\.5/);
    assert.match(r.errors[1], /^Variable "\$done" has invalid value: Boolean cannot represent a non boolean value/);
    assert.match(r.errors[2], /^Variable "\$filter" has invalid value at \.priority: Value "SOMEDAY" does not exist in "TaskPriority" enum/);
  });

  it('an explicit null for a required variable is an error, for an optional one fine', () => {
    const r = analyseVariables(SCHEMA, TASKS, { priority: null, ratio: null, done: true, filter: { priority: 'LOW' }, ids: [], at: 'x' });
    assert.deepEqual(r.errors, ['Variable "$priority" has invalid value: Expected value of non-null type "TaskPriority!" not to be null.']);
  });

  it('a variable of a type the schema lacks is an error naming it', () => {
    const op = parse('query Q($x: Nope!) { tasks { id } }').definitions[0] as OperationDefinitionNode;
    assert.deepEqual(analyseVariables(SCHEMA, op, {}).errors, ['Variable "$x" has the type Nope!, which the schema does not define.']);
  });

  it('an operation without variables needs nothing', () => {
    assert.deepEqual(analyseVariables(SCHEMA, NOTHING, {}), { values: {}, missing: [], errors: [], unused: [] });
  });

  it('without a schema: built-in scalars are still checked, other types asked as JSON', () => {
    const r = analyseVariables(undefined, TASKS, { first: 'ten', ratio: 0.5 });
    assert.deepEqual(
      r.missing.map((m) => [m.name, m.kind]),
      [
        ['priority', 'json'],
        ['done', 'boolean'],
        ['filter', 'json'],
        ['ids', 'id'],
        ['at', 'json'],
      ],
    );
    assert.equal(r.errors.length, 1);
    assert.match(r.errors[0], /^Variable "\$first" has invalid value: Int cannot represent non-integer value/);
  });

  it('checkVariables, the last check, names every required variable still missing', () => {
    assert.deepEqual(checkVariables(SCHEMA, ADD_TASK, {}), ['Variable "$input" has invalid value: Expected a value of non-null type "NewTask!" to be provided.']);
    assert.deepEqual(checkVariables(SCHEMA, ADD_TASK, { input: { name: 'Write tests', tags: ['a'] } }), []);
    assert.deepEqual(checkVariables(undefined, ADD_TASK, {}), ['Variable "$input" has invalid value: Expected a value of non-null type "NewTask!" to be provided.']);
  });
});

describe('coerceAnswer (input box validation)', () => {
  const cases: { variable: [OperationDefinitionNode, string]; text: string; expected: unknown }[] = [
    { variable: [TASKS, 'priority'], text: 'HIGH', expected: 'HIGH' },
    { variable: [TASKS, 'priority'], text: 'high', expected: /"high" is not one of LOW, MEDIUM, HIGH, URGENT/ },
    { variable: [TASKS, 'done'], text: 'true', expected: true },
    { variable: [TASKS, 'done'], text: ' False ', expected: false },
    { variable: [TASKS, 'done'], text: 'yes', expected: /\$done \(Boolean!\): enter true or false/ },
    { variable: [TASKS, 'first'], text: '42', expected: 42 },
    { variable: [TASKS, 'first'], text: '-7', expected: -7 },
    { variable: [TASKS, 'first'], text: '4.5', expected: /"4\.5" is not a whole number/ },
    { variable: [TASKS, 'first'], text: '3000000000', expected: /outside the 32-bit range/ },
    { variable: [TASKS, 'first'], text: '', expected: undefined },
    { variable: [TASKS, 'ratio'], text: '0.25', expected: 0.25 },
    { variable: [TASKS, 'ratio'], text: '1e3', expected: 1000 },
    { variable: [TASKS, 'ratio'], text: '0x10', expected: /"0x10" is not a number/ },
    { variable: [TASKS, 'ratio'], text: 'Infinity', expected: /not a number/ },
    { variable: [TASKS, 'priority'], text: '  ', expected: /Enter a value for \$priority \(TaskPriority!\)/ },
    { variable: [TASKS, 'at'], text: '2024-05-01T10:00:00Z', expected: '2024-05-01T10:00:00Z' },
    { variable: [TASKS, 'ids'], text: '["a", 2]', expected: ['a', 2] },
    { variable: [TASKS, 'ids'], text: 'abc', expected: ['abc'] },
    { variable: [TASKS, 'ids'], text: '[true]', expected: /Item 1 of \$ids \(\[ID!\]!\): true is not a valid id/ },
    { variable: [TASKS, 'ids'], text: '[null]', expected: /Expected value of non-null type "ID!" not to be null/ },
    { variable: [TASKS, 'ps'], text: '["LOW", "HIGH"]', expected: ['LOW', 'HIGH'] },
    { variable: [TASKS, 'ps'], text: '["LOW", "NOPE"]', expected: /Item 2 of \$ps .*"NOPE" is not one of/ },
    { variable: [TASKS, 'ps'], text: '[1,', expected: /must be a JSON array/ },
    { variable: [TASKS, 'filter'], text: '{"priority": "LOW", "text": "x"}', expected: { priority: 'LOW', text: 'x' } },
    { variable: [TASKS, 'filter'], text: '{"priority": "low"}', expected: /\$filter \(TaskFilter!\) at "value\.priority": Value "low" does not exist in "TaskPriority" enum/ },
    { variable: [TASKS, 'filter'], text: '{}', expected: /Expected value of type "TaskFilter" to include required field "priority"/ },
    { variable: [TASKS, 'filter'], text: '{"priority": "LOW", "colour": 1}', expected: /Expected value of type "TaskFilter" not to include unknown field "colour"/ },
    { variable: [TASKS, 'filter'], text: '{priority: LOW}', expected: /not valid JSON/ },
    { variable: [ADD_TASK, 'input'], text: '{"name": "a", "tags": ["x", 2]}', expected: /at "value\.tags\[1\]": String cannot represent a non string value: 2/ },
  ];
  for (const c of cases) {
    const [op, name] = c.variable;
    it(`$${name} <- ${JSON.stringify(c.text)}`, () => {
      const r = coerceAnswer(need(op, name), c.text);
      if (c.expected instanceof RegExp) {
        assert.ok(!r.ok, `expected a rejection, got ${JSON.stringify(r)}`);
        assert.match(r.message, c.expected);
      } else {
        assert.ok(r.ok, r.ok ? '' : r.message);
        assert.deepEqual(r.value, c.expected);
      }
    });
  }
  it('without a schema, an enum-typed variable takes JSON', () => {
    const n = describeVariable(undefined, TASKS.variableDefinitions![0]);
    assert.equal(n.kind, 'json');
    assert.deepEqual(coerceAnswer(n, '"HIGH"'), { ok: true, value: 'HIGH' });
  });
});
