import * as assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { introspectionFromSchema, printSchema, validateSchema, version as graphqlVersion } from 'graphql';
import { SANDBOX_SDL } from '../../../../src/sandbox/schema';
import { schemaFromSdl } from '../../../../src/core/schema/loadSchema';
import { loadSchemaFromCache, readSchemaCache, schemaCacheFile, schemaCacheFreshness, writeSchemaCache } from '../../../../src/core/schema/schemaCache';

const payload = introspectionFromSchema(schemaFromSdl(SANDBOX_SDL).schema);
const fetchedAt = new Date('2025-03-14T09:30:00.000Z');

describe('schema cache', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tg-cache-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('round-trips a record, atomically, one file per environment', async () => {
    const written = await writeSchemaCache(dir, 'acme (prod)', { data: payload }, fetchedAt);
    await writeSchemaCache(dir, 'sandbox', payload, fetchedAt);
    const read = await readSchemaCache(dir, 'acme (prod)');
    assert.equal(read.status, 'hit');
    assert.ok(read.status === 'hit');
    assert.deepEqual(read.record, JSON.parse(JSON.stringify(written)));
    assert.equal(read.record.fetchedAt, '2025-03-14T09:30:00.000Z');
    assert.match(read.record.sha256, /^[0-9a-f]{64}$/);
    assert.deepEqual(read.record.introspection, JSON.parse(JSON.stringify(payload)));
    const files = (await readdir(dir)).sort();
    assert.equal(files.length, 2, `no temporary files left: ${files.join(', ')}`);
    assert.ok(files.includes(path.basename(schemaCacheFile(dir, 'acme (prod)'))));
  });

  it('reads in one go (the types worker) the record it reads in slices', async () => {
    await writeSchemaCache(dir, 'e', { data: payload }, fetchedAt);
    const sliced = await readSchemaCache(dir, 'e');
    assert.equal(sliced.status, 'hit');
    assert.deepEqual(await readSchemaCache(dir, 'e', undefined, { inOneGo: true }), sliced);
  });

  it('gives the same hash for the same schema, so a refresh can tell nothing changed', async () => {
    const a = await writeSchemaCache(dir, 'e', payload, fetchedAt);
    const b = await writeSchemaCache(dir, 'e', JSON.stringify({ data: payload }), new Date());
    assert.equal(a.sha256, b.sha256);
  });

  it('reports a missing cache as missing', async () => {
    assert.equal((await readSchemaCache(dir, 'nothing')).status, 'missing');
  });

  const damage: Array<[string, (text: string) => string, RegExp]> = [
    ['truncated', (t) => t.slice(0, t.length / 2), /not a schema cache record/],
    ['edited payload', (t) => t.replace('"Task"', '"Tusk"'), /does not match its sha256/],
    ['not JSON at all', () => 'garbage', /not a schema cache record/],
    ['another version', (t) => t.replace('{"v":1,', '{"v":2,'), /unsupported cache record version 2/],
    ['another environment', (t) => t.replace('"environment":"e"', '"environment":"f"'), /belongs to another environment \(f\)/],
    ['a bad date', (t) => t.replace('"fetchedAt":"2025', '"fetchedAt":"x2025'), /no valid fetchedAt/],
  ];
  for (const [name, change, reason] of damage) {
    it(`ignores a ${name} cache file with the reason`, async () => {
      await writeSchemaCache(dir, 'e', payload, fetchedAt);
      const file = schemaCacheFile(dir, 'e');
      await writeFile(file, change(await readFile(file, 'utf8')));
      const read = await readSchemaCache(dir, 'e');
      assert.equal(read.status, 'corrupt');
      assert.ok(read.status === 'corrupt');
      assert.match(read.reason, reason);
      // Read in one go (the types worker), the same reason.
      assert.deepEqual(await readSchemaCache(dir, 'e', undefined, { inOneGo: true }), read);
      const loaded = await loadSchemaFromCache(dir, 'e');
      assert.equal(loaded.ok, false);
      assert.ok(!loaded.ok);
      assert.match(loaded.reason, /^cached schema ignored: /);
    });
  }

  it('loads a usable schema from the cache', async () => {
    await writeSchemaCache(dir, 'e', payload, fetchedAt);
    const loaded = await loadSchemaFromCache(dir, 'e');
    assert.ok(loaded.ok);
    assert.ok(loaded.value.schema.getType('TaskPriority'));
    assert.equal(loaded.value.record.environment, 'e');
  });

  it('a record written after validation loads without validating again, with the same schema; any other is validated', async () => {
    // An introspection graphql's validateSchema finds a problem in (an object type with no fields).
    const invalid = JSON.parse(JSON.stringify(payload)) as { __schema: { types: { name: string; fields: unknown[] | null }[] } };
    invalid.__schema.types.find((t) => t.name === 'Task')!.fields = [];
    const problem = /Type Task must define one or more fields/;

    // Validated by this graphql when written: trusted (a record that says so is ours, sha256-checked).
    const valid = await writeSchemaCache(dir, 'valid', payload, fetchedAt, { valid: true });
    assert.equal(valid.validatedWith, graphqlVersion);
    const loaded = await loadSchemaFromCache(dir, 'valid');
    assert.ok(loaded.ok);
    assert.equal(loaded.value.record.validatedWith, graphqlVersion);
    assert.equal(printSchema(loaded.value.schema), printSchema(schemaFromSdl(SANDBOX_SDL).schema));
    assert.deepEqual(loaded.value.warnings, []);
    assert.deepEqual(validateSchema(loaded.value.schema), []);

    // Not said valid, or said valid by another graphql: validated on load, its problem reported.
    await writeSchemaCache(dir, 'unsaid', invalid, fetchedAt);
    const file = schemaCacheFile(dir, 'other');
    await writeSchemaCache(dir, 'other', invalid, fetchedAt, { valid: true });
    await writeFile(file, (await readFile(file, 'utf8')).replace(`"validatedWith":"${graphqlVersion}"`, '"validatedWith":"15.0.0"'));
    for (const env of ['unsaid', 'other']) {
      const read = await loadSchemaFromCache(dir, env);
      assert.ok(read.ok, env);
      assert.ok(
        read.value.warnings.some((w) => problem.test(w)),
        `${env}: ${read.value.warnings.join(' | ')}`,
      );
    }
    // The record's word is what skips the validation (shown by a record that says so wrongly).
    await writeSchemaCache(dir, 'claimed', invalid, fetchedAt, { valid: true });
    const claimed = await loadSchemaFromCache(dir, 'claimed');
    assert.ok(claimed.ok);
    assert.deepEqual(claimed.value.warnings, []);
  });

  const ttl = 60 * 60_000;
  const now = Date.parse('2025-03-14T12:00:00.000Z');
  const freshness: Array<[string, string | undefined, string]> = [
    ['no record', undefined, 'missing'],
    ['fetched a minute ago', '2025-03-14T11:59:00.000Z', 'fresh'],
    ['fetched just under the TTL ago', '2025-03-14T11:00:00.001Z', 'fresh'],
    ['fetched exactly the TTL ago', '2025-03-14T11:00:00.000Z', 'stale'],
    ['fetched yesterday', '2025-03-13T12:00:00.000Z', 'stale'],
    ['dated an hour in the future (clock jumped)', '2025-03-14T13:00:00.000Z', 'stale'],
    ['dated a minute in the future (skew)', '2025-03-14T12:01:00.000Z', 'fresh'],
    ['an unreadable date', 'soon', 'stale'],
  ];
  for (const [name, at, expected] of freshness) {
    it(`freshness: ${name} -> ${expected}`, () => {
      assert.equal(schemaCacheFreshness(at === undefined ? undefined : { fetchedAt: at }, now, ttl), expected);
    });
  }
});
