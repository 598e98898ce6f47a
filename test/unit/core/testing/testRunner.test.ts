import { strict as assert } from 'node:assert';
import { caseKey, runTestFile, type TestRequest } from '../../../../src/core/testing/testRunner';

const documentText = `query Tasks($p: String) { tasks(p: $p) { id } }
mutation AddTask { addTask { id } }
`;
const testText = JSON.stringify({
  Tasks: [
    { name: 'from the variables file', assert: [{ noErrors: true }] },
    { name: 'own variables', variables: { p: 'LOW' }, assert: [{ path: '$.data.tasks', length: 1 }] },
  ],
  AddTask: [
    { name: 'one', assert: [{ noErrors: true }] },
    { name: 'two', assert: [{ noErrors: true }] },
  ],
});

describe('core/testing runner (variables, mutation guards, errors per case)', () => {
  const sent: TestRequest[] = [];
  const execute = (request: TestRequest) => {
    sent.push(request);
    return Promise.resolve({ status: 200, durationMs: 3, body: { data: { tasks: [{ id: '1' }, { id: '2' }] } } });
  };
  beforeEach(() => (sent.length = 0));

  it("sends the whole document with the operation name and the variables file's or the case's variables", async () => {
    const results = await runTestFile(
      { testText, documentText, variablesText: '{"Tasks": {"p": "HIGH"}}', documentName: 'tasks.graphql' },
      { execute, allowMutation: () => Promise.resolve(true) },
      new Set([caseKey('Tasks', 'from the variables file'), caseKey('Tasks', 'own variables')]),
    );
    assert.deepEqual(
      sent.map((r) => [r.query, r.operationName, r.variables]),
      [
        [documentText, 'Tasks', { p: 'HIGH' }],
        [documentText, 'Tasks', { p: 'LOW' }],
      ],
    );
    assert.deepEqual(
      results.map((r) => r.outcome.state),
      ['passed', 'failed'],
    );
  });

  it('asks about a mutation once per operation and run, and errs its cases when refused, sending nothing', async () => {
    let asked = 0;
    const results = await runTestFile(
      { testText, documentText, documentName: 'tasks.graphql' },
      {
        execute,
        allowMutation: () => {
          asked++;
          return Promise.resolve('"AddTask" is a mutation and "Prod" is read-only (readOnly): it is not sent.');
        },
      },
    );
    assert.equal(asked, 1);
    assert.deepEqual(
      results.filter((r) => r.operation === 'AddTask').map((r) => [r.outcome.state, r.outcome.state === 'errored' && r.outcome.message]),
      [
        ['errored', '"AddTask" is a mutation and "Prod" is read-only (readOnly): it is not sent.'],
        ['errored', '"AddTask" is a mutation and "Prod" is read-only (readOnly): it is not sent.'],
      ],
    );
    assert.ok(sent.every((r) => r.operationType === 'query'));
  });

  it('a mutation question that cannot be asked errs its cases with the reason, sending nothing, and the other cases still run', async () => {
    const results = await runTestFile({ testText, documentText, documentName: 'tasks.graphql' }, { execute, allowMutation: () => Promise.reject(new Error('no dialogs here')) });
    assert.deepEqual(
      results.map((r) => [r.operation, r.outcome.state, r.outcome.state === 'errored' ? r.outcome.message : '']),
      [
        ['Tasks', 'passed', ''],
        ['Tasks', 'failed', ''],
        ['AddTask', 'errored', 'Whether "AddTask" may be sent could not be asked (no dialogs here): nothing was sent.'],
        ['AddTask', 'errored', 'Whether "AddTask" may be sent could not be asked (no dialogs here): nothing was sent.'],
      ],
    );
    assert.ok(sent.every((r) => r.operationType === 'query'));
  });

  it('a request that fails errs its case with the reason, and the next case still runs', async () => {
    let n = 0;
    const results = await runTestFile(
      { testText, documentText, documentName: 'tasks.graphql' },
      {
        execute: (r) => (n++ === 0 ? Promise.reject(new Error('The Service answered 403: missing scope tasks:read.')) : execute(r)),
        allowMutation: () => Promise.resolve(true),
      },
    );
    assert.equal(results[0].outcome.state, 'errored');
    assert.match(results[0].outcome.state === 'errored' ? results[0].outcome.message : '', /No answer: The Service answered 403/);
    assert.equal(results[1].outcome.state, 'failed');
  });

  it("errs the cases of an operation the document no longer has, at the operation's key", async () => {
    const results = await runTestFile({ testText, documentText: 'query Other { x }', documentName: 'tasks.graphql' }, { execute, allowMutation: () => Promise.resolve(true) });
    assert.equal(results.length, 4);
    assert.ok(results.every((r) => r.outcome.state === 'errored' && /has no operation/.test(r.outcome.message) && r.outcome.place.line === 1));
    assert.equal(sent.length, 0);
  });
});
