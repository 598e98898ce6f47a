import * as assert from 'node:assert/strict';
import { parse, validate } from 'graphql';
import { builderChildren } from '../../../../src/core/builder/builderTree';
import { builderState } from '../../../../src/core/builder/builderState';
import { pathKey } from '../../../../src/core/builder/builderPath';
import { BuilderError } from '../../../../src/core/builder/builderEdits';
import { SCHEMA, steps, toggle } from './builderFixture';

const valid = (text: string) =>
  assert.deepEqual(
    validate(SCHEMA, parse(text)).map((e) => e.message),
    [],
  );
const base = 'query Q {\n  tasks {\n    totalCount\n  }\n}\n';

describe('core/builder/builderInput: input-object fields of optional arguments to pick', () => {
  it('lists an input-object argument as expandable, its fields under it, and enum values and nested fields under those', () => {
    const args = builderChildren(SCHEMA, { root: 'query', steps: steps('tasks') }, { showDeprecated: true });
    const filter = args.find((n) => n.label === 'filter')!;
    assert.equal(filter.expandable, true);
    const fields = builderChildren(SCHEMA, filter.path, { showDeprecated: true });
    assert.deepEqual(
      fields.map((n) => [n.kind, n.label, n.typeText, n.required, n.expandable]),
      [
        ['inputField', 'status', 'Status', false, true],
        ['inputField', 'owner', 'ID', false, false],
        ['inputField', 'due', 'DateRange', false, true],
      ],
    );
    assert.deepEqual(
      builderChildren(SCHEMA, fields[0].path, { showDeprecated: true }).map((n) => [n.kind, n.label]),
      [
        ['enumValue', 'OPEN'],
        ['enumValue', 'DONE'],
      ],
    );
    assert.deepEqual(
      builderChildren(SCHEMA, fields[2].path, { showDeprecated: true }).map((n) => [n.label, n.required]),
      [
        ['from', true],
        ['to', false],
      ],
    );
    assert.equal(pathKey(fields[0].path), 'query:tasks/(filter)/.status');
  });

  it('ticking an enum value of an input field writes the object; ticking another field adds to it', () => {
    const first = toggle(base, true, ['tasks', '(filter)', '.status', '=DONE']);
    assert.equal(first.text, 'query Q {\n  tasks(filter: { status: DONE }) {\n    totalCount\n  }\n}\n');
    assert.deepEqual(first.change.variables, []);
    valid(first.text);
    const second = toggle(first.text, true, ['tasks', '(filter)', '.owner']);
    assert.equal(second.text, 'query Q($owner: ID) {\n  tasks(filter: { status: DONE, owner: $owner }) {\n    totalCount\n  }\n}\n');
    assert.deepEqual(second.change.variables, [{ name: 'owner', type: 'ID', placeholder: '' }]);
    valid(second.text);
    // Another value of the same field replaces the first one.
    assert.match(toggle(second.text, true, ['tasks', '(filter)', '.status', '=OPEN']).text, /filter: \{ status: OPEN, owner: \$owner \}/);
  });

  it('a new nested object gives its required fields too, as variables, so that it validates', () => {
    const r = toggle(base, true, ['tasks', '(filter)', '.due', '.to']);
    assert.equal(r.text, 'query Q($from: String!, $to: String) {\n  tasks(filter: { due: { from: $from, to: $to } }) {\n    totalCount\n  }\n}\n');
    valid(r.text);
    // In a new operation, with the field not yet selected.
    const fresh = toggle('', true, ['tasks', '(filter)', '.status', '=OPEN']);
    assert.equal(fresh.text, 'query Tasks {\n  tasks(filter: { status: OPEN }) {\n    __typename\n  }\n}\n');
    valid(fresh.text);
  });

  it('the state ticks the input fields and the enum values the text gives', () => {
    const text = 'query Q($to: String, $from: String!) {\n  tasks(filter: { status: DONE, due: { from: $from, to: $to } }) {\n    totalCount\n  }\n}\n';
    const ticked = builderState(text, 0).ticked;
    for (const key of [
      'query:tasks/(filter)',
      'query:tasks/(filter)/.status',
      'query:tasks/(filter)/.status/=DONE',
      'query:tasks/(filter)/.due',
      'query:tasks/(filter)/.due/.to',
    ]) {
      assert.ok(ticked.has(key), key);
    }
    assert.ok(!ticked.has('query:tasks/(filter)/.owner'));
    assert.ok(!ticked.has('query:tasks/(filter)/.status/=OPEN'));
  });

  it('unticking takes a field out with its variable; the last one takes the argument; a required one stays', () => {
    const text = 'query Q($owner: ID, $from: String!) {\n  tasks(first: 5, filter: { status: DONE, owner: $owner, due: { from: $from } }) {\n    totalCount\n  }\n}\n';
    const noOwner = toggle(text, false, ['tasks', '(filter)', '.owner']).text;
    assert.equal(noOwner, 'query Q($from: String!) {\n  tasks(first: 5, filter: { status: DONE, due: { from: $from } }) {\n    totalCount\n  }\n}\n');
    valid(noOwner);
    // `from` is required in DateRange: its box cannot be cleared.
    assert.equal(toggle(noOwner, false, ['tasks', '(filter)', '.due', '.from']).text, noOwner);
    const noDue = toggle(noOwner, false, ['tasks', '(filter)', '.due']).text;
    assert.equal(noDue, 'query Q {\n  tasks(first: 5, filter: { status: DONE }) {\n    totalCount\n  }\n}\n');
    // Another value than the one written: nothing to untick.
    assert.equal(toggle(noDue, false, ['tasks', '(filter)', '.status', '=OPEN']).text, noDue);
    const none = toggle(noDue, false, ['tasks', '(filter)', '.status', '=DONE']).text;
    assert.equal(none, 'query Q {\n  tasks(first: 5) {\n    totalCount\n  }\n}\n');
    valid(none);
  });

  it('a field ticked in an argument given as a variable replaces the variable (its declaration goes when nothing else uses it); a list value is a clear error', () => {
    const text = 'query Q($f: TaskFilter) {\n  tasks(filter: $f) {\n    totalCount\n  }\n}\n';
    const r = toggle(text, true, ['tasks', '(filter)', '.owner']);
    assert.equal(r.text, 'query Q($owner: ID) {\n  tasks(filter: { owner: $owner }) {\n    totalCount\n  }\n}\n');
    assert.deepEqual(r.change.variables, [{ name: 'owner', type: 'ID', placeholder: '' }]);
    valid(r.text);
    const shared = 'query Q($f: TaskFilter) {\n  tasks(filter: $f) {\n    totalCount\n  }\n  other: tasks(filter: $f) {\n    totalCount\n  }\n}\n';
    assert.match(toggle(shared, true, ['tasks', '(filter)', '.status', '=DONE']).text, /^query Q\(\$f: TaskFilter\) \{\n {2}tasks\(filter: \{ status: DONE \}\)/);
    assert.throws(() => toggle('{\n  tasks(filter: [{ owner: 1 }]) {\n    totalCount\n  }\n}\n', true, ['tasks', '(filter)', '.owner']), BuilderError);
    assert.throws(() => toggle(base, true, ['tasks', '(filter)', '.nope']), /TaskFilter has no field nope/);
  });
});

describe('core/builder/builderInput: a required input-object argument or field never left empty', () => {
  const patched = 'mutation M($id: ID!) {\n  updateTask(id: $id, patch: { status: DONE }) {\n    id\n  }\n}\n';

  it('unticking the last field of a required argument puts back the variable a first tick writes, declared and with its placeholder', () => {
    const r = toggle(patched, false, ['updateTask', '(patch)', '.status', '=DONE'], 'mutation');
    assert.equal(r.text, 'mutation M($id: ID!, $patch: TaskPatch!) {\n  updateTask(id: $id, patch: $patch) {\n    id\n  }\n}\n');
    assert.deepEqual(r.change.variables, [{ name: 'patch', type: 'TaskPatch!', placeholder: {} }]);
    assert.equal(r.change.operationName, 'M');
    valid(r.text);
    // The same as a first tick of the field writes.
    assert.equal(
      toggle('mutation M {\n  __typename\n}\n', true, ['updateTask', 'id'], 'mutation').text,
      'mutation M($id: ID!, $patch: TaskPatch!) {\n  updateTask(id: $id, patch: $patch) {\n    id\n  }\n}\n',
    );
    // Ticking the field again writes the object in place of the variable, whose declaration goes.
    const back = toggle(r.text, true, ['updateTask', '(patch)', '.status', '=DONE'], 'mutation');
    assert.equal(back.text, patched);
  });

  it('a required input field whose object loses its last field becomes a variable of its type; the object stays otherwise', () => {
    const text = 'mutation M($start: String) {\n  plan(input: { window: { start: $start } }) {\n    id\n  }\n}\n';
    const r = toggle(text, false, ['plan', '(input)', '.window', '.start'], 'mutation');
    assert.equal(r.text, 'mutation M($window: Window!) {\n  plan(input: { window: $window }) {\n    id\n  }\n}\n');
    assert.deepEqual(r.change.variables, [{ name: 'window', type: 'Window!', placeholder: {} }]);
    valid(r.text);
    // An optional field's object left empty goes with its field, as before.
    const optional = 'mutation M {\n  updateTask(id: 1, patch: { name: "x", window: { state: OPEN } }) {\n    id\n  }\n}\n';
    assert.equal(
      toggle(optional, false, ['updateTask', '(patch)', '.window', '.state'], 'mutation').text,
      'mutation M {\n  updateTask(id: 1, patch: { name: "x" }) {\n    id\n  }\n}\n',
    );
  });
});
