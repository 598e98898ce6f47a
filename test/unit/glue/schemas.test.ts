import './register';
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSchema, introspectionFromSchema } from 'graphql';
import { EventEmitter, resetFake, workspace } from './vscodeFake';
import { Schemas, type SchemasDeps, type SchemaVersionChange } from '../../../src/services/schemas/schemas';
import { CapturingLogger } from '../core/auth/fakes';

/**
 * The schemas service tells each change of a schema in use once: a new version of the active
 * environment's schema fired `onDidChange` twice (once as "any environment's schema", once as "the
 * active one's"), so every listener (validation of open documents, the explorer, the types) did its
 * work twice.
 */
describe('glue: Schemas.onDidChange fires once per change', () => {
  const sdl = (field: string) => `type Query { ${field}: String }`;
  let dir: string;
  let schemas: Schemas;
  let served: string;
  let active: { name: string; key: string };
  const envA = { name: 'A', key: 'https://a.test https://a.test c' };
  const envB = { name: 'B', key: 'https://b.test https://b.test c' };
  let activeChanged: EventEmitter<unknown>;

  beforeEach(async () => {
    resetFake();
    workspace.workspaceFolders = [];
    dir = mkdtempSync(join(tmpdir(), 'tgq-schemas-'));
    served = sdl('first');
    active = envA;
    activeChanged = new EventEmitter<unknown>();
    schemas = new Schemas({
      storageDir: dir,
      logger: new CapturingLogger(),
      activeEnvironment: () => active,
      environmentsInUse: () => [active],
      environmentFor: () => active,
      activeFolder: () => undefined,
      sessionIdOf: async () => 'session',
      onDidChangeActive: activeChanged.event as unknown as SchemasDeps['onDidChangeActive'],
      execute: async () => ({ body: { data: introspectionFromSchema(buildSchema(served)) } }),
      isNotSignedIn: () => false,
      ttlMs: () => 3600_000,
      requestTimeoutMs: () => 10_000,
    });
    await schemas.start();
    await schemas.environment.idle();
  });

  afterEach(() => {
    schemas.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('once for a new version of the active environment’s schema, after its version change', async () => {
    assert.ok(schemas.current()?.schema.getQueryType()?.getFields().first, 'the first version loaded');
    const events: string[] = [];
    schemas.onDidChange(() => events.push('change'));
    schemas.onDidChangeVersion((e: SchemaVersionChange) => events.push(`version ${Object.keys(e.current.schema.getQueryType()!.getFields()).join()}`));
    served = sdl('second');
    const outcome = await schemas.refresh();
    assert.equal(outcome.ok, true);
    assert.deepEqual(events, ['version second', 'change']);
  });

  it('once when another environment becomes the active one', async () => {
    const events: string[] = [];
    schemas.onDidChange(() => events.push('change'));
    active = envB;
    served = sdl('other');
    activeChanged.fire(undefined);
    await schemas.environment.idle();
    assert.ok(schemas.current()?.schema.getQueryType()?.getFields().other, 'B’s schema is the active one');
    // The switch itself, then B's schema loaded: each told once.
    assert.deepEqual(events, ['change', 'change']);
  });
});
