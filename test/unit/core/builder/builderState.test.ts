import * as assert from 'node:assert/strict';
import { builderState, sameShown } from '../../../../src/core/builder/builderState';
import { builderTextOf, fileEdits } from '../../../../src/core/builder/builderTemplates';
import { applyBuilderEdits } from './builderFixture';
import { toggleBuilderPath } from '../../../../src/core/builder/builderEdits';
import { builderChildren, builderRoots, keysOnTheWay, searchBuilder } from '../../../../src/core/builder/builderTree';
import { pathKey } from '../../../../src/core/builder/builderPath';
import { SCHEMA, steps, toggle } from './builderFixture';

const key = (...names: string[]) => pathKey({ root: 'query', steps: steps(...names) });

describe('core/builder/builderState: the tree mirrors the text', () => {
  const text = [
    'query Q($id: ID!) {',
    '  mine: me { ...UserBits login }',
    '  task(id: $id) { ... { name } }',
    '  tasks(status: DONE, first: 5) { edges { node { id } } }',
    '  search(text: "x") { ... on User { login } }',
    '}',
    'fragment UserBits on User { id }',
  ].join('\n');
  const state = builderState(text, 0);

  const cases: [string, string, boolean][] = [
    ['an aliased field', key('me'), true],
    ['a field beside a spread', key('me', 'login'), true],
    ['a field selected only through the spread (it is the fragment that selects it)', key('me', 'id'), false],
    ['a field in an inline fragment without a type', key('task', 'name'), true],
    ['a required argument given as a variable', key('task', '(id)'), true],
    ['an enum argument and its value', key('tasks', '(status)', '=DONE'), true],
    ['another value of that enum', key('tasks', '(status)', '=OPEN'), false],
    ['a nested field', key('tasks', 'edges', 'node', 'id'), true],
    ['an inline fragment and its field', key('search', '...User', 'login'), true],
    ['a field not selected', key('oldTasks'), false],
  ];
  for (const [what, k, ticked] of cases) {
    it(`${what}: ${ticked ? 'ticked' : 'not ticked'}`, () => assert.equal(state.ticked.has(k), ticked));
  }

  it('shows aliases, spreads and argument values as they are written', () => {
    assert.deepEqual(state.aliases.get(key('me')), ['mine']);
    assert.deepEqual(state.spreads.get(key('me')), ['UserBits']);
    assert.equal(state.argumentValues.get(key('tasks', '(first)')), '5');
    assert.deepEqual(state.operation, { kind: 'query', name: 'Q', start: 0, end: text.indexOf('\nfragment') });
  });

  it('a text that does not parse ticks nothing and says why', () => {
    const s = builderState('query {', 0);
    assert.equal(s.ticked.size, 0);
    assert.match(s.syntaxError ?? '', /Syntax Error/);
  });

  it('with several operations, the one under the cursor; outside all of them, none', () => {
    const two = 'query A { me { id } }\n\nquery B { task(id: 1) { id } }\n';
    assert.equal(builderState(two, two.indexOf('B')).operation?.name, 'B');
    assert.ok(builderState(two, two.indexOf('B')).ticked.has(key('task')));
    assert.equal(builderState(two, two.indexOf('\n\n') + 1).operation, undefined);
  });

  it('unticking all that was ticked gives the text back byte for byte; ticking what is ticked changes nothing', () => {
    const original = 'query Q {\n  me {\n    id # keep\n  }\n}\n';
    const ticked = toggle(toggle(original, true, ['me', 'login']).text, true, ['task', 'name']).text;
    assert.equal(toggle(toggle(ticked, false, ['task']).text, false, ['me', 'login']).text, original);
    for (const path of [['me'], ['me', 'id']]) {
      assert.equal(toggle(original, true, path).change.edits.length, 0);
    }
  });
});

