import * as assert from 'node:assert/strict';
import { CancelledError, HttpStatusError, NetworkError } from '../../../../src/core/errors';
import {
  BadRequestError,
  IpNotAllowedError,
  MissingScopeError,
  RateLimitedError,
  ServerError,
  UnauthorizedError,
  UnexpectedResponseError,
} from '../../../../src/core/http/httpErrors';
import { ResponseTooLargeError } from '../../../../src/core/http/graphqlClient';
import { classifyRunFailure, type RunFailure } from '../../../../src/core/run/runFailure';

describe('classifyRunFailure', () => {
  const cases: [string, unknown, Partial<RunFailure>][] = [
    ['cancelled', new CancelledError(), { kind: 'cancelled', retryable: false }],
    ['missing scope (before the plain 401)', new MissingScopeError(['tasks:write']), { kind: 'missingScope', status: 401, scopes: ['tasks:write'] }],
    ['401', new UnauthorizedError('invalid_token', true), { kind: 'unauthorized', status: 401 }],
    ['403', new IpNotAllowedError('forbidden'), { kind: 'ipNotAllowed', status: 403, bodyText: 'forbidden' }],
    ['429', new RateLimitedError(1000, 3), { kind: 'rateLimited', status: 429, retryable: true }],
    ['500', new ServerError(500, 2, 'oops'), { kind: 'server', status: 500, bodyText: 'oops', retryable: true }],
    ['400 with the reason', new BadRequestError('query is missing'), { kind: 'badRequest', status: 400, reason: 'query is missing' }],
    [
      '400 with GraphQL errors',
      new BadRequestError('bad', undefined, [{ message: 'x', locations: [{ line: 1, column: 2 }] }]),
      { kind: 'badRequest', graphqlErrors: [{ message: 'x', locations: [{ line: 1, column: 2 }] }] },
    ],
    ['not JSON', new UnexpectedResponseError(200, 'text/html', '<html>'), { kind: 'unexpectedResponse', status: 200, bodyText: '<html>' }],
    ['too large', new ResponseTooLargeError(200, 1024), { kind: 'tooLarge', status: 200 }],
    ['another status', new HttpStatusError(418, 'teapot'), { kind: 'http', status: 418 }],
    ['network', new NetworkError('refused', 'ECONNREFUSED'), { kind: 'network', retryable: true }],
    ['a bug', new TypeError('x is undefined'), { kind: 'other', message: 'x is undefined' }],
    ['a thrown string', 'boom', { kind: 'other', message: 'boom' }],
  ];
  for (const [what, err, expected] of cases) {
    it(what, () => {
      const f = classifyRunFailure(err);
      for (const [k, v] of Object.entries(expected)) {
        assert.deepEqual(f[k as keyof RunFailure], v, k);
      }
      assert.equal(f.message, err instanceof Error ? err.message : String(err));
    });
  }
});
