import * as assert from 'node:assert/strict';
import { answeredRun, classifyRunError, failedRun, type RunStart } from '../../../../src/core/run/runRecord';
import { CancelledError, NotSignedInError } from '../../../../src/core/errors';

const START: RunStart = {
  runId: 'run-1',
  at: '2025-01-01T00:00:00.000Z',
  label: 'Tasks',
  operationName: 'Tasks',
  operationType: 'query',
  sentOperationName: 'Tasks',
  documentUri: 'file:///w/tasks.graphql',
  variables: { first: 2 },
  environment: 'Sandbox',
};

describe('core/run/runRecord', () => {
  describe('answeredRun', () => {
    const cases: { name: string; errors: number; outcome: string | undefined }[] = [
      { name: 'no errors', errors: 0, outcome: undefined },
      { name: 'one error', errors: 1, outcome: '1 error' },
      { name: 'three errors', errors: 3, outcome: '3 errors' },
    ];
    for (const c of cases) {
      it(`${c.name}: view, history and outcome agree`, () => {
        const body = { data: { tasks: [] }, errors: Array.from({ length: c.errors }, (_, i) => ({ message: `e${i}` })) };
        const r = answeredRun(START, { environment: 'Sandbox', status: 200, durationMs: 12.4, bytes: 99, attempts: 1, body }, c.errors);
        assert.equal(r.view.runId, 'run-1');
        assert.equal(r.view.body, body);
        assert.equal(r.view.environment, 'Sandbox');
        assert.equal(r.history.outcome, c.outcome);
        assert.equal(r.history.status, 200);
        assert.deepEqual(r.history.variables, { first: 2 });
        assert.equal(r.outcome.errors, c.errors);
        assert.equal(r.outcome.diagnostics, c.errors);
        assert.deepEqual(r.outcome.data, { tasks: [] });
        assert.equal(r.outcome.failure, undefined);
        assert.equal(r.log.level, 'info');
        assert.match(r.log.line, /Tasks on Sandbox -> 200, \d+ error\(s\), 12 ms, 99 bytes$/);
      });
    }

    it('shows the answer’s headers without cookies or credentials, sorted, and the number of requests', () => {
      const headers = {
        'Content-Type': 'application/json',
        'set-cookie': 'sid=SECRET',
        authorization: 'Bearer SECRET',
        'www-authenticate': 'Bearer realm=x',
        'x-request-id': 'r1',
        'x-long': 'v'.repeat(600),
        // A tenant's own auth or secret header echoed back, and other credential-like names.
        'X-Tenant-Key': 'SECRET',
        'x-refresh-token': 'SECRET',
        'x-csrf-token': 'SECRET',
        'authentication-info': 'SECRET',
      };
      const r = answeredRun(START, { environment: 'Sandbox', status: 200, durationMs: 5, bytes: 1, attempts: 2, body: {}, headers }, 0);
      assert.deepEqual(
        r.view.response?.headers.map(([n]) => n),
        ['content-type', 'x-long', 'x-request-id'],
      );
      assert.equal(r.view.response?.headers[1][1].length, 500);
      assert.equal(r.view.response?.attempts, 2);
      assert.doesNotMatch(JSON.stringify(r.view), /SECRET/);
    });

    it('gives the panel the request’s timing breakdown when it was measured, and keeps it out of the history entry', () => {
      const timing = { connection: 'new' as const, connectMs: 1.2, tlsMs: 3.4, firstByteMs: 5.6, downloadMs: 0.7 };
      const r = answeredRun(START, { environment: 'Sandbox', status: 200, durationMs: 5, bytes: 1, attempts: 1, body: {}, timing }, 0);
      assert.deepEqual(r.view.response?.timing, timing);
      assert.doesNotMatch(JSON.stringify(r.history), /timing|connectMs/);
      const unmeasured = answeredRun(START, { environment: 'Sandbox', status: 200, durationMs: 5, bytes: 1, attempts: 1, body: {} }, 0);
      assert.equal(unmeasured.view.response?.timing, undefined);
    });

    it('mentions retries in the log line', () => {
      const r = answeredRun(START, { environment: 'Sandbox', status: 200, durationMs: 5, bytes: 1, attempts: 3, body: {} }, 0);
      assert.match(r.log.line, /, 3 attempts$/);
      assert.equal(r.outcome.attempts, 3);
    });
  });

  describe('failedRun', () => {
    it('records the title shown, status 0 when there was no answer, and no data', () => {
      const failure = classifyRunError(new NotSignedInError('Sandbox'));
      const r = failedRun(START, failure, { title: 'Not signed in', message: 'Sign in first.' }, 7, 0);
      assert.equal(failure.kind, 'notSignedIn');
      assert.deepEqual(r.view.failure, { title: 'Not signed in', message: 'Sign in first.' });
      assert.equal(r.history.status, 0);
      assert.equal(r.history.outcome, 'Not signed in');
      assert.equal(r.outcome.failure, 'notSignedIn');
      assert.equal(r.outcome.message, 'Sign in first.');
      assert.equal(r.outcome.data, undefined);
      assert.equal(r.log.level, 'warn');
      assert.match(r.log.line, /failed after 7 ms: notSignedIn$/);
    });

    it('keeps the first bytes of a body that was not GraphQL', () => {
      const r = failedRun(START, { kind: 'unexpectedResponse', message: 'm', status: 502, bodyText: '<html>', retryable: true }, { title: 'T', message: 'M' }, 1, 0);
      assert.deepEqual(r.view.failure, { title: 'T', message: 'M', bodyText: '<html>' });
      assert.equal(r.view.status, 502);
      assert.match(r.log.line, /unexpectedResponse \(502\)$/);
    });
  });

  describe('classifyRunError', () => {
    const cases: [string, unknown, string][] = [
      ['no environment', new NotSignedInError(undefined), 'noEnvironment'],
      ['not signed in', new NotSignedInError('Sandbox'), 'notSignedIn'],
      ['cancelled', new CancelledError(), 'cancelled'],
      ['anything else', new Error('boom'), 'other'],
    ];
    for (const [name, err, kind] of cases) {
      it(name, () => assert.equal(classifyRunError(err).kind, kind));
    }
  });
});
