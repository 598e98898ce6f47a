import * as assert from 'node:assert/strict';
import { parse, validate } from 'graphql';
import { BuilderError, newOperation } from '../../../../src/core/builder/builderEdits';
import { formatText } from '../../../../src/core/format/formatGraphql';
import { SCHEMA, steps, toggle } from './builderFixture';
import { sidecarWithPlaceholders } from '../../../../src/core/builder/builderSidecar';
import { SidecarError } from '../../../../src/core/run/variablesFile';

const valid = (text: string) =>
  assert.deepEqual(
    validate(SCHEMA, parse(text)).map((e) => e.message),
    [],
  );

describe('core/builder/builderEdits: ticking and unticking edits the text', () => {
  it('ticks tasks -> edges -> node -> name in an empty document: a named query, one field a line', () => {
    let text = '';
    for (const path of [['tasks'], ['tasks', 'edges'], ['tasks', 'edges', 'node'], ['tasks', 'edges', 'node', 'name']]) {
      text = toggle(text, true, path).text;
    }
    assert.equal(text, 'query Tasks {\n  tasks {\n    edges {\n      node {\n        name\n      }\n    }\n  }\n}\n');
    valid(text);
  });

  it('a new operation says where its name is (for the cursor) and is numbered when the name is taken', () => {
    const first = toggle('', true, ['me']);
    assert.equal(first.change.cursor, 'query '.length);
    assert.equal(first.change.operationName, 'Me');
    const second = newOperation(first.text, SCHEMA, { root: 'query', steps: steps('me', 'id') });
    assert.equal(second.operationName, 'Me2');
    const mutation = toggle(first.text, true, ['createTask'], 'mutation');
    assert.match(mutation.text, /\n\nmutation CreateTask\(\$name: String!\) \{\n {2}createTask\(name: \$name\) \{\n {4}__typename\n {2}\}\n\}\n$/);
    assert.equal(mutation.change.cursor, first.text.length + 1 + 'mutation '.length);
  });

  it('required arguments become declared variables with placeholders for the variables file', () => {
    const r = toggle('query Q {\n  me {\n    id\n  }\n}\n', true, ['task', 'name']);
    assert.equal(r.text, 'query Q($id: ID!) {\n  me {\n    id\n  }\n  task(id: $id) {\n    name\n  }\n}\n');
    assert.deepEqual(r.change.variables, [{ name: 'id', type: 'ID!', placeholder: '' }]);
    const again = toggle(r.text, true, ['node', 'id']);
    assert.match(again.text, /^query Q\(\$id: ID!, \$id2: ID!\) \{/);
    assert.match(again.text, /node\(id: \$id2\)/);
    valid(again.text);
  });

  it('an anonymous query and the shorthand get their variables too', () => {
    assert.match(toggle('query {\n  me {\n    id\n  }\n}\n', true, ['task', 'id']).text, /^query \(\$id: ID!\) \{/);
    const shorthand = toggle('{\n  me {\n    id\n  }\n}\n', true, ['task', 'id']).text;
    assert.match(shorthand, /^query \(\$id: ID!\) \{\n/);
    valid(shorthand);
  });

  it('unticking removes the field, its line and the variables only it used; the parent keeps a placeholder', () => {
    const text = 'query Q($id: ID!, $text: String!) {\n  task(id: $id) {\n    name # the title\n    id\n  }\n  search(text: $text) {\n    __typename\n  }\n}\n';
    assert.equal(
      toggle(text, false, ['task', 'name']).text,
      'query Q($id: ID!, $text: String!) {\n  task(id: $id) {\n    id\n  }\n  search(text: $text) {\n    __typename\n  }\n}\n',
    );
    assert.equal(toggle(text, false, ['task']).text, 'query Q($text: String!) {\n  search(text: $text) {\n    __typename\n  }\n}\n');
    const both = toggle(toggle(text, false, ['task']).text, false, ['search']).text;
    assert.equal(both, 'query Q {\n  __typename\n}\n');
    valid(both);
  });

  it('a required argument cannot be unticked (the operation would not validate)', () => {
    const text = 'query Q($id: ID!) {\n  task(id: $id) {\n    id\n  }\n}\n';
    assert.equal(toggle(text, false, ['task', '(id)']).text, text);
  });

  it('optional arguments: ticked as variables, enum values written as literals, unticked away', () => {
    const text = 'query Q {\n  tasks {\n    totalCount\n  }\n}\n';
    const first = toggle(text, true, ['tasks', '(first)']);
    assert.equal(first.text, 'query Q($first: Int) {\n  tasks(first: $first) {\n    totalCount\n  }\n}\n');
    assert.deepEqual(first.change.variables, [{ name: 'first', type: 'Int', placeholder: 0 }]);
    const done = toggle(first.text, true, ['tasks', '(status)', '=DONE']).text;
    assert.match(done, /tasks\(first: \$first, status: DONE\)/);
    assert.match(toggle(done, true, ['tasks', '(status)', '=OPEN']).text, /tasks\(first: \$first, status: OPEN\)/);
    assert.equal(toggle(done, false, ['tasks', '(first)']).text, 'query Q {\n  tasks(status: DONE) {\n    totalCount\n  }\n}\n');
    assert.equal(toggle(toggle(done, false, ['tasks', '(first)']).text, false, ['tasks', '(status)', '=DONE']).text, text);
  });

  it('ticking an argument of a field not yet selected selects the field with it', () => {
    const r = toggle('query Q {\n  me {\n    id\n  }\n}\n', true, ['tasks', '(status)', '=OPEN']);
    assert.equal(r.text, 'query Q {\n  me {\n    id\n  }\n  tasks(status: OPEN) {\n    __typename\n  }\n}\n');
  });

  it('interfaces and unions: inline fragments on their possible types', () => {
    let text = toggle('', true, ['search', '...User', 'login']).text;
    text = toggle(text, true, ['search', '...Task', 'name']).text;
    assert.equal(text, 'query Search($text: String!) {\n  search(text: $text) {\n    ... on User {\n      login\n    }\n    ... on Task {\n      name\n    }\n  }\n}\n');
    assert.equal(toggle(text, false, ['search', '...User']).text, 'query Search($text: String!) {\n  search(text: $text) {\n    ... on Task {\n      name\n    }\n  }\n}\n');
  });

  it('aliases and fragment spreads stay: ticking finds the aliased field, unticking a neighbour keeps them', () => {
    const text = 'query Q {\n  mine: me {\n    ...UserBits\n    login\n  }\n}\n\nfragment UserBits on User {\n  id\n}\n';
    assert.equal(toggle(text, true, ['me', 'login']).text, text);
    const withId = toggle(text, true, ['me', 'id']).text;
    assert.equal(withId, 'query Q {\n  mine: me {\n    ...UserBits\n    login\n    id\n  }\n}\n\nfragment UserBits on User {\n  id\n}\n');
    assert.equal(toggle(withId, false, ['me', 'login']).text, 'query Q {\n  mine: me {\n    ...UserBits\n    id\n  }\n}\n\nfragment UserBits on User {\n  id\n}\n');
  });

  it('unticking the field that holds a fragment’s last spread keeps the fragment: other documents may spread it (the document then reports it unused)', () => {
    const text = 'query Q {\n  me {\n    ...F\n  }\n  task(id: 1) {\n    id\n  }\n}\n\nfragment F on User {\n  login\n}\n';
    const out = toggle(text, false, ['me']).text;
    assert.equal(out, 'query Q {\n  task(id: 1) {\n    id\n  }\n}\n\nfragment F on User {\n  login\n}\n');
    assert.deepEqual(
      validate(SCHEMA, parse(out)).map((e) => e.message),
      ['Fragment "F" is never used.'],
    );
  });

  it('works on the operation under the cursor; the others are never reordered', () => {
    const text = 'query A {\n  me {\n    id\n  }\n}\n\nquery B {\n  me {\n    login\n  }\n}\n';
    const inB = toggle(text, true, ['me', 'id'], 'query', text.indexOf('query B') + 3).text;
    assert.equal(inB, 'query A {\n  me {\n    id\n  }\n}\n\nquery B {\n  me {\n    login\n    id\n  }\n}\n');
  });

  it('comments and the layout elsewhere are kept; tabs and CRLF are followed', () => {
    const text = '# list\nquery Q {\n\tme {\n\t\tid # mine\n\t}\n}\r\n'.replace(/\n/g, '\r\n').replace(/\r\r/g, '\r');
    const r = toggle(text, true, ['me', 'login']).text;
    assert.equal(r, '# list\r\nquery Q {\r\n\tme {\r\n\t\tid # mine\r\n\t\tlogin\r\n\t}\r\n}\r\n');
  });

  it('what it writes into a formatted document is formatted as the formatter formats', async () => {
    let text = 'query Q {\n  me {\n    id\n  }\n}\n';
    for (const [checked, path] of [
      [true, ['task', 'owner', 'login']],
      [true, ['search', '...Task', 'status']],
      [true, ['tasks', '(status)', '=DONE']],
      [true, ['tasks', 'edges', 'node', 'id']],
      [false, ['me']],
    ] as [boolean, string[]][]) {
      text = toggle(text, checked, path).text;
      assert.equal(await formatText(text, { tabSize: 2, insertSpaces: true }), text);
    }
  });

  it('a text that does not parse, or a path the schema does not have, is a BuilderError, not a crash', () => {
    assert.throws(() => toggle('query {', true, ['me']), BuilderError);
    assert.throws(() => toggle('', true, ['nothing']), BuilderError);
  });
});

describe('core/builder/builderSidecar: the variables file gains the new variables', () => {
  const vars = [
    { name: 'id', type: 'ID!', placeholder: '' },
    { name: 'first', type: 'Int', placeholder: 0 },
  ];
  it('a new file holds the operation with the placeholders', () => {
    assert.equal(sidecarWithPlaceholders(undefined, 'Q', vars), '{\n  "Q": {\n    "id": "",\n    "first": 0\n  }\n}\n');
  });
  it('an existing file keeps its comments and the values already written', () => {
    const text = '{\n  // mine\n  "Q": { "id": "t1" }\n}\n';
    assert.equal(sidecarWithPlaceholders(text, 'Q', vars), '{\n  // mine\n  "Q": {\n    "id": "t1",\n    "first": 0\n  }\n}\n');
    assert.equal(sidecarWithPlaceholders(text, 'Q', vars.slice(0, 1)), undefined);
  });
  it('a file that is not a variables file is an error, not overwritten', () => {
    assert.throws(() => sidecarWithPlaceholders('[1]', 'Q', vars), SidecarError);
  });
});
