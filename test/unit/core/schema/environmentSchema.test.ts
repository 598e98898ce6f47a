import * as assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { buildSchema, introspectionFromSchema, version as graphqlVersion } from 'graphql';
import { EnvironmentSchema } from '../../../../src/core/schema/environmentSchema';
import { readSchemaCache, writeSchemaCache } from '../../../../src/core/schema/schemaCache';
import type { SchemaState } from '../../../../src/core/schema/schemaSnapshot';
import { Emitter } from '../../../../src/core/events';
import { NotSignedInError } from '../../../../src/core/errors';
import { nullLogger } from '../../../../src/core/logger';
import { FakeClock, ManualTimers } from '../auth/fakes';

const V1 = { data: introspectionFromSchema(buildSchema('type Query { tasks: [String] }')) };
const V2 = { data: introspectionFromSchema(buildSchema('type Query { tasks: [String], me: String }')) };
const HOUR = 3_600_000;

/** An environment schema over a temp cache folder, with a scripted introspection and fake time. */
async function setup(options: { environment?: string; session?: string; cached?: unknown; cachedAgeMs?: number } = {}) {
  const dir = await mkdtemp(path.join(tmpdir(), 'env-schema-'));
  const clock = new FakeClock();
  const timers = new ManualTimers();
  const active = new Emitter<void>();
  const world = { environment: options.environment ?? 'Sandbox', session: options.session as string | undefined, key: undefined as string | undefined };
  const answers: (unknown | Error)[] = [];
  const calls: AbortSignal[] = [];
  const gates: (() => void)[] = [];
  let gated = false;
  if (options.cached) {
    await writeSchemaCache(dir, world.environment, options.cached, new Date(clock.now() - (options.cachedAgeMs ?? 0)));
  }
  const service = new EnvironmentSchema({
    storageDir: dir,
    logger: nullLogger,
    activeEnvironment: () => (world.environment ? { name: world.environment, key: world.key ?? world.environment, sessionId: () => Promise.resolve(world.session) } : undefined),
    onDidChangeActive: active.event,
    introspect: async (signal) => {
      calls.push(signal);
      if (gated) {
        await new Promise<void>((resolve) => gates.push(resolve));
      }
      const next = answers.shift() ?? V1;
      if (next instanceof Error) {
        throw next;
      }
      return next;
    },
    isNotSignedIn: (err) => err instanceof NotSignedInError,
    ttlMs: () => HOUR,
    clock,
    timers,
  });
  const states: SchemaState['kind'][] = [];
  service.onDidChangeState((s) => states.push(s.kind));
  return {
    dir,
    service,
    clock,
    timers,
    world,
    answers,
    calls,
    states,
    gate: () => (gated = true),
    release: () => gates.splice(0).forEach((g) => g()),
    changeActive: () => active.fire(),
    cleanup: async () => {
      service.dispose();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Runs a test on a fresh environment schema and cleans up after it, pass or fail. */
async function withSchema(options: Parameters<typeof setup>[0], test: (t: Awaited<ReturnType<typeof setup>>) => Promise<void>): Promise<void> {
  const t = await setup(options);
  try {
    await test(t);
  } finally {
    await t.cleanup();
  }
}

describe('core/schema/environmentSchema', () => {
  it('loads the cached schema at start and stays offline when nobody is signed in', () =>
    withSchema({ cached: V1 }, async (t) => {
      await t.service.start();
      assert.equal(t.service.current()?.source, 'cache');
      assert.ok(t.service.current()?.schema.getQueryType()?.getFields().tasks);
      assert.equal(t.service.state.kind, 'notSignedIn');
      assert.equal(t.calls.length, 0, 'no introspection without a session');
    }));

  it('introspects after sign-in, writes the cache and schedules the TTL refresh', () =>
    withSchema({ session: 's1' }, async (t) => {
      await t.service.start();
      await t.service.idle();
      assert.equal(t.calls.length, 1);
      assert.equal(t.service.current()?.source, 'introspection');
      assert.equal(t.service.state.kind, 'ready');
      assert.equal(t.timers.active, 1, 'one TTL timer');
      assert.equal(t.timers.scheduled.at(-1)?.ms, HOUR);
      // The schema was validated then: the record says so, and a later load does not validate again.
      const read = await readSchemaCache(t.dir, t.world.environment);
      assert.ok(read.status === 'hit');
      assert.equal(read.record.validatedWith, graphqlVersion);
    }));

  it('a fresh cache is used as it is; the TTL timer refreshes it when it is due', () =>
    withSchema({ session: 's1', cached: V1, cachedAgeMs: HOUR / 2 }, async (t) => {
      await t.service.start();
      // The same session as at start would not refresh; the first sync sees a new session, so it does.
      await t.service.idle();
      const before = t.calls.length;
      t.answers.push(V2);
      t.timers.fireAll();
      await t.service.idle();
      assert.equal(t.calls.length, before + 1, 'the TTL timer introspects again');
      assert.ok(t.service.current()?.schema.getQueryType()?.getFields().me, 'the new version is in use');
    }));

  it('joins a refresh already running instead of starting another', () =>
    withSchema({ session: 's1' }, async (t) => {
      t.gate();
      await t.service.start();
      const a = t.service.refresh();
      const b = t.service.refresh();
      t.release();
      const [ra, rb] = await Promise.all([a, b]);
      assert.equal(t.calls.length, 1);
      assert.equal(ra.ok, true);
      assert.deepEqual(ra, rb);
    }));

  it('keeps the last good schema when a refresh fails, and says why', () =>
    withSchema({ session: 's1' }, async (t) => {
      await t.service.start();
      await t.service.idle();
      const good = t.service.current();
      t.answers.push(new Error('internal error (500)'));
      const outcome = await t.service.refresh();
      assert.equal(outcome.ok, false);
      assert.equal(outcome.reason, 'internal error (500)');
      assert.equal(outcome.sha256, good?.sha256);
      assert.equal(t.service.current(), good);
      assert.deepEqual(t.service.state, { kind: 'failed', reason: 'internal error (500)' });
    }));

  it('treats "not signed in" as a state, not a failure', () =>
    withSchema({ session: 's1' }, async (t) => {
      await t.service.start();
      await t.service.idle();
      t.answers.push(new NotSignedInError('Sandbox'));
      const outcome = await t.service.refresh();
      assert.equal(outcome.notSignedIn, true);
      assert.equal(t.service.state.kind, 'notSignedIn');
    }));

  it('a cancelled wait resolves at once as cancelled, and aborts the introspection', () =>
    withSchema({ session: 's1' }, async (t) => {
      await t.service.start();
      await t.service.idle();
      t.gate();
      const abort = new AbortController();
      const pending = t.service.refresh({ signal: abort.signal });
      abort.abort();
      const outcome = await pending;
      assert.equal(outcome.cancelled, true);
      assert.equal(t.calls.at(-1)?.aborted, true);
      t.release();
    }));

  it('announces a background failure once per streak, and never during a refresh a person started', () =>
    withSchema({ session: 's1' }, async (t) => {
      await t.service.start();
      await t.service.idle();
      const announced: boolean[] = [];
      t.service.onDidChangeState((s) => {
        if (s.kind === 'failed') {
          announced.push(t.service.shouldAnnounceFailure(s.reason));
        }
      });
      t.answers.push(new Error('down'), new Error('down'), new Error('down'));
      await t.service.refresh({ interactive: true });
      await t.service.refresh();
      await t.service.refresh();
      assert.deepEqual(announced, [false, true, false]);
    }));

  it('keeps the schema when only the name changes (another environment of the same server): no introspection', () =>
    withSchema({ session: 's1' }, async (t) => {
      t.world.key = 'server-1';
      await t.service.start();
      await t.service.idle();
      const before = t.service.current();
      assert.equal(t.calls.length, 1);
      t.world.environment = 'Sandbox (read-only)';
      t.changeActive();
      await t.service.idle();
      assert.equal(t.calls.length, 1, 'nothing fetched again');
      assert.equal(t.service.current()?.schema, before?.schema);
      assert.equal(t.service.current()?.label, 'Sandbox (read-only)');
      assert.equal(t.service.environmentName, 'Sandbox (read-only)');
    }));

  it('follows a switch of environment: drops the old schema and loads the new one', () =>
    withSchema({ session: 's1' }, async (t) => {
      await t.service.start();
      await t.service.idle();
      assert.equal(t.service.environmentName, 'Sandbox');
      t.world.environment = 'Other';
      t.answers.push(V2);
      t.changeActive();
      await t.service.idle();
      assert.equal(t.service.environmentName, 'Other');
      assert.equal(t.service.current()?.label, 'Other');
      assert.ok(t.service.current()?.schema.getQueryType()?.getFields().me);
      t.world.environment = undefined as unknown as string;
      t.changeActive();
      await t.service.idle();
      assert.equal(t.service.state.kind, 'noEnvironment');
      assert.equal(t.service.current(), undefined);
    }));
});
