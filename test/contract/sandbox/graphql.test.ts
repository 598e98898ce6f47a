import * as assert from 'node:assert/strict';
import { SignJWT, generateKeyPair } from 'jose';
import type { RunningSandbox } from '../../../src/sandbox/index';
import { adminFetch, CONFIDENTIAL_CLIENT, CONFIDENTIAL_SECRET, graphql, jwtPayload, start, teamToken, tokenRequest, userTokens } from './helpers';

const TASKS = '{ tasks(first: 100) { edges { node { id name priority } } pageInfo { hasNextPage endCursor } totalCount } }';

function ids(body: Record<string, unknown>): string[] {
  const data = body.data as { tasks: { edges: Array<{ node: { id: string } }> } };
  return data.tasks.edges.map((e) => e.node.id);
}

describe('sandbox E3 graphql', () => {
  let sb: RunningSandbox;
  let alice: string;
  let team: string;
  before(async () => {
    sb = await start();
    alice = (await userTokens(sb, 'alice')).access_token;
    team = await teamToken(sb);
  });
  after(async () => {
    await sb.close();
  });

  describe('table of rejected requests', () => {
    type Case = {
      name: string;
      request: () => Promise<{ status: number; body: Record<string, unknown>; headers: Headers }>;
      status: number;
      error?: string;
      message?: RegExp;
      wwwAuthenticate?: RegExp;
    };
    const raw = async (init: RequestInit & { path?: string }) => {
      const res = await fetch(`${sb.baseUrl}${init.path ?? '/v1/graphql'}`, init);
      const text = await res.text();
      return { status: res.status, body: (text === '' ? {} : JSON.parse(text)) as Record<string, unknown>, headers: res.headers };
    };
    const cases: Case[] = [
      { name: 'no token', request: () => graphql(sb, undefined, '{ viewer { kind } }'), status: 401, error: 'invalid_token', wwwAuthenticate: /^Bearer realm=/ },
      { name: 'garbage token', request: () => graphql(sb, 'not-a-jwt', '{ viewer { kind } }'), status: 401, error: 'invalid_token', wwwAuthenticate: /error="invalid_token"/ },
      {
        name: 'token in the URL',
        request: () => raw({ path: `/v1/graphql?access_token=${alice}&query=%7Bviewer%7Bkind%7D%7D` }),
        status: 401,
        error: 'invalid_token',
        message: /Authorization header/,
      },
      {
        name: 'Basic instead of Bearer',
        request: () => graphql(sb, undefined, '{ viewer { kind } }', undefined, { authorization: 'Basic YTpi' }),
        status: 401,
        error: 'invalid_token',
      },
      { name: 'tampered token', request: () => graphql(sb, `${alice.slice(0, -4)}AAAA`, '{ viewer { kind } }'), status: 401, error: 'invalid_token' },
      {
        name: 'missing scope',
        request: async () => graphql(sb, (await userTokens(sb, 'alice', 'tasks:read')).access_token, '{ files { totalCount } }'),
        status: 401,
        error: 'insufficient_scope',
        wwwAuthenticate: /error="insufficient_scope".*scope="files:read"/,
      },
      {
        name: 'missing query',
        request: () => raw({ method: 'POST', headers: { authorization: `Bearer ${alice}`, 'content-type': 'application/json' }, body: '{}' }),
        status: 400,
        message: /Missing query/,
      },
      {
        name: 'query that is not a string',
        request: () => raw({ method: 'POST', headers: { authorization: `Bearer ${alice}`, 'content-type': 'application/json' }, body: '{"query":1}' }),
        status: 400,
        message: /Invalid query/,
      },
      {
        name: 'variables that are not an object',
        request: () =>
          raw({ method: 'POST', headers: { authorization: `Bearer ${alice}`, 'content-type': 'application/json' }, body: '{"query":"{viewer{kind}}","variables":[1]}' }),
        status: 400,
        message: /Invalid variables/,
      },
      {
        name: 'unparsable JSON body',
        request: () => raw({ method: 'POST', headers: { authorization: `Bearer ${alice}`, 'content-type': 'application/json' }, body: '{"query":' }),
        status: 400,
        message: /Unparsable JSON/,
      },
      { name: 'GET without query', request: () => raw({ headers: { authorization: `Bearer ${alice}` } }), status: 400, message: /Missing query/ },
      {
        name: 'mutation over GET',
        request: () => raw({ path: `/v1/graphql?query=${encodeURIComponent('mutation { completeTask(id: "task-2") { id } }')}`, headers: { authorization: `Bearer ${alice}` } }),
        status: 405,
      },
      { name: 'PUT', request: () => raw({ method: 'PUT', headers: { authorization: `Bearer ${alice}` } }), status: 405 },
    ];
    for (const c of cases) {
      it(c.name, async () => {
        const res = await c.request();
        assert.equal(res.status, c.status, JSON.stringify(res.body));
        if (c.error) {
          assert.equal(res.body.error, c.error);
          assert.equal(typeof res.body.error_description, 'string');
        }
        if (c.message) {
          const messages = [String(res.body.error_description ?? ''), ...((res.body.errors as Array<{ message: string }> | undefined) ?? []).map((e) => e.message)];
          assert.ok(
            messages.some((m) => c.message?.test(m)),
            JSON.stringify(res.body),
          );
        }
        if (c.wwwAuthenticate) {
          assert.match(res.headers.get('www-authenticate') ?? '', c.wwwAuthenticate);
        }
        assert.equal(res.body.data, undefined);
      });
    }
  });

  describe('tokens', () => {
    it('an expired access token gets 401 invalid_token', async () => {
      const other = await start();
      try {
        const token = (await userTokens(other, 'alice')).access_token;
        other.clock.advance(3600 * 1000);
        const res = await graphql(other, token, '{ viewer { kind } }');
        assert.equal(res.status, 401);
        assert.equal(res.body.error, 'invalid_token');
        assert.match(String(res.body.error_description), /expired/);
        assert.match(res.headers.get('www-authenticate') ?? '', /error="invalid_token"/);
      } finally {
        await other.close();
      }
    });

    it('a token of another Sandbox (foreign issuer and key) gets 401', async () => {
      const other = await start();
      try {
        const foreign = (await userTokens(other, 'alice')).access_token;
        const res = await graphql(sb, foreign, '{ viewer { kind } }');
        assert.equal(res.status, 401);
        assert.equal(res.body.error, 'invalid_token');
      } finally {
        await other.close();
      }
    });

    it('a well-formed token signed with another key gets 401', async () => {
      const { privateKey } = await generateKeyPair('ES256');
      const claims = jwtPayload(alice);
      const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256' }).sign(privateKey);
      assert.equal((await graphql(sb, forged, '{ viewer { kind } }')).status, 401);
    });

    it('an unsigned (alg none) token gets 401', async () => {
      const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
      const body = Buffer.from(JSON.stringify(jwtPayload(alice))).toString('base64url');
      assert.equal((await graphql(sb, `${header}.${body}.`, '{ viewer { kind } }')).status, 401);
    });

    it('an empty-scope token reaches no API resource', async () => {
      const empty = (await userTokens(sb, 'alice', '')).access_token;
      assert.equal(jwtPayload(empty).scope, '');
      for (const query of ['{ tasks { totalCount } }', '{ viewer { kind } }', '{ __typename }']) {
        const res = await graphql(sb, empty, query);
        assert.equal(res.status, 401, query);
        assert.equal(res.body.error, 'insufficient_scope');
      }
    });

    it('the 401 body names every missing scope', async () => {
      const token = (await userTokens(sb, 'alice', 'tasks:read')).access_token;
      const res = await graphql(sb, token, 'query Q { tasks { edges { node { id assignees { name } attachments { fields { name } } } } } }');
      assert.equal(res.status, 401);
      assert.equal(res.body.scope, 'files:read users:read');
      assert.match(String(res.body.error_description), /files:read, users:read/);
    });

    it('scopes follow fragments and inline fragments', async () => {
      const token = (await userTokens(sb, 'alice', 'tasks:read')).access_token;
      const viaFragment = await graphql(sb, token, '{ tasks { edges { node { ...T } } } } fragment T on Task { owner { name } }');
      assert.equal(viaFragment.body.scope, 'users:read');
      const viaInline = await graphql(sb, token, '{ search(text: "a") { ... on File { name } } }');
      assert.equal(viaInline.body.scope, 'files:read');
      const mutation = await graphql(sb, token, 'mutation { completeTask(id: "task-2") { id } }');
      assert.equal(mutation.body.scope, 'tasks:write');
    });

    it('introspection needs a valid token but no particular scope', async () => {
      const token = (await userTokens(sb, 'alice', 'tasks:read')).access_token;
      const res = await graphql(sb, token, '{ __schema { queryType { name } } __type(name: "File") { fields { name } } }');
      assert.equal(res.status, 200);
      assert.equal((res.body.data as { __schema: { queryType: { name: string } } }).__schema.queryType.name, 'Query');
      assert.equal((await graphql(sb, undefined, '{ __schema { queryType { name } } }')).status, 401);
    });
  });

  describe('GraphQL errors come with 200, message and locations', () => {
    it('syntax error', async () => {
      const res = await graphql(sb, alice, '{ tasks { ');
      assert.equal(res.status, 200);
      const [error] = res.body.errors as Array<{ message: string; locations: Array<{ line: number; column: number }> }>;
      assert.match(error.message, /Syntax Error/);
      assert.deepEqual(error.locations, [{ line: 1, column: 11 }]);
    });

    it('undefined field with a suggestion', async () => {
      const res = await graphql(sb, alice, '{\n  tasks {\n    edges { node { nme } }\n  }\n}');
      assert.equal(res.status, 200);
      const [error] = res.body.errors as Array<{ message: string; locations: Array<{ line: number; column: number }> }>;
      assert.equal(error.message, 'Cannot query field "nme" on type "Task". Did you mean "name"?');
      assert.deepEqual(error.locations, [{ line: 3, column: 20 }]);
    });

    it('bad variables', async () => {
      const res = await graphql(sb, alice, 'query Q($p: TaskPriority!) { tasks(filter: { priority: $p }) { totalCount } }', { p: 'SOMEDAY' });
      assert.equal(res.status, 200);
      const [error] = res.body.errors as Array<{ message: string; locations: unknown[] }>;
      assert.match(error.message, /^Variable "\$p" has invalid value: Value "SOMEDAY" does not exist in "TaskPriority" enum\./);
      assert.equal(error.locations.length, 1);
    });

    it('several operations without operationName', async () => {
      const res = await graphql(sb, alice, 'query A { viewer { kind } } query B { viewer { kind } }');
      assert.equal(res.status, 200);
      assert.match((res.body.errors as Array<{ message: string }>)[0].message, /operation name/);
    });

    it('an invalid Date literal', async () => {
      const res = await graphql(sb, alice, '{ tasks(filter: { dueBefore: "next week" }) { totalCount } }');
      assert.equal(res.status, 200);
      assert.match((res.body.errors as Array<{ message: string }>)[0].message, /YYYY-MM-DD/);
    });
  });

  describe('visibility', () => {
    it('a user token sees own and group tasks only; a team token sees all', async () => {
      const carol = (await userTokens(sb, 'carol')).access_token;
      const carolIds = ids((await graphql(sb, carol, TASKS)).body);
      const aliceIds = ids((await graphql(sb, alice, TASKS)).body);
      const teamIds = ids((await graphql(sb, team, TASKS)).body);
      assert.deepEqual(carolIds, ['task-5', 'task-6', 'task-10', 'task-13', 'task-18', 'task-20']);
      assert.ok(aliceIds.includes('task-16'), 'own private task');
      assert.ok(aliceIds.includes('task-11'), 'assigned ops task');
      assert.ok(!aliceIds.includes('task-1'), 'ops task not assigned to alice');
      assert.ok(!aliceIds.includes('task-20'), "carol's private task");
      assert.equal(teamIds.length, 20);
      assert.ok(teamIds.length > aliceIds.length);
    });

    it("objects outside the user's reach read as null", async () => {
      const carol = (await userTokens(sb, 'carol')).access_token;
      const res = await graphql(sb, carol, '{ task(id: "task-1") { id } file(id: "file-3") { id } user(id: "alice") { id } node(id: "task-2") { id } }');
      assert.deepEqual(res.body.data, { task: null, file: null, user: null, node: null });
      const teamRes = await graphql(sb, team, '{ task(id: "task-1") { id } file(id: "file-3") { id } user(id: "alice") { id } }');
      assert.deepEqual(teamRes.body.data, { task: { id: 'task-1' }, file: { id: 'file-3' }, user: { id: 'alice' } });
    });

    describe('nested fields follow the same rules as lookups by ID (no side doors)', () => {
      const cases: Array<[string, string, string, unknown]> = [
        [
          'a task seen through an assignment hides its foreign group',
          'alice',
          '{ task(id: "task-11") { owner { id } group { id } assignees { id } } }',
          { task: { owner: { id: 'bob' }, group: null, assignees: [{ id: 'bob' }, { id: 'alice' }] } },
        ],
        [
          "a visible user's groups are only the viewer's groups",
          'alice',
          '{ users { id groups { id } } }',
          {
            users: [
              { id: 'alice', groups: [{ id: 'eng' }] },
              { id: 'bob', groups: [{ id: 'eng' }] },
            ],
          },
        ],
        ['a filter naming a hidden group matches nothing', 'alice', '{ tasks(filter: { groupId: "ops" }) { totalCount } }', { tasks: { totalCount: 0 } }],
        ['a filter naming a hidden user matches nothing', 'carol', '{ tasks(filter: { assigneeId: "alice" }) { totalCount } }', { tasks: { totalCount: 0 } }],
        ['search finds no hidden user', 'alice', '{ search(text: "Carol") { __typename } }', { search: [] }],
        ['a team token sees every reference', 'team', '{ task(id: "task-11") { group { id members { id } } } }', { task: { group: { id: 'ops', members: [{ id: 'bob' }] } } }],
      ];
      for (const [name, principal, query, data] of cases) {
        it(name, async () => {
          const token = principal === 'team' ? team : principal === 'alice' ? alice : (await userTokens(sb, principal)).access_token;
          const res = await graphql(sb, token, query);
          assert.deepEqual(res.body, { data });
        });
      }
    });

    it('users and groups: own groups only for a user token', async () => {
      const res = await graphql(sb, alice, '{ me { id groups { id } } users { id } groups { id members { id } } }');
      assert.deepEqual(res.body.data, {
        me: { id: 'alice', groups: [{ id: 'eng' }] },
        users: [{ id: 'alice' }, { id: 'bob' }],
        groups: [{ id: 'eng', members: [{ id: 'alice' }, { id: 'bob' }] }],
      });
    });
  });

  describe('schema and data', () => {
    it('filters tasks by priority (also through a non-null variable)', async () => {
      const res = await graphql(sb, team, 'query Q($p: TaskPriority!) { tasks(filter: { priority: $p }) { edges { node { id name priority } } } }', { p: 'URGENT' });
      const nodes = (res.body.data as { tasks: { edges: Array<{ node: { priority: string } }> } }).tasks.edges.map((e) => e.node);
      assert.equal(nodes.length, 3);
      assert.ok(nodes.every((n) => n.priority === 'URGENT'));
    });

    it('paginates with first and after', async () => {
      const page1 = await graphql(sb, team, '{ tasks(first: 8) { edges { node { id } } pageInfo { hasNextPage hasPreviousPage endCursor } } }');
      const t1 = (page1.body.data as { tasks: { edges: Array<{ node: { id: string } }>; pageInfo: { hasNextPage: boolean; endCursor: string } } }).tasks;
      assert.equal(t1.edges.length, 8);
      assert.equal(t1.pageInfo.hasNextPage, true);
      const page2 = await graphql(sb, team, 'query Q($after: String) { tasks(first: 100, after: $after) { edges { node { id } } pageInfo { hasNextPage hasPreviousPage } } }', {
        after: t1.pageInfo.endCursor,
      });
      const t2 = (page2.body.data as { tasks: { edges: Array<{ node: { id: string } }>; pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean } } }).tasks;
      assert.equal(t2.edges[0].node.id, 'task-9');
      assert.equal(t2.pageInfo.hasNextPage, false);
      assert.equal(t2.pageInfo.hasPreviousPage, true);
      const bad = await graphql(sb, team, '{ tasks(after: "bogus") { totalCount } }');
      assert.match((bad.body.errors as Array<{ message: string }>)[0].message, /cursor/);
      const tooMany = await graphql(sb, team, '{ tasks(first: 101) { totalCount } }');
      assert.match((tooMany.body.errors as Array<{ message: string }>)[0].message, /between 0 and 100/);
    });

    it('File has fields; deprecated field still answers', async () => {
      const res = await graphql(sb, team, '{ file(id: "file-1") { name size sizeBytes fields { name type value } } }');
      assert.deepEqual(res.body.data, {
        file: {
          name: 'onboarding-guide.md',
          size: 18432,
          sizeBytes: 18432,
          fields: [
            { name: 'status', type: 'TEXT', value: 'draft' },
            { name: 'reviewer', type: 'USER', value: 'bob' },
            { name: 'pages', type: 'NUMBER', value: '12' },
          ],
        },
      });
    });

    it('search returns a union limited by scopes', async () => {
      const token = (await userTokens(sb, 'alice', 'tasks:read')).access_token;
      const res = await graphql(sb, token, '{ search(text: "guide") { __typename ... on Task { id } } }');
      assert.deepEqual(res.body.data, { search: [{ __typename: 'Task', id: 'task-3' }] });
      const full = await graphql(sb, alice, '{ search(text: "guide") { __typename } }');
      assert.deepEqual(full.body.data, { search: [{ __typename: 'Task' }, { __typename: 'File' }] });
    });

    it('mutations: create, change priority, complete, assign; only on visible tasks', async () => {
      const own = await start();
      try {
        const carol = (await userTokens(own, 'carol')).access_token;
        const created = await graphql(own, carol, 'mutation C($i: CreateTaskInput!) { createTask(input: $i) { task { id name priority status owner { id } group { id } } } }', {
          i: { name: 'Send the renewal quote', priority: 'HIGH', groupId: 'sales', dueDate: '2025-04-01' },
        });
        const task = (created.body.data as { createTask: { task: { id: string; owner: { id: string }; group: { id: string }; status: string } } }).createTask.task;
        assert.equal(task.owner.id, 'carol');
        assert.equal(task.group.id, 'sales');
        assert.equal(task.status, 'TODO');
        const updated = await graphql(
          own,
          carol,
          `mutation { updateTaskPriority(id: "${task.id}", priority: URGENT) { priority } completeTask(id: "${task.id}") { status done } }`,
        );
        assert.deepEqual(updated.body.data, { updateTaskPriority: { priority: 'URGENT' }, completeTask: { status: 'DONE', done: true } });
        const foreign = await graphql(own, carol, 'mutation { completeTask(id: "task-1") { id } }');
        assert.match((foreign.body.errors as Array<{ message: string }>)[0].message, /No task with ID "task-1"/);
        const wrongGroup = await graphql(own, carol, 'mutation { createTask(input: { name: "x", groupId: "eng" }) { task { id } } }');
        assert.match((wrongGroup.body.errors as Array<{ message: string }>)[0].message, /No group with ID "eng"/);
        const readOnly = (await userTokens(own, 'carol', 'tasks:read')).access_token;
        assert.equal((await graphql(own, readOnly, 'mutation { completeTask(id: "task-5") { id } }')).status, 401);
      } finally {
        await own.close();
      }
    });

    it('answers GET with a URL-encoded query', async () => {
      const res = await fetch(`${sb.baseUrl}/v1/graphql?query=${encodeURIComponent('query Q { viewer { kind } }')}&operationName=Q`, {
        headers: { authorization: `Bearer ${alice}` },
      });
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { data: { viewer: { kind: 'USER' } } });
    });
  });

  describe('IP allowlist and rate limit', () => {
    let own: RunningSandbox;
    let token: string;
    beforeEach(async () => {
      own = await start();
      token = (await userTokens(own, 'alice')).access_token;
    });
    afterEach(async () => {
      await own.close();
    });

    it('403 for an address outside the allowlist (admin endpoint), back after reset', async () => {
      const set = await adminFetch(`${own.baseUrl}/admin/ip-allowlist`, { method: 'POST', body: JSON.stringify({ cidrs: ['10.0.0.0/8'] }) });
      assert.equal(set.status, 200);
      const denied = await graphql(own, token, '{ viewer { kind } }');
      assert.equal(denied.status, 403);
      assert.equal(denied.body.error, 'forbidden');
      await adminFetch(`${own.baseUrl}/admin/reset`, { method: 'POST' });
      assert.equal((await graphql(own, token, '{ viewer { kind } }')).status, 200);
    });

    it('429 with Retry-After over the limit, per principal, on the Sandbox clock', async () => {
      await adminFetch(`${own.baseUrl}/admin/rate-limit`, { method: 'POST', body: JSON.stringify({ limit: 2, windowMs: 10_000 }) });
      assert.equal((await graphql(own, token, '{ viewer { kind } }')).status, 200);
      assert.equal((await graphql(own, token, '{ viewer { kind } }')).status, 200);
      const limited = await graphql(own, token, '{ viewer { kind } }');
      assert.equal(limited.status, 429);
      assert.equal(limited.headers.get('retry-after'), '10');
      assert.equal(limited.body.error, 'rate_limited');
      const other = await teamToken(own);
      assert.equal((await graphql(own, other, '{ viewer { kind } }')).status, 200, 'another principal has its own budget');
      own.clock.advance(10_000);
      assert.equal((await graphql(own, token, '{ viewer { kind } }')).status, 200);
    });
  });

  it('a team token from client_credentials reaches everything the team may access', async () => {
    const res = await tokenRequest(sb, { grant_type: 'client_credentials', client_id: CONFIDENTIAL_CLIENT, client_secret: CONFIDENTIAL_SECRET, scope: 'files:read' });
    const files = await graphql(sb, String(res.body.access_token), '{ files(first: 100) { totalCount } }');
    assert.deepEqual(files.body.data, { files: { totalCount: 8 } });
  });
});