describe('core/builder/builderTemplates: GraphQL templates in code files', () => {
  const host = 'const q = gql`\n  query Q {\n    me {\n      id\n    }\n  }\n`;\nconst n = 1;\n';

  it('reads the template under the cursor, ticks in it, and the edit lands in the host file', () => {
    const target = builderTextOf(host, host.indexOf('me {'), false)!;
    assert.ok(builderState(target.text, target.offset).ticked.has(key('me', 'id')));
    const change = toggleBuilderPath({ text: target.text, offset: target.offset, schema: SCHEMA, path: { root: 'query', steps: steps('me', 'login') }, checked: true });
    assert.equal(applyBuilderEdits(host, fileEdits(target, change.edits)), 'const q = gql`\n  query Q {\n    me {\n      id\n      login\n    }\n  }\n`;\nconst n = 1;\n');
  });

  it('outside every template there is nothing to build in', () => {
    assert.equal(builderTextOf(host, host.indexOf('const n'), false), undefined);
  });
});

describe('core/builder/builderTree: nodes computed when they expand', () => {
  it('roots are the schema root types', () => {
    assert.deepEqual(
      builderRoots(SCHEMA).map((n) => n.label),
      ['Query', 'Mutation'],
    );
  });

  it('a field lists its arguments (required marked), then the fields of its type; deprecated ones only on request or when ticked', () => {
    const root = builderChildren(SCHEMA, { root: 'query', steps: [] }, { showDeprecated: false });
    assert.deepEqual(
      root.map((n) => n.label),
      ['tasks', 'task', 'node', 'search', 'me'],
    );
    assert.ok(builderChildren(SCHEMA, { root: 'query', steps: [] }, { showDeprecated: true }).some((n) => n.label === 'oldTasks' && n.deprecated === 'Use tasks.'));
    assert.ok(builderChildren(SCHEMA, { root: 'query', steps: [] }, { showDeprecated: false, ticked: new Set([key('oldTasks')]) }).some((n) => n.label === 'oldTasks'));
    const task = builderChildren(SCHEMA, { root: 'query', steps: steps('task') }, { showDeprecated: false });
    assert.deepEqual(
      task.map((n) => `${n.kind}:${n.label}${n.required ? '!' : ''}`),
      ['argument:id!', 'field:id', 'field:name', 'field:status', 'field:owner'],
    );
  });

  it('an abstract type offers its possible types; an enum argument its values', () => {
    const node = builderChildren(SCHEMA, { root: 'query', steps: steps('node') }, { showDeprecated: false });
    assert.deepEqual(
      node.map((n) => n.label),
      ['id', '... on Task', '... on User', 'id'],
    );
    const status = builderChildren(SCHEMA, { root: 'query', steps: steps('tasks', '(status)') }, { showDeprecated: false });
    assert.deepEqual(
      status.map((n) => n.label),
      ['OPEN', 'DONE'],
    );
  });

  it('search finds the shortest path to each matching field, and the keys on the way', () => {
    const found = searchBuilder(SCHEMA, 'LOGIN').map(pathKey);
    assert.deepEqual(found, ['query:me/login']);
    const way = keysOnTheWay(searchBuilder(SCHEMA, 'cursor'));
    assert.deepEqual([...way], ['query:', 'query:tasks', 'query:tasks/edges', 'query:tasks/edges/cursor']);
  });
});

describe('core/builder/builderState: sameShown (the tree is redrawn only when what it shows changed)', () => {
  const at = (text: string) => builderState(text, 2);
  it('is the same for the same selection written elsewhere in the text, or with the cursor moved', () => {
    assert.equal(sameShown(at('query { me { login } }'), at('\n\nquery   {\n me {\n login }\n}')), true);
    assert.equal(sameShown(builderState('query { me { login } }', 2), builderState('query { me { login } }', 15)), true);
  });
  it('differs when a box, an alias, a spread, an argument value or the syntax error differs', () => {
    const base = at('query { me { login } }');
    assert.equal(sameShown(base, at('query { me { login id } }')), false, 'one more box');
    assert.equal(sameShown(base, at('query { me { handle: login } }')), false, 'an alias');
    assert.equal(sameShown(at('query { me { ...A } }'), at('query { me { ...B } }')), false, 'another spread');
    assert.equal(sameShown(at('query { tasks(first: 1) { totalCount } }'), at('query { tasks(first: 2) { totalCount } }')), false, 'another value');
    assert.equal(sameShown(at('query {'), at('query { me ) }')), false, 'another syntax error');
    assert.equal(sameShown(base, at('mutation { me { login } }')), false, 'another root');
    assert.equal(sameShown(base, undefined), false);
    assert.equal(sameShown(undefined, undefined), true);
  });
});
