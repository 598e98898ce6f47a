import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CancelledError, ConfigurationError, HttpStatusError, NetworkError } from '../../../../src/core/errors';
import { GraphqlHttpClient, type GraphqlRequest, type RetryWaitInfo } from '../../../../src/core/http/graphqlClient';
import {
  BadRequestError,
  ForbiddenError,
  IpNotAllowedError,
  MissingScopeError,
  RateLimitedError,
  ServerError,
  UnauthorizedError,
  UnexpectedResponseError,
} from '../../../../src/core/http/httpErrors';
import { ResponseTooLargeError } from '../../../../src/core/http/graphqlClient';
import { memoryLogger, recordingSleep, startScriptedServer, type Reply, type ScriptedServer } from './scriptedServer';

const QUERY = 'query Tasks($p: TaskPriority!) { tasks(filter: {priority: $p}) { edges { node { id } } } }';
const NOW = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
const OK: Reply = { status: 200, body: { data: { tasks: { edges: [] } } } };

describe('GraphqlHttpClient against a scripted node:http server', () => {
  let server: ScriptedServer | undefined;
  let client: GraphqlHttpClient | undefined;
  let sleeper: ReturnType<typeof recordingSleep>;
  let log: ReturnType<typeof memoryLogger>;
  let tokenCalls: number;

  async function setup(script: Reply[]): Promise<ScriptedServer> {
    server = await startScriptedServer(script);
    sleeper = recordingSleep();
    log = memoryLogger();
    client = new GraphqlHttpClient({ logger: log.logger, sleep: sleeper.sleep, clock: { now: () => NOW } });
    tokenCalls = 0;
    return server;
  }

  function request(overrides: Partial<GraphqlRequest> = {}): GraphqlRequest {
    return {
      baseUrl: server!.baseUrl,
      query: QUERY,
      variables: { p: 'HIGH' },
      operationName: 'Tasks',
      token: async () => {
        tokenCalls++;
        return 'secret-token-1';
      },
      ...overrides,
    };
  }

  afterEach(async () => {
    await client?.close();
    await server?.close();
    client = undefined;
    server = undefined;
  });

  it('POSTs {query, variables, operationName} as JSON with the bearer token to /v1/graphql', async () => {
    const s = await setup([OK]);
    const result = await client!.execute(request());
    assert.equal(result.status, 200);
    assert.deepEqual(result.body, { data: { tasks: { edges: [] } } });
    assert.equal(result.attempts, 1);
    assert.ok(result.bytes > 0);
    const seen = s.requests[0];
    assert.equal(seen.method, 'POST');
    assert.equal(seen.url, '/v1/graphql');
    assert.equal(seen.headers['content-type'], 'application/json');
    assert.equal(seen.headers.authorization, 'Bearer secret-token-1');
    assert.deepEqual(JSON.parse(seen.body), { query: QUERY, variables: { p: 'HIGH' }, operationName: 'Tasks' });
  });

  it('keeps the base address path prefix and omits absent variables and operationName', async () => {
    const s = await setup([OK]);
    await client!.execute(request({ baseUrl: `${s.baseUrl}/tenant-a/`, variables: undefined, operationName: undefined }));
    assert.equal(s.requests[0].url, '/tenant-a/v1/graphql');
    assert.deepEqual(JSON.parse(s.requests[0].body), { query: QUERY });
  });

  it('logs one line per request with method, URL, status, duration and size, never the token or body', async () => {
    const s = await setup([{ status: 500, body: 'boom' }, OK]);
    await client!.execute(request());
    const lines = log.lines.filter((l) => l.startsWith('POST'));
    assert.equal(lines.length, 2);
    assert.match(lines[0], new RegExp(`^POST ${s.origin}/v1/graphql -> 500 in \\d+ ms, 4 B$`));
    assert.match(lines[1], /-> 200 in \d+ ms, \d+ B$/);
    for (const l of log.lines) {
      assert.doesNotMatch(l, /secret-token|TaskPriority/);
    }
  });

  it('reuses one keep-alive connection per origin', async () => {
    const s = await setup([OK, OK, OK, OK, OK]);
    for (let i = 0; i < 5; i++) {
      await client!.execute(request());
    }
    // undici may open a second socket while the first is being released; never one per request.
    assert.ok(s.connections() <= 2, `${s.connections()} connections for 5 requests`);
  });

  it('asks for both GraphQL over HTTP media types, the newer preferred', async () => {
    const s = await setup([OK]);
    await client!.execute(request());
    assert.equal(s.requests[0].headers.accept, 'application/graphql-response+json, application/json;q=0.9');
  });

  for (const contentType of ['application/graphql-response+json; charset=utf-8', 'application/json; charset=utf-8']) {
    it(`reads a 200 answer of ${contentType.split(';')[0]}`, async () => {
      await setup([{ status: 200, headers: { 'content-type': contentType }, body: { data: { tasks: { edges: [] } } } }]);
      assert.deepEqual((await client!.execute(request())).body, { data: { tasks: { edges: [] } } });
    });
  }

  for (const status of [400, 422]) {
    it(`${status} of application/graphql-response+json resolves as a GraphQL answer with its errors and locations (GraphQL over HTTP)`, async () => {
      const errors = [{ message: 'Cannot query field "nme" on type "Task". Did you mean "name"?', locations: [{ line: 1, column: 5 }] }];
      await setup([{ status, headers: { 'content-type': 'application/graphql-response+json; charset=utf-8' }, body: { errors } }]);
      const parse = JSON.parse;
      let bodyParses = 0;
      JSON.parse = ((text: string, reviver?: Parameters<typeof JSON.parse>[1]) => {
        bodyParses += typeof text === 'string' && text.includes('Cannot query field') ? 1 : 0;
        return parse(text, reviver);
      }) as typeof JSON.parse;
      let result;
      try {
        result = await client!.execute(request());
      } finally {
        JSON.parse = parse;
      }
      assert.equal(result.status, status);
      assert.deepEqual(result.body, { errors });
      assert.equal(bodyParses, 1, 'the body is parsed once (deciding what it is and reading it)');
    });
  }

  it('200 with errors resolves with both data and errors', async () => {
    await setup([
      {
        status: 200,
        body: {
          data: null,
          errors: [{ message: 'Cannot query field "nme" on type "Task". Did you mean "name"?', locations: [{ line: 1, column: 5 }] }],
        },
      },
    ]);
    const result = await client!.execute(request());
    assert.equal(result.body.data, null);
    assert.deepEqual(result.body.errors, [{ message: 'Cannot query field "nme" on type "Task". Did you mean "name"?', locations: [{ line: 1, column: 5 }] }]);
  });

  const failures: { name: string; script: Reply[]; check: (err: unknown) => void; requests: number }[] = [
    {
      name: '400 with GraphQL errors -> BadRequestError with the reason and the errors',
      script: [{ status: 400, body: { errors: [{ message: 'Syntax Error: Expected Name, found "}".', locations: [{ line: 2, column: 3 }] }] } }],
      requests: 1,
      check: (err) => {
        assert.ok(err instanceof BadRequestError);
        assert.equal(err.status, 400);
        assert.match(err.message, /Syntax Error: Expected Name, found "}"\./);
        assert.deepEqual(err.graphqlErrors?.[0].locations, [{ line: 2, column: 3 }]);
      },
    },
    {
      name: '400 with an OAuth-style body -> BadRequestError with error_description',
      script: [{ status: 400, body: { error: 'invalid_request', error_description: 'query is required' } }],
      requests: 1,
      check: (err) => {
        assert.ok(err instanceof BadRequestError);
        assert.equal(err.reason, 'query is required.');
      },
    },
    {
      name: '400 with plain text -> BadRequestError with the text',
      script: [{ status: 400, body: 'Missing query parameter' }],
      requests: 1,
      check: (err) => {
        assert.ok(err instanceof BadRequestError);
        assert.match(err.message, /\(400 Bad Request\): Missing query parameter\./);
      },
    },
    {
      name: '401 twice with insufficient_scope -> MissingScopeError naming the scope',
      script: [
        { status: 401, headers: { 'www-authenticate': 'Bearer error="invalid_token"' }, body: { error: 'invalid_token' } },
        {
          status: 401,
          headers: { 'www-authenticate': 'Bearer error="insufficient_scope", scope="tasks:write"' },
          body: { error: 'insufficient_scope', error_description: 'The token lacks tasks:write', scope: 'tasks:write' },
        },
      ],
      requests: 2,
      check: (err) => {
        assert.ok(err instanceof MissingScopeError);
        assert.deepEqual(err.scopes, ['tasks:write']);
        assert.match(err.message, /Sign in again with scope tasks:write/);
      },
    },
    {
      name: '401 twice with invalid_token -> UnauthorizedError, "Sign in again"',
      script: [
        { status: 401, headers: { 'www-authenticate': 'Bearer error="invalid_token"' } },
        { status: 401, headers: { 'www-authenticate': 'Bearer error="invalid_token", error_description="expired"' } },
      ],
      requests: 2,
      check: (err) => {
        assert.ok(err instanceof UnauthorizedError);
        assert.ok(!(err instanceof MissingScopeError));
        assert.match(err.message, /expired\), even after refreshing the token\. Sign in again\.$/);
      },
    },
    {
      name: '403 -> IpNotAllowedError saying what to ask the admin',
      script: [{ status: 403, body: { error: 'forbidden' } }],
      requests: 1,
      check: (err) => {
        assert.ok(err instanceof IpNotAllowedError);
        assert.match(err.message, /^This tenant does not allow requests from your IP address/);
        assert.match(err.message, /administrator to add your public IP address/);
      },
    },
    {
      name: "401 twice with a GraphQL errors[] body and no challenge -> UnauthorizedError with the server's reason",
      script: [1, 2].map(() => ({ status: 401, body: { errors: [{ message: 'Token has expired', extensions: { code: 'UNAUTHENTICATED' } }] } })),
      requests: 2,
      check: (err) => {
        assert.ok(err instanceof UnauthorizedError && !(err instanceof MissingScopeError));
        assert.match(err.message, /\(401 Unauthorized: Token has expired\), even after refreshing the token\. Sign in again\.$/);
      },
    },
    {
      name: '401 twice with a GraphQL errors[] body about a scope -> MissingScopeError with the scope from extensions',
      script: [1, 2].map(() => ({ status: 401, body: { errors: [{ message: 'Missing scope: tasks:read', extensions: { code: 'FORBIDDEN', requiredScopes: ['tasks:read'] } }] } })),
      requests: 2,
      check: (err) => {
        assert.ok(err instanceof MissingScopeError);
        assert.deepEqual(err.scopes, ['tasks:read']);
        assert.match(err.message, /Sign in again with scope tasks:read/);
      },
    },
    {
      name: '401 twice with a GraphQL body about a scope that names none -> MissingScopeError quoting the server',
      script: [1, 2].map(() => ({ status: 401, body: { errors: [{ message: 'insufficient scope for this field' }] } })),
      requests: 2,
      check: (err) => {
        assert.ok(err instanceof MissingScopeError);
        assert.match(err.message, /lacks a scope that this operation needs \(the Service says: insufficient scope for this field\)/);
      },
    },
    {
      name: '401 with both a Bearer challenge and a GraphQL body -> the challenge decides',
      script: [1, 2].map(() => ({
        status: 401,
        headers: { 'www-authenticate': 'Bearer error="insufficient_scope", scope="files:read"' },
        body: { errors: [{ message: 'Not authorised' }] },
      })),
      requests: 2,
      check: (err) => {
        assert.ok(err instanceof MissingScopeError);
        assert.deepEqual(err.scopes, ['files:read']);
      },
    },
    {
      name: '403 with a GraphQL reason that is not about the address -> ForbiddenError with it',
      script: [{ status: 403, body: { errors: [{ message: 'Tenant header X-Tenant is required' }] } }],
      requests: 1,
      check: (err) => {
        assert.ok(err instanceof ForbiddenError);
        assert.equal(err.status, 403);
        assert.match(err.message, /refused this request \(403 Forbidden\): Tenant header X-Tenant is required\./);
      },
    },
    {
      name: '403 whose reason is the IP address -> IpNotAllowedError',
      script: [{ status: 403, body: { message: 'Your IP address is not allowed' } }],
      requests: 1,
      check: (err) => assert.ok(err instanceof IpNotAllowedError),
    },
    {
      name: '403 with insufficient_scope -> MissingScopeError',
      script: [{ status: 403, headers: { 'www-authenticate': 'Bearer error="insufficient_scope", scope="admin"' } }],
      requests: 1,
      check: (err) => {
        assert.ok(err instanceof MissingScopeError);
        assert.deepEqual(err.scopes, ['admin']);
      },
    },
    {
      name: '422 with GraphQL errors as application/json -> BadRequestError keeping status, errors and locations',
      script: [{ status: 422, body: { errors: [{ message: 'Variable "$p" of required type "TaskPriority!" was not provided.', locations: [{ line: 1, column: 13 }] }] } }],
      requests: 1,
      check: (err) => {
        assert.ok(err instanceof BadRequestError);
        assert.equal(err.status, 422);
        assert.match(err.message, /rejected the request \(422\): Variable "\$p"/);
        assert.deepEqual(err.graphqlErrors?.[0].locations, [{ line: 1, column: 13 }]);
      },
    },
    {
      name: '429 four times -> three retries, then RateLimitedError',
      script: [1, 2, 3, 4].map(() => ({ status: 429, headers: { 'retry-after': '2' }, body: 'slow down' })),
      requests: 4,
      check: (err) => {
        assert.ok(err instanceof RateLimitedError);
        assert.equal(err.retries, 3);
        assert.equal(err.retryAfterMs, 2000);
        assert.match(err.message, /still refused after 3 retries\. Wait 2 s/);
      },
    },
    {
      name: '429 with a Retry-After beyond the maximum wait -> RateLimitedError at once',
      script: [{ status: 429, headers: { 'retry-after': '3600' } }],
      requests: 1,
      check: (err) => {
        assert.ok(err instanceof RateLimitedError);
        assert.match(err.message, /asks to wait 60 min/);
      },
    },
    {
      name: '500 three times -> two retries, then ServerError',
      script: [1, 2, 3].map(() => ({ status: 500, body: { errors: [{ message: 'internal' }] } })),
      requests: 3,
      check: (err) => {
        assert.ok(err instanceof ServerError);
        assert.equal(err.status, 500);
        assert.equal(err.retries, 2);
        assert.match(err.bodyText ?? '', /internal/);
      },
    },
    {
      name: 'a status outside the table (404) -> HttpStatusError',
      script: [{ status: 404, body: 'Not Found' }],
      requests: 1,
      check: (err) => {
        assert.ok(err instanceof HttpStatusError);
        assert.equal(err.status, 404);
        assert.match(err.message, /answered 404/);
      },
    },
    {
      name: '200 with an HTML body -> UnexpectedResponseError showing the first bytes as text',
      script: [{ status: 200, headers: { 'content-type': 'text/html' }, body: '<html><body>Proxy login</body></html>' + 'x'.repeat(1000) }],
      requests: 1,
      check: (err) => {
        assert.ok(err instanceof UnexpectedResponseError);
        assert.equal(err.bodyText?.length, 500);
        assert.ok(err.bodyText?.startsWith('<html><body>Proxy login'));
        assert.match(err.message, /not JSON \(text\/html\), starting with: <html><body>Proxy login/);
      },
    },
    {
      name: '200 with JSON that is not a GraphQL response -> UnexpectedResponseError',
      script: [{ status: 200, body: { hello: 'world' } }],
      requests: 1,
      check: (err) => {
        assert.ok(err instanceof UnexpectedResponseError);
        assert.match(err.message, /not a GraphQL response/);
      },
    },
    {
      name: 'a reset connection -> NetworkError in plain words',
      script: [{ action: 'reset' }],
      requests: 1,
      check: (err) => {
        assert.ok(err instanceof NetworkError);
        assert.match(err.message, /was closed before the Service answered/);
      },
    },
  ];

  for (const c of failures) {
    it(c.name, async () => {
      const s = await setup(c.script);
      let refreshes = 0;
      const err = await client!.execute(request({ onUnauthorized: async () => `refreshed-${++refreshes}` })).then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.ok(err, 'expected a rejection');
      c.check(err);
      assert.equal(s.requests.length, c.requests);
      assert.ok(refreshes <= 1);
      assert.doesNotMatch((err as Error).message, /secret-token|refreshed-/);
    });
  }

  it('429 with Retry-After seconds, then 200: waits that long, tells the hook, succeeds', async () => {
    await setup([{ status: 429, headers: { 'retry-after': '2' } }, OK]);
    const infos: RetryWaitInfo[] = [];
    const result = await client!.execute(request(), { onRetryWait: (i) => infos.push(i) });
    assert.equal(result.status, 200);
    assert.equal(result.attempts, 2);
    assert.deepEqual(sleeper.waits, [2000]);
    assert.deepEqual(infos, [{ status: 429, attempt: 1, waitMs: 2000 }]);
  });

  it('429 with Retry-After as an HTTP date, then 200: waits until that date', async () => {
    await setup([{ status: 429, headers: { 'retry-after': 'Wed, 21 Oct 2015 07:28:05 GMT' } }, OK]);
    const result = await client!.execute(request());
    assert.equal(result.status, 200);
    assert.deepEqual(sleeper.waits, [5000]);
  });

  it('429 without Retry-After backs off exponentially', async () => {
    await setup([{ status: 429 }, { status: 429 }, OK]);
    await client!.execute(request());
    assert.deepEqual(sleeper.waits, [500, 1000]);
  });

  it('500 twice, then 200: retries after a short backoff, asking for the token on every attempt', async () => {
    const s = await setup([{ status: 500 }, { status: 503 }, OK]);
    const infos: RetryWaitInfo[] = [];
    const result = await client!.execute(request(), { onRetryWait: (i) => infos.push(i) });
    assert.equal(result.status, 200);
    assert.deepEqual(sleeper.waits, [500, 1000]);
    assert.deepEqual(
      infos.map((i) => [i.status, i.attempt]),
      [
        [500, 1],
        [503, 2],
      ],
    );
    assert.equal(s.requests.length, 3);
    assert.equal(tokenCalls, 3);
  });

  it('401 -> onUnauthorized -> retried once with the new token -> success', async () => {
    const s = await setup([{ status: 401, headers: { 'www-authenticate': 'Bearer error="invalid_token"' } }, OK]);
    let refreshes = 0;
    const result = await client!.execute(
      request({
        onUnauthorized: async () => {
          refreshes++;
          return 'secret-token-2';
        },
      }),
    );
    assert.equal(result.status, 200);
    assert.equal(refreshes, 1);
    assert.deepEqual(
      s.requests.map((r) => r.headers.authorization),
      ['Bearer secret-token-1', 'Bearer secret-token-2'],
    );
  });

  it('401 when the refresh gives no token -> UnauthorizedError without a second request', async () => {
    const s = await setup([{ status: 401 }]);
    await assert.rejects(client!.execute(request({ onUnauthorized: async () => undefined })), UnauthorizedError);
    assert.equal(s.requests.length, 1);
  });

  it('times out: NetworkError "no answer within N s", and the connection is closed', async () => {
    const s = await setup([{ action: 'hang' }]);
    await assert.rejects(client!.execute(request({ timeoutMs: 200 })), (err: unknown) => {
      assert.ok(err instanceof NetworkError);
      assert.match(err.message, /gave no answer within 0\.2 s\. Try again, or raise the request timeout\./);
      return true;
    });
    await s.whenClosedEarly();
    assert.equal(s.requests[0].closedEarly, true);
  });

  it('abort: CancelledError, and the socket is really closed', async () => {
    const s = await setup([{ action: 'hang' }]);
    const controller = new AbortController();
    const pending = client!.execute(request({ signal: controller.signal }));
    await s.whenRequests(1);
    controller.abort();
    await assert.rejects(pending, CancelledError);
    await s.whenClosedEarly();
    assert.equal(s.requests[0].closedEarly, true);
    assert.ok(log.lines.some((l) => /-> cancelled after \d+ ms$/.test(l)));
  });

  it('abort during a retry wait: CancelledError, no further request', async () => {
    const s = await setup([{ status: 429, headers: { 'retry-after': '1' } }, OK]);
    const controller = new AbortController();
    const pending = client!.execute(request({ signal: controller.signal }), { onRetryWait: () => controller.abort() });
    await assert.rejects(pending, CancelledError);
    assert.equal(s.requests.length, 1);
  });

  it('an already aborted signal sends nothing', async () => {
    const s = await setup([OK]);
    await assert.rejects(client!.execute(request({ signal: AbortSignal.abort() })), CancelledError);
    assert.equal(s.requests.length, 0);
  });

  it('connection refused -> "Could not connect to <origin>: connection refused. Is the Service running?"', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((r) => closed.close(() => r()));
    client = new GraphqlHttpClient();
    await assert.rejects(client.execute({ baseUrl: `http://127.0.0.1:${port}`, query: '{ a }', token: async () => 't' }), (err: unknown) => {
      assert.ok(err instanceof NetworkError);
      assert.equal(err.code, 'ECONNREFUSED');
      assert.equal(err.message, `Could not connect to http://127.0.0.1:${port}: connection refused. Is the Service running?`);
      return true;
    });
  });

  it('refuses plain http to a non-loopback host before sending anything', async () => {
    client = new GraphqlHttpClient();
    let asked = false;
    await assert.rejects(
      client.execute({
        baseUrl: 'http://tenant.example.com',
        query: '{ a }',
        token: async () => {
          asked = true;
          return 't';
        },
      }),
      ConfigurationError,
    );
    assert.equal(asked, false);
  });

  for (const [how, headers] of [
    ['declared by Content-Length', {}],
    ['streamed in chunks', { 'transfer-encoding': 'chunked' }],
  ] as const) {
    it(`an answer over the size limit (${how}) -> ResponseTooLargeError`, async () => {
      await setup([{ status: 200, headers, body: { data: { blob: 'x'.repeat(5000) } } }]);
      const small = new GraphqlHttpClient({ maxResponseBytes: 1000, logger: log.logger });
      try {
        await assert.rejects(small.execute(request()), (err: unknown) => {
          assert.ok(err instanceof ResponseTooLargeError);
          assert.match(err.message, /larger than 1\.0 kB/);
          return true;
        });
      } finally {
        await small.close();
      }
    });
  }

  it('after close(), execute refuses', async () => {
    await setup([OK]);
    await client!.close();
    await assert.rejects(client!.execute(request()), CancelledError);
    assert.equal(server!.requests.length, 0);
  });
});
