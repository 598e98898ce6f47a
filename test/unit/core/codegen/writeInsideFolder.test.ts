/**
 * The types worker writes only inside the workspace folder on disk: a repository's symbolic link
 * (`generated -> a folder elsewhere`) does not make the schema file, the `x.generated.ts` files or
 * the templates' file land outside it. What is refused is not written (the file outside keeps
 * its bytes), and each document it was for says why; the other files are still written.
 */
import * as assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { buildSchema, introspectionFromSchema } from 'graphql';
import { findTemplates } from '../../../../src/core/embedded/templates';
import type { SourceDocument } from '../../../../src/core/codegen/generateTypes';
import type { SchemaSource } from '../../../../src/core/codegen/protocol';
import { TypesGenerator } from '../../../../src/core/codegen/typesGenerator';
import { OUTSIDE_FOLDER } from '../../../../src/core/folderPath';
import { writeSchemaCache } from '../../../../src/core/schema/schemaCache';
import { sandboxSdl } from '../../../../src/sandbox/schemaVersions';
import { filesUnder } from './files';

const FIXTURES = path.join(__dirname, '../../../fixtures/codegen');
const THEIRS = '{ "theirs": true }\n';

describe('types worker: files written only inside the workspace folder', () => {
  let tmp: string;
  let folder: string;
  let outside: string;
  let source: SchemaSource;

  beforeEach(async () => {
    tmp = realpathSync(mkdtempSync(path.join(tmpdir(), 'write-inside-')));
    folder = path.join(tmp, 'repo');
    outside = path.join(tmp, 'outside');
    mkdirSync(folder);
    mkdirSync(outside);
    writeFileSync(path.join(outside, 'settings.json'), THEIRS);
    const record = await writeSchemaCache(path.join(tmp, 'cache'), 'Sandbox', introspectionFromSchema(buildSchema(sandboxSdl(1))));
    source = { key: 'env:Sandbox', version: record.sha256, cache: { dir: path.join(tmp, 'cache'), environment: 'Sandbox' } };
  });
  afterEach(() => rmSync(tmp, { recursive: true, force: true }));

  const schemaFile = (file: string, root?: string) =>
    new TypesGenerator().handle({ kind: 'schemaFile', schema: source, file, root, format: 'introspection', header: { environment: 'Sandbox', fetchedAt: new Date() } });

  it('the schema file: not through a folder that is a link out of the folder, nor through a file that is one', async () => {
    symlinkSync(outside, path.join(folder, 'generated'));
    await assert.rejects(schemaFile(path.join(folder, 'generated', 'settings.json'), folder), (err: Error) => err.message.includes(OUTSIDE_FOLDER));
    symlinkSync(path.join(outside, 'settings.json'), path.join(folder, 'schema.json'));
    await assert.rejects(schemaFile(path.join(folder, 'schema.json'), folder), (err: Error) => err.message.includes(OUTSIDE_FOLDER));
    assert.equal(readFileSync(path.join(outside, 'settings.json'), 'utf8'), THEIRS, 'the file outside keeps its bytes');
  });

  it('the schema file: written inside, also through a link that stays inside', async () => {
    mkdirSync(path.join(folder, 'real'));
    symlinkSync(path.join(folder, 'real'), path.join(folder, 'linked'));
    assert.deepEqual(await schemaFile(path.join(folder, 'linked', 'nested', 'schema.json'), folder), { written: true });
    assert.match(readFileSync(path.join(folder, 'real', 'nested', 'schema.json'), 'utf8'), /"__schema"/);
  });

  it('x.generated.ts: not beside documents reached through a link out of the folder; the others are written', async () => {
    cpSync(path.join(FIXTURES, 'sandbox'), path.join(folder, 'docs'), { recursive: true });
    mkdirSync(path.join(outside, 'queries'));
    cpSync(path.join(FIXTURES, 'sandbox', 'viewer.graphql'), path.join(outside, 'queries', 'elsewhere.graphql'));
    symlinkSync(path.join(outside, 'queries'), path.join(folder, 'queries'));
    const documents: SourceDocument[] = [
      ...filesUnder(path.join(folder, 'docs'), '.graphql').map((rel) => path.join(folder, 'docs', rel)),
      path.join(folder, 'queries', 'elsewhere.graphql'),
    ].map(
      // Its operation renamed: operation names are unique across the folder's documents.
      (location) => ({
        id: `file://${location}`,
        location,
        text: readFileSync(location, 'utf8').replace(/query WhoAmI\b/, location.includes('elsewhere') ? 'query Elsewhere' : 'query WhoAmI'),
      }),
    );
    const reply = await new TypesGenerator().handle({ kind: 'operationFiles', schema: source, root: folder, documents, write: true });
    const refused = reply.files.find((f) => f.path.includes('elsewhere'));
    assert.equal(refused?.written, false);
    assert.equal(existsSync(path.join(outside, 'queries', 'elsewhere.generated.ts')), false, 'nothing written outside');
    const id = `file://${path.join(folder, 'queries', 'elsewhere.graphql')}`;
    assert.ok(
      reply.problems.some((p) => p.id === id && p.message.includes(OUTSIDE_FOLDER)),
      JSON.stringify(reply.problems),
    );
    const inside = reply.files.filter((f) => f !== refused);
    assert.equal(inside.length, documents.length - 1);
    assert.ok(inside.every((f) => f.written && existsSync(f.path)));
  });

  it('the templates’ file: not through a link out of the folder', async () => {
    cpSync(path.join(FIXTURES, 'templates'), path.join(folder, 'src'), { recursive: true });
    symlinkSync(outside, path.join(folder, 'generated'));
    const documents: SourceDocument[] = filesUnder(path.join(folder, 'src'), '.ts').flatMap((rel) => {
      const location = path.join(folder, 'src', rel);
      return findTemplates(readFileSync(location, 'utf8')).map((t, n) => ({ id: `${location}#${n}`, location, text: t.text }));
    });
    const output = path.join(folder, 'generated', 'graphql.generated.ts');
    const reply = await new TypesGenerator().handle({ kind: 'clientFile', schema: source, documents, output, root: folder, write: true });
    assert.equal(reply.files[0]?.written, false);
    assert.equal(existsSync(path.join(outside, 'graphql.generated.ts')), false, 'nothing written outside');
    assert.deepEqual(new Set(reply.problems.map((p) => p.id)), new Set(documents.map((d) => d.id)));
    assert.ok(reply.problems.every((p) => p.message.includes(OUTSIDE_FOLDER)));
  });
});
