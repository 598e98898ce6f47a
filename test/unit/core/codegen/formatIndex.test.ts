/**
 * The format index (formatIndex.ts): after a restart of the types worker, a generation whose
 * outputs are already on disk, formatted, formats and writes nothing; a generated file changed by
 * hand is formatted and written again; an index that cannot be read is an empty one; its version
 * names the prettier installed.
 */
import * as assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { buildSchema, introspectionFromSchema } from 'graphql';
import { FORMAT_VERSION } from '../../../../src/core/codegen/formatTypescript';
import type { SourceDocument } from '../../../../src/core/codegen/generateTypes';
import type { SchemaSource } from '../../../../src/core/codegen/protocol';
import { TypesGenerator } from '../../../../src/core/codegen/typesGenerator';
import { writeSchemaCache } from '../../../../src/core/schema/schemaCache';
import { sandboxSdl } from '../../../../src/sandbox/schemaVersions';
import { filesUnder } from './codegenCli';

const FIXTURES = path.join(__dirname, 'fixtures');

describe('format index: formatting remembered across restarts', function () {
  this.timeout(120_000);
  let tmp: string;
  let source: SchemaSource;
  let documents: SourceDocument[];
  let index: string;

  beforeEach(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'format-index-'));
    const record = await writeSchemaCache(path.join(tmp, 'cache'), 'Sandbox', introspectionFromSchema(buildSchema(sandboxSdl(1))));
    source = { key: 'env:Sandbox', version: record.sha256, cache: { dir: path.join(tmp, 'cache'), environment: 'Sandbox' } };
    const docs = path.join(tmp, 'docs');
    cpSync(path.join(FIXTURES, 'sandbox'), docs, { recursive: true });
    documents = filesUnder(docs, '.graphql').map((rel) => {
      const location = path.join(docs, rel);
      return { id: `file://${location}`, location, text: readFileSync(location, 'utf8') };
    });
    index = path.join(tmp, 'storage', 'types-format-index.json');
  });
  afterEach(() => rmSync(tmp, { recursive: true, force: true }));

  const generate = (generator: TypesGenerator) => generator.handle({ kind: 'operationFiles', schema: source, root: tmp, documents, write: true, formatIndex: index });

  it('after a restart, formats and writes nothing that is on disk already', async () => {
    const first = new TypesGenerator();
    const wrote = await generate(first);
    assert.equal(wrote.files.filter((f) => f.written).length, 4);
    assert.equal(first.formattedCount, 4);
    const texts = wrote.files.map((f) => readFileSync(f.path, 'utf8'));

    const restarted = new TypesGenerator();
    const again = await generate(restarted);
    assert.equal(restarted.formattedCount, 0, 'nothing formatted');
    assert.deepEqual(
      again.files.map((f) => f.written),
      [false, false, false, false],
    );
    assert.deepEqual(
      again.files.map((f) => readFileSync(f.path, 'utf8')),
      texts,
    );
  });

  it('formats and writes again a generated file changed by hand', async () => {
    const wrote = await generate(new TypesGenerator());
    const changed = wrote.files[1].path;
    const text = readFileSync(changed, 'utf8');
    writeFileSync(changed, `${text}// edited\n`);
    const restarted = new TypesGenerator();
    const again = await generate(restarted);
    assert.equal(restarted.formattedCount, 1);
    assert.deepEqual(
      again.files.filter((f) => f.written).map((f) => f.path),
      [changed],
    );
    assert.equal(readFileSync(changed, 'utf8'), text);
  });

  it('takes an index it cannot read for an empty one', async () => {
    const wrote = await generate(new TypesGenerator());
    const texts = wrote.files.map((f) => readFileSync(f.path, 'utf8'));
    writeFileSync(index, '{ not json');
    const restarted = new TypesGenerator();
    const again = await generate(restarted);
    assert.equal(restarted.formattedCount, 4);
    assert.equal(again.files.filter((f) => f.written).length, 0);
    assert.deepEqual(
      again.files.map((f) => readFileSync(f.path, 'utf8')),
      texts,
    );
    assert.match(readFileSync(index, 'utf8'), /"entries":\[\["[0-9a-f]{64}","[0-9a-f]{64}"\]/, 'written again');
  });

  it('names the version of prettier installed', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const version = (require('prettier/package.json') as { version: string }).version;
    assert.ok(FORMAT_VERSION.startsWith(`prettier-${version}+`), FORMAT_VERSION);
  });
});
