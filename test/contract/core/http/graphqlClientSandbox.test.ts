import * as assert from 'node:assert/strict';
import { buildSchema, type GraphQLSchema } from 'graphql';
import { NetworkError } from '../../../../src/core/errors';
import { GraphqlHttpClient } from '../../../../src/core/http/graphqlClient';
import {
  BadRequestError,
  IpNotAllowedError,
  MissingScopeError,
  RateLimitedError,
  ServerError,
  UnauthorizedError,
  UnexpectedResponseError,
} from '../../../../src/core/http/httpErrors';
import { mapErrorLocations } from '../../../../src/core/run/errorLocations';
import { chooseOperation, parseDocument } from '../../../../src/core/run/operations';
import { analyseVariables, checkVariables } from '../../../../src/core/run/variables';
import { coerceAnswer } from '../../../../src/core/run/variableAnswers';
import { parseSidecar, variablesFromSidecar } from '../../../../src/core/run/variablesFile';
import { startSandbox, type FaultSpec, type RunningSandbox } from '../../../../src/sandbox/index';
import { SANDBOX_SDL } from '../../../../src/sandbox/schema';
import { memoryLogger, recordingSleep } from './scriptedServer';

/** Gets a team token from the Sandbox's token endpoint (client credentials of the demo CI client). */
async function teamToken(sandbox: RunningSandbox, scope: string): Promise<string> {
  const client = sandbox.clients.find((c) => c.grants.includes('client_credentials') && c.clientSecret)!;
  const res = await fetch(`${sandbox.baseUrl}/v1/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret!, scope }),
  });
  assert.equal(res.status, 200, await res.clone().text());
  return ((await res.json()) as { access_token: string }).access_token;
}

const DOCUMENT = `# Tasks by priority
query TasksByPriority($priority: TaskPriority!) {
  tasks(filter: {priority: $priority}, first: 3) {
    edges { node { id name priority } }
  }
}

mutation Create($input: CreateTaskInput!) {
  createTask(input: $input) { task { id } }
}
`;

describe('GraphqlHttpClient against the Sandbox (with fault injection)', function () {
  let sandbox: RunningSandbox;
  let schema: GraphQLSchema;
  let readToken: string;
  let client: GraphqlHttpClient;
  let sleeper: ReturnType<typeof recordingSleep>;

  before(async () => {
    sandbox = await startSandbox({ quiet: true });
    schema = buildSchema(SANDBOX_SDL);
    readToken = await teamToken(sandbox, 'tasks:read');
  });
  after(async () => {
    await sandbox?.close();
  });
  beforeEach(() => {
    sleeper = recordingSleep();
    client = new GraphqlHttpClient({ sleep: sleeper.sleep, logger: memoryLogger().logger });
    sandbox.clearFaults();
  });
  afterEach(async () => {
    await client.close();
  });

  function run(
    extra: {
      query?: string;
      operationName?: string;
      variables?: Record<string, unknown>;
      token?: string;
      timeoutMs?: number;
      onUnauthorized?: () => Promise<string | undefined>;
    } = {},
  ) {
    return client.execute({
      baseUrl: sandbox.baseUrl,
      query: extra.query ?? DOCUMENT,
      operationName: 'operationName' in extra ? extra.operationName : 'TasksByPriority',
      variables: extra.variables ?? { priority: 'HIGH' },
      token: async () => extra.token ?? readToken,
      onUnauthorized: extra.onUnauthorized,
      timeoutMs: extra.timeoutMs,
    });
  }

  it('runs the operation under the cursor with sidecar variables, end to end', async () => {
    const doc = parseDocument(DOCUMENT);
    const choice = chooseOperation(doc, { line: 3, character: 5 });
    assert.equal(choice.kind, 'single');
    assert.ok(choice.kind === 'single' && choice.op.node);
    const sidecar = parseSidecar('{ "TasksByPriority": {} }');
    assert.ok(sidecar.ok);
    const analysis = analyseVariables(schema, choice.op.node, variablesFromSidecar(sidecar.sidecar, choice.operationName));
    assert.deepEqual(
      analysis.missing.map((m) => [m.name, m.kind]),
      [['priority', 'enum']],
    );
    assert.ok(analysis.missing[0].enumValues?.some((v) => v.name === 'URGENT'));
    const answer = coerceAnswer(analysis.missing[0], 'URGENT');
    assert.ok(answer.ok);
    const variables = { ...analysis.values, priority: answer.value };
    assert.deepEqual(checkVariables(schema, choice.op.node, variables), []);

    const result = await run({ operationName: choice.operationName, variables });
    assert.equal(result.status, 200);
    assert.equal(result.body.errors, undefined);
    const edges = (result.body.data as { tasks: { edges: { node: { priority: string } }[] } }).tasks.edges;
    assert.ok(edges.length > 0);
    assert.ok(edges.every((e) => e.node.priority === 'URGENT'));
  });

  it('an undefined field: a GraphQL answer with errors (400 of application/graphql-response+json, as GraphQL over HTTP asks), mapped onto the field in the document', async () => {
    const query = DOCUMENT.replace('id name priority', 'id nmae priority');
    const result = await run({ query });
    // The Sandbox honours the Accept header: the newer media type answers a validation error with 400.
    assert.equal(result.status, 400);
    assert.match(result.headers['content-type'] ?? '', /^application\/graphql-response\+json/);
    assert.ok(result.body.errors && result.body.errors.length > 0);
    const doc = parseDocument(query);
    const [d] = mapErrorLocations(query, result.body.errors, doc.operations[0].nameRange);
    assert.match(d.message, /Cannot query field "nmae" on type "Task"/);
    assert.deepEqual(d.range, { start: { line: 3, character: 22 }, end: { line: 3, character: 26 } });
    assert.equal(query.split('\n')[3].slice(22, 26), 'nmae');
  });

  it('a mutation with a read-only token: refresh once, then MissingScopeError naming tasks:write', async () => {
    let refreshes = 0;
    await assert.rejects(
      run({
        operationName: 'Create',
        variables: { input: { name: 'From the test' } },
        onUnauthorized: async () => {
          refreshes++;
          return readToken;
        },
      }),
      (err: unknown) => {
        assert.ok(err instanceof MissingScopeError, String(err));
        assert.deepEqual(err.scopes, ['tasks:write']);
        assert.match(err.message, /Sign in again with scope tasks:write/);
        return true;
      },
    );
    assert.equal(refreshes, 1);
  });

  it('a token the Sandbox did not issue: UnauthorizedError', async () => {
    await assert.rejects(run({ token: 'not-a-token' }), (err: unknown) => err instanceof UnauthorizedError && !(err instanceof MissingScopeError));
  });

  const faults: { name: string; faults: FaultSpec[]; check: (r: Promise<unknown>) => Promise<void> }[] = [
    {
      name: '429 twice with Retry-After 1: retried, then succeeds',
      faults: [{ kind: 'status', status: 429, count: 2, retryAfter: '1' }],
      check: async (r) => {
        await r;
        assert.deepEqual(sleeper.waits, [1000, 1000]);
      },
    },
    {
      name: '429 beyond the retries: RateLimitedError',
      faults: [{ kind: 'status', status: 429, count: 5, retryAfter: '2' }],
      check: async (r) => {
        await assert.rejects(r, RateLimitedError);
        assert.deepEqual(sleeper.waits, [2000, 2000, 2000]);
      },
    },
    {
      name: '500 twice: retried after backoff, then succeeds',
      faults: [{ kind: 'status', status: 500, count: 2 }],
      check: async (r) => {
        await r;
        assert.deepEqual(sleeper.waits, [500, 1000]);
      },
    },
    { name: '500 three times: ServerError', faults: [{ kind: 'status', status: 500, count: 3 }], check: (r) => assert.rejects(r, ServerError) },
    { name: '403: IpNotAllowedError', faults: [{ kind: 'status', status: 403, count: 1 }], check: (r) => assert.rejects(r, IpNotAllowedError) },
    { name: '400: BadRequestError', faults: [{ kind: 'status', status: 400, count: 1 }], check: (r) => assert.rejects(r, BadRequestError) },
    { name: 'reset: NetworkError', faults: [{ kind: 'reset', count: 1 }], check: (r) => assert.rejects(r, NetworkError) },
    {
      name: 'truncated JSON: UnexpectedResponseError with the first bytes',
      faults: [{ kind: 'malformedJson', count: 1 }],
      check: (r) => assert.rejects(r, (err: unknown) => err instanceof UnexpectedResponseError && (err.bodyText ?? '').length > 0),
    },
    {
      name: 'an HTML page: UnexpectedResponseError showing it',
      faults: [{ kind: 'malformedJson', count: 1, variant: 'html' }],
      check: (r) => assert.rejects(r, (err: unknown) => err instanceof UnexpectedResponseError && /</.test(err.bodyText ?? '')),
    },
    {
      name: 'a 2 MB answer is read whole',
      faults: [{ kind: 'huge', bytes: 2_000_000, count: 1 }],
      check: async (r) => {
        const result = (await r) as { bytes: number; body: { data?: unknown } };
        assert.ok(result.bytes >= 2_000_000);
        assert.ok(result.body.data);
      },
    },
  ];
  for (const f of faults) {
    it(f.name, async () => {
      for (const spec of f.faults) {
        sandbox.injectFault(spec);
      }
      await f.check(run());
    });
  }

  it('latency beyond the timeout: NetworkError "no answer within"', async () => {
    sandbox.injectFault({ kind: 'latency', ms: 2000, count: 1 });
    await assert.rejects(run({ timeoutMs: 200 }), (err: unknown) => err instanceof NetworkError && /no answer within 0\.2 s/.test(err.message));
  });
});
