import * as assert from 'node:assert/strict';
import { buildSchema, GraphQLEnumType, GraphQLObjectType, type GraphQLInputObjectType } from 'graphql';
import type { RunningSandbox } from '../../../src/sandbox/index';
import { sandboxSdl } from '../../../src/sandbox/schemaVersions';
import { parseArgs } from '../../../src/sandbox/main';
import { diffSchemas } from '../../../src/core/schema/schemaDiff';
import { adminFetch, graphql, start, userTokens } from './helpers';

const DUE = '{ tasks(first: 100) { edges { node { id dueDate } } } }';
const DUE_ON = '{ tasks(first: 100) { edges { node { id dueOn } } } }';

async function admin(sb: RunningSandbox, method: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await adminFetch(`${sb.baseUrl}/admin/schema`, {
    method,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('sandbox schema versions', () => {
  it('version 2 renames Task.dueDate to dueOn (breaking) and adds TaskStatus.BLOCKED (dangerous), described, spec kept', async () => {
    const v1 = buildSchema(sandboxSdl(1));
    const v2 = buildSchema(sandboxSdl(2));
    const diff = await diffSchemas(v1, v2);
    assert.deepEqual(
      diff.breaking.map((c) => c.coordinate),
      ['Task.dueDate'],
    );
    assert.deepEqual(
      diff.dangerous.map((c) => c.coordinate),
      ['TaskStatus.BLOCKED'],
    );
    const task = v2.getType('Task') as GraphQLObjectType;
    assert.match(task.getFields().dueOn.description ?? '', /due/);
    assert.match((v2.getType('TaskStatus') as GraphQLEnumType).getValue('BLOCKED')?.description ?? '', /\w/);
    // What the interface specifies stays: the tasks query with a priority filter, File.fields.
    assert.ok(
      v2
        .getQueryType()
        ?.getFields()
        .tasks.args.some((a) => a.name === 'filter'),
    );
    assert.ok((v2.getType('TaskFilter') as GraphQLInputObjectType).getFields().priority);
    assert.ok((v2.getType('File') as GraphQLObjectType).getFields().fields);
  });

  describe('served', () => {
    let sb: RunningSandbox;
    let alice: string;
    before(async () => {
      sb = await start();
      alice = (await userTokens(sb, 'alice')).access_token;
    });
    after(async () => {
      await sb.close();
    });

    it('switches with POST /admin/schema: the old field no longer validates, the renamed one returns the same data; reset goes back to 1', async () => {
      assert.deepEqual((await admin(sb, 'GET')).body, { version: 1, versions: [1, 2] });
      const before = await graphql(sb, alice, DUE);
      assert.equal(before.status, 200, JSON.stringify(before.body));
      const dueDates = (before.body.data as { tasks: { edges: { node: { id: string; dueDate: string | null } }[] } }).tasks.edges.map((e) => [e.node.id, e.node.dueDate]);
      assert.ok(dueDates.some(([, d]) => d !== null));

      assert.deepEqual(await admin(sb, 'POST', { version: 2 }), { status: 200, body: { version: 2, versions: [1, 2] } });
      const old = await graphql(sb, alice, DUE);
      assert.equal(old.body.data, undefined);
      assert.match(JSON.stringify(old.body.errors), /Cannot query field \\"dueDate\\" on type \\"Task\\"/);
      const renamed = await graphql(sb, alice, DUE_ON);
      assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
      assert.deepEqual(
        (renamed.body.data as { tasks: { edges: { node: { id: string; dueOn: string | null } }[] } }).tasks.edges.map((e) => [e.node.id, e.node.dueOn]),
        dueDates,
      );
      const blocked = await graphql(sb, alice, '{ tasks(filter: { status: BLOCKED }) { totalCount } }');
      assert.deepEqual(blocked.body, { data: { tasks: { totalCount: 0 } } });
      const introspected = await graphql(sb, alice, '{ __type(name: "TaskStatus") { enumValues { name } } }');
      assert.match(JSON.stringify(introspected.body), /BLOCKED/);

      const reset = await adminFetch(`${sb.baseUrl}/admin/reset`, { method: 'POST' });
      assert.equal(reset.status, 200);
      assert.equal((await admin(sb, 'GET')).body.version, 1);
      assert.equal((await graphql(sb, alice, DUE)).status, 200);
    });

    it('refuses an unknown version', async () => {
      const res = await admin(sb, 'POST', { version: 3 });
      assert.equal(res.status, 400);
      assert.match(String(res.body.error), /"version" must be one of 1, 2/);
    });
  });

  it('starts at another version with schemaVersion / --schema-version', async () => {
    const sb = await start({ schemaVersion: 2 });
    try {
      assert.equal((await admin(sb, 'GET')).body.version, 2);
    } finally {
      await sb.close();
    }
    assert.equal((parseArgs(['--schema-version', '2']) as { schemaVersion?: number }).schemaVersion, 2);
    assert.throws(() => parseArgs(['--schema-version', '7']), /--schema-version must be one of 1, 2/);
  });
});
