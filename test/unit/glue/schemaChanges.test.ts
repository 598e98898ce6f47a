import './register';
import { strict as assert } from 'node:assert';
import { buildSchema } from 'graphql';
import { EventEmitter, fake, resetFake } from './vscodeFake';
import { SchemaChanges } from '../../../src/schema/schemaChanges';
import type { SchemaVersionChange, Schemas } from '../../../src/services/schemas';
import type { SchemaSnapshot } from '../../../src/core/schema/schemaSnapshot';
import type { SchemaSource } from '../../../src/core/codegen/protocol';
import type { RemoteSchemaDiff } from '../../../src/core/schema/schemaDiff';
import type { Logger } from '../../../src/core/logger';

const logger: Logger = { trace: () => undefined, debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

function snapshot(key: string, label: string, sdl: string, sha256: string): SchemaSnapshot {
  return { key, label, schema: buildSchema(sdl), sha256, source: 'introspection', fetchedAt: new Date(0) } as unknown as SchemaSnapshot;
}

/** A language worker whose diffs answer when the test says (undefined: "not here", so the host diffs). */
function heldWorker() {
  const waiting: (() => void)[] = [];
  const worker: RemoteSchemaDiff = {
    diff: () => new Promise((resolve) => waiting.push(() => resolve(undefined))),
    keep: async () => true,
  };
  return { worker, waiting };
}

describe('glue: schema changes of two schemas close together', () => {
  beforeEach(() => resetFake());

  it('tells each schema’s change, though the second came while the first was being compared; a newer version of the same schema replaces its comparison', async () => {
    const versions = new EventEmitter<SchemaVersionChange>();
    const schemas = {
      onDidChangeVersion: versions.event,
      sourceOf: (s: SchemaSnapshot): SchemaSource => ({ key: s.key, version: s.sha256!, cache: { dir: '/nowhere', environment: s.key } }),
    } as unknown as Schemas;
    const { worker, waiting } = heldWorker();
    const changes = new SchemaChanges(schemas, logger, worker);
    const records: string[] = [];
    let told: () => void = () => undefined;
    changes.onDidChange(() => {
      records.push(`${changes.last!.label}: ${changes.last!.summary} (${changes.last!.diff.breaking.map((c) => c.coordinate).join(', ')})`);
      told();
    });
    const a1 = snapshot('env:a', 'A', 'type Query { a: String old: String }', 'a1');
    const a2 = snapshot('env:a', 'A', 'type Query { a: String }', 'a2');
    const a3 = snapshot('env:a', 'A', 'type Query { b: String }', 'a3');
    const b1 = snapshot('env:b', 'B', 'type Query { b: String old: String }', 'b1');
    const b2 = snapshot('env:b', 'B', 'type Query { b: String }', 'b2');
    versions.fire({ previous: a1, current: a2 });
    versions.fire({ previous: b1, current: b2 });
    versions.fire({ previous: a2, current: a3 }); // replaces A's comparison still waiting
    assert.equal(waiting.length, 3);
    const both = new Promise<void>((resolve) => (told = () => (records.length === 2 ? resolve() : undefined)));
    waiting.forEach((answer) => answer());
    await both;
    // A's is the newer version's (Query.a removed), not the replaced one's (Query.old removed).
    assert.deepEqual(records.sort(), ['A: 1 breaking, 0 dangerous (Query.a)', 'B: 1 breaking, 0 dangerous (Query.old)']);
    assert.deepEqual(fake.shown.map((s) => s.message.split(':')[0]).sort(), ['The schema of A changed', 'The schema of B changed']);
    changes.dispose();
  });
});
