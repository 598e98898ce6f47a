import * as assert from 'node:assert/strict';
import { buildSchema, parse, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { sidecarCompletions, sidecarProblems } from '../../../../src/core/run/sidecarAssist';

const SCHEMA = buildSchema(`
  "How urgent"
  enum TaskPriority { LOW HIGH }
  input TaskFilter { "Only this priority" priority: TaskPriority, text: String }
  type Task { id: ID! }
  type Query { tasks(filter: TaskFilter, first: Int, done: Boolean, ids: [ID!]): [Task] }
`);
const OPS = parse(`
  query Urgent($priority: TaskPriority!, $done: Boolean, $filter: TaskFilter, $first: Int = 3) {
    tasks(filter: $filter, first: $first, done: $done) { id }
    again: tasks(filter: { priority: $priority }) { id }
  }
  query Other { tasks { id } }
`).definitions as OperationDefinitionNode[];

/** `|` marks the cursor; returns the labels proposed there. */
function labels(marked: string, schema: GraphQLSchema | null = SCHEMA): string[] {
  const offset = marked.indexOf('|');
  return sidecarCompletions(schema ?? undefined, OPS, marked.slice(0, offset) + marked.slice(offset + 1), offset).map((c) => c.label);
}

describe('sidecarCompletions', () => {
  const cases: [string, string, string[]][] = [
    ['operation names not yet present', '{ "Other": {}, | }', ['Urgent']],
    ['variable names of the operation', '{ "Urgent": { "done": true, | } }', ['priority', 'filter', 'first']],
    ['fields of an input object', '{ "Urgent": { "filter": { | } } }', ['priority', 'text']],
    ['enum values of a non-null enum (no null)', '{ "Urgent": { "priority": | } }', ['"LOW"', '"HIGH"']],
    ['booleans and null for a nullable Boolean', '{ "Urgent": { "done": | } }', ['true', 'false', 'null']],
    ['an object for an input object', '{ "Urgent": { "filter": | } }', ['{}', 'null']],
    ['enum values inside an input object', '{ "Urgent": { "filter": { "priority": "| } } }', ['"LOW"', '"HIGH"', 'null']],
    ['nothing for an unknown operation', '{ "Nope": { | } }', []],
    ['nothing after a value', '{ "Urgent": { "done": true | } }', []],
  ];
  for (const [what, text, expected] of cases) {
    it(what, () => assert.deepEqual(labels(text), expected));
  }

  it('without a schema, still proposes operation and variable names', () => {
    assert.deepEqual(labels('{ "Urgent": { | } }', null), ['priority', 'done', 'filter', 'first']);
    assert.deepEqual(labels('{ "Urgent": { "priority": | } }', null), []);
  });

  it('inserts JSON text over the typed word, with type and description', () => {
    const text = '{ "Urgent": { "pri } }';
    const [c] = sidecarCompletions(SCHEMA, OPS, text, text.indexOf('pri') + 3);
    assert.deepEqual(c, {
      label: 'priority',
      insertText: '"priority": ',
      kind: 'variable',
      detail: 'TaskPriority!',
      documentation: 'How urgent',
      replace: [14, 18],
    });
  });
});

describe('sidecarProblems', () => {
  const problems = (text: string) => sidecarProblems(SCHEMA, OPS, text).map((p) => ({ severity: p.severity, at: text.slice(p.span[0], p.span[1]), message: p.message }));

  it('names a wrong value on its variable', () => {
    const [p] = problems('{ "Urgent": { "priority": "HIGHEST" } }');
    assert.equal(p.severity, 'error');
    assert.equal(p.at, '"priority"');
    assert.match(p.message, /\$priority/);
  });

  it('warns about an unknown operation and an undeclared variable', () => {
    assert.deepEqual(
      problems('{ "Urgent": { "priority": "LOW", "color": 1 }, "Gone": {} }').map((p) => [p.severity, p.at]),
      [
        ['warning', '"color"'],
        ['warning', '"Gone"'],
      ],
    );
  });

  it('tells which required variables will be asked for', () => {
    const [p] = problems('{ "Urgent": { "done": true } }');
    assert.equal(p.severity, 'info');
    assert.equal(p.at, '"Urgent"');
    assert.match(p.message, /\$priority \(TaskPriority!\)/);
  });

  it('is quiet for a valid sidecar and leaves JSON syntax errors to the JSON support', () => {
    assert.deepEqual(problems('{ "Urgent": { "priority": "LOW", "filter": { "priority": "HIGH" } }, "Other": {} }'), []);
    assert.deepEqual(problems('{ "Urgent": '), []);
  });
});
