import * as assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { buildSchema, introspectionFromSchema } from 'graphql';
import { EnvironmentSchema, type SchemaEnvironment } from '../../../../src/core/schema/environmentSchema';
import { EnvironmentSchemas } from '../../../../src/core/schema/environmentSchemas';
import { Emitter } from '../../../../src/core/events';
import { NotSignedInError } from '../../../../src/core/errors';
import { nullLogger } from '../../../../src/core/logger';
import { FakeClock, ManualTimers } from '../auth/fakes';

/** Each server answers introspection with a schema of its own: a query field named after it. */
const schemaOf = (key: string) => ({ data: introspectionFromSchema(buildSchema(`type Query { ${key}: String }`)) });

/** The set of environment schemas over a temp cache folder: folders' environments and the active one as the test says. */
async function setup() {
  const dir = await mkdtemp(path.join(tmpdir(), 'env-schemas-'));
  const changed = new Emitter<void>();
  const world = { active: undefined as SchemaEnvironment | undefined, inUse: [] as SchemaEnvironment[] };
  const introspected: string[] = [];
  const pool = new EnvironmentSchemas({
    active: () => world.active,
    inUse: () => world.inUse,
    onDidChangeActive: changed.event,
    create: (environment) =>
      new EnvironmentSchema({
        storageDir: dir,
        logger: nullLogger,
        activeEnvironment: () => {
          const env = environment();
          return env && { ...env, sessionId: () => Promise.resolve('session') };
        },
        onDidChangeActive: changed.event,
        introspect: () => {
          const env = environment();
          if (!env) {
            return Promise.reject(new NotSignedInError(undefined));
          }
          introspected.push(env.key);
          return Promise.resolve(schemaOf(env.key));
        },
        isNotSignedIn: (err) => err instanceof NotSignedInError,
        ttlMs: () => 3_600_000,
        clock: new FakeClock(),
        timers: new ManualTimers(),
      }),
  });
  return {
    pool,
    world,
    introspected,
    change: () => changed.fire(),
    cleanup: async () => {
      pool.dispose();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const fieldsOf = (snapshot: { schema: { getQueryType(): { getFields(): object } | null | undefined } } | undefined) =>
  Object.keys(snapshot?.schema.getQueryType()?.getFields() ?? {});

/** The pool started with Alpha and Beta in use, Alpha active, both schemas loaded. */
async function startedWithAlphaAndBeta() {
  const t = await setup();
  const alpha = { name: 'Alpha', key: 'alpha' };
  const beta = { name: 'Beta', key: 'beta' };
  t.world.inUse = [alpha, beta];
  t.world.active = alpha;
  await t.pool.start();
  await t.pool.idle();
  return { t, alpha, beta };
}

describe('EnvironmentSchemas (one schema per environment in use; the active one in front)', () => {
  it("keeps each folder's environment's schema, and switching the active one loads and introspects nothing again", async () => {
    const { t, beta } = await startedWithAlphaAndBeta();
    try {
      assert.deepEqual([...t.introspected].sort(), ['alpha', 'beta']);
      assert.deepEqual(fieldsOf(t.pool.schemaOf('alpha')), ['alpha']);
      assert.deepEqual(fieldsOf(t.pool.schemaOf('beta')), ['beta']);
      assert.deepEqual(fieldsOf(t.pool.current()), ['alpha']);
      assert.equal(t.pool.environmentName, 'Alpha');

      const seen: string[][] = [];
      const switches: (string | undefined)[] = [];
      t.pool.onDidChangeSchema((s) => seen.push(fieldsOf(s)));
      t.pool.onDidChangeActiveEnvironment(({ previous, current }) => switches.push(`${previous?.label} -> ${current?.label}`));
      t.world.active = beta;
      t.change();
      await t.pool.idle();
      assert.deepEqual(fieldsOf(t.pool.current()), ['beta']);
      assert.equal(t.pool.environmentName, 'Beta');
      assert.equal(t.pool.state.kind, 'ready');
      assert.deepEqual(seen, [['beta']], "the active schema changed once, to Beta's");
      assert.deepEqual(switches, ['Alpha -> Beta']);
      assert.equal(t.introspected.length, 2, 'no introspection for a switch between environments in use');
    } finally {
      await t.cleanup();
    }
  });

  it('drops the schema of an environment no folder uses any more, and says when there is none', async () => {
    const { t, alpha } = await startedWithAlphaAndBeta();
    try {
      const dropped: string[] = [];
      t.pool.onDidDropEnvironment((key) => dropped.push(key));
      t.world.inUse = [alpha];
      t.change();
      assert.equal(t.pool.schemaOf('beta'), undefined);
      assert.deepEqual(dropped, ['beta'], 'the drop is told (the schemas service lets its last schema go)');
      assert.deepEqual(
        t.pool.all().map((s) => s.label),
        ['Alpha'],
      );
      t.world.inUse = [];
      t.world.active = undefined;
      t.change();
      assert.equal(t.pool.current(), undefined);
      assert.equal(t.pool.state.kind, 'noEnvironment');
      const outcome = await t.pool.refresh();
      assert.equal(outcome.ok, false);
    } finally {
      await t.cleanup();
    }
  });
});
