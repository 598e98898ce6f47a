import { strict as assert } from 'node:assert';
import { checkAssertion, type Answer } from '../../../../src/core/testing/assertions';
import { parseTestFile } from '../../../../src/core/testing/testFile';

/** The assertions of a one-case file, parsed as the runner reads them. */
function assertionsOf(list: unknown[]) {
  const file = parseTestFile(JSON.stringify({ Op: [{ name: 'c', assert: list }] }));
  assert.deepEqual(file.problems, []);
  return file.operations[0].cases[0].assertions;
}

const answer: Answer = {
  status: 200,
  durationMs: 120,
  body: {
    data: {
      tasks: [
        { id: 't1', title: 'Ship it', done: false, points: 3 },
        { id: 't2', title: 'Fix', done: true, points: 1.5 },
      ],
      me: null,
    },
  },
};
const withErrors: Answer = { status: 200, durationMs: 5, body: { data: null, errors: [{ message: 'Cannot query field "nope" on type "Query".' }] } };
const context = { operationFingerprint: 'abc' };

describe('core/testing assertions (each kind passes and fails)', () => {
  const cases: [string, unknown, Answer, boolean, RegExp?][] = [
    ['noErrors passes without errors', { noErrors: true }, answer, true],
    ['noErrors fails with the errors listed', { noErrors: true }, withErrors, false, /1 GraphQL error: Cannot query field "nope"/],
    ['status passes on the same status', { status: 200 }, answer, true],
    ['status fails on another', { status: 201 }, answer, false, /HTTP status 200, expected 201/],
    ['maxDurationMs passes within the budget', { maxDurationMs: 120 }, answer, true],
    ['maxDurationMs fails over the budget', { maxDurationMs: 100 }, answer, false, /Took 120 ms, over the budget of 100 ms/],
    ['exists: true passes on a value', { path: '$.data.tasks[0].id', exists: true }, answer, true],
    ['exists: true passes on null (something is there)', { path: '$.data.me', exists: true }, answer, true],
    ['exists: true fails on nothing', { path: '$.data.nothing', exists: true }, answer, false, /Nothing is at \$\.data\.nothing/],
    ['exists: false passes on nothing', { path: '$.data.nothing', exists: false }, answer, true],
    ['exists: false fails on a value', { path: '$.data.tasks', exists: false }, answer, false, /expected nothing/],
    ['equals passes on a deep equal value, keys in any order', { path: '$.data.tasks[0]', equals: { title: 'Ship it', id: 't1', points: 3, done: false } }, answer, true],
    ['equals fails on another value', { path: '$.data.tasks[0].title', equals: 'Ship' }, answer, false, /is not the expected value/],
    ['equals over a wildcard compares the list of matches', { path: '$.data.tasks[*].id', equals: ['t1', 't2'] }, answer, true],
    ['equals fails when nothing is at a definite path', { path: '$.data.x', equals: 1 }, answer, false, /Nothing is at/],
    ['matches passes', { path: '$.data.tasks[0].title', matches: '^Ship' }, answer, true],
    ['matches fails', { path: '$.data.tasks[1].title', matches: '^Ship' }, answer, false, /does not match \/\^Ship\//],
    ['matches fails on a value that is not text', { path: '$.data.tasks[0].points', matches: '3' }, answer, false, /is integer, not text/],
    ['length passes on a list', { path: '$.data.tasks', length: 2 }, answer, true],
    ['length counts the matches of a filter', { path: '$.data.tasks[?(@.done == false)]', length: 1 }, answer, true],
    ['length fails', { path: '$.data.tasks', length: 3 }, answer, false, /has length 2, expected 3/],
    ['length fails on a value without length', { path: '$.data.tasks[0].points', length: 1 }, answer, false, /has no length/],
    ['type passes', { path: '$.data.tasks', type: 'array' }, answer, true],
    ['type: an integer is a number', { path: '$.data.tasks[0].points', type: 'number' }, answer, true],
    ['type: 1.5 is not an integer', { path: '$.data.tasks[1].points', type: 'integer' }, answer, false, /is number, expected integer/],
    ['type: null', { path: '$.data.me', type: 'null' }, answer, true],
    ['type fails', { path: '$.data.tasks[0].done', type: 'string' }, answer, false, /is boolean, expected string/],
  ];
  for (const [what, written, ans, pass, message] of cases) {
    it(what, () => {
      const [a] = assertionsOf([written]);
      const result = checkAssertion(a, ans, context);
      assert.equal(result.pass, pass);
      if (!result.pass && message) {
        assert.match(result.message, message);
      }
    });
  }

  it('a failure carries expected and actual for the diff', () => {
    const [a] = assertionsOf([{ path: '$.data.tasks[0]', equals: { id: 't9' } }]);
    const result = checkAssertion(a, answer, context);
    assert.ok(!result.pass);
    assert.equal(result.expected, JSON.stringify({ id: 't9' }, null, 2));
    assert.equal(result.actual, JSON.stringify(answer.body.data && (answer.body.data as { tasks: unknown[] }).tasks[0], null, 2));
  });
});
