/**
 * The schema file for other tools: SDL or introspection JSON with a header naming the environment
 * and the time, the same bytes while the schema stays the same (only the time would differ), a new
 * file when the schema or the environment changes, and nothing of a session in it.
 */
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { buildClientSchema, buildSchema, introspectionFromSchema, printSchema } from 'graphql';
import { parseFolderTypesSettings } from '../../../../src/core/codegen/typesSettings';
import { schemaFileChanged, schemaFileFormat, schemaFileText, writeSchemaFile } from '../../../../src/core/codegen/schemaFile';
import { sandboxSdl } from '../../../../src/sandbox/schemaVersions';

const v1 = buildSchema(sandboxSdl(1));
const v2 = buildSchema(sandboxSdl(2));
const monday = { environment: 'Acme', fetchedAt: new Date('2025-03-10T09:00:00.000Z') };
const tuesday = { environment: 'Acme', fetchedAt: new Date('2025-03-11T09:00:00.000Z') };

describe('schema file (tenantGraphql.schema.writeTo, Save Schema As…)', () => {
  let tmp: string;
  beforeEach(() => {
    tmp = mkdtempSync(path.join(tmpdir(), 'tenant-graphql-schema-file-'));
  });
  afterEach(() => rmSync(tmp, { recursive: true, force: true }));

  it('picks the format from the file name', () => {
    assert.deepEqual(['schema.graphql', 'a/schema.graphqls', 'schema.gql', 'schema.json', 'SCHEMA.JSON'].map(schemaFileFormat), [
      'sdl',
      'sdl',
      'sdl',
      'introspection',
      'introspection',
    ]);
  });

  it('SDL: a comment naming the environment and the time, then graphql’s printed schema', () => {
    const text = schemaFileText('sdl', monday, { schema: v1 });
    const [first, blank, ...rest] = text.split('\n');
    assert.equal(
      first,
      '# Schema of the environment "Acme", fetched 2025-03-10T09:00:00.000Z. Written by Tenant GraphQL (tenantGraphql.schema.writeTo): do not edit, it is rewritten when the schema changes.',
    );
    assert.equal(blank, '');
    assert.equal(rest.join('\n'), `${printSchema(v1)}\n`);
    assert.equal(printSchema(buildSchema(text)), printSchema(v1), 'tools read it back as the same schema');
  });

  it('introspection JSON: the header as "//", then __schema as the Service sent it, readable by buildClientSchema', () => {
    const introspection = introspectionFromSchema(v1);
    const text = schemaFileText('introspection', monday, { introspection });
    const parsed = JSON.parse(text) as { '//': string; __schema: unknown };
    assert.deepEqual(Object.keys(parsed), ['//', '__schema']);
    assert.match(parsed['//'], /^Schema of the environment "Acme", fetched 2025-03-10T09:00:00.000Z\./);
    assert.equal(printSchema(buildClientSchema(parsed as never)), printSchema(v1));
    assert.ok(text.includes('\n  "__schema": {\n'), 'indented, so diffs stay readable');
  });

  it('keeps the bytes when only the time would change; writes when the schema or the environment changes', async () => {
    for (const format of ['sdl', 'introspection'] as const) {
      const file = path.join(tmp, format === 'sdl' ? 'schema.graphql' : 'schema.json');
      const source = (schema: typeof v1) => ({ schema, introspection: introspectionFromSchema(schema) });
      assert.equal(await writeSchemaFile(file, schemaFileText(format, monday, source(v1))), true, 'the first write');
      const bytes = readFileSync(file);
      const mtime = statSync(file).mtimeMs;
      assert.equal(await writeSchemaFile(file, schemaFileText(format, tuesday, source(v1))), false, 'same schema, another day');
      assert.deepEqual(readFileSync(file), bytes);
      assert.equal(statSync(file).mtimeMs, mtime);
      assert.equal(await writeSchemaFile(file, schemaFileText(format, tuesday, source(v2))), true, 'a new version');
      assert.match(readFileSync(file, 'utf8'), /dueOn/);
      assert.match(readFileSync(file, 'utf8'), /2025-03-11T09:00:00\.000Z/);
      assert.equal(await writeSchemaFile(file, schemaFileText(format, { ...tuesday, environment: 'Other' }, source(v2))), true, 'another environment');
    }
  });

  it('counts an edited or foreign file as changed (it is rewritten), and a name cannot break out of the header', () => {
    const text = schemaFileText('sdl', monday, { schema: v1 });
    assert.equal(schemaFileChanged(undefined, text), true);
    assert.equal(schemaFileChanged(text.replace('type Query', 'type  Query'), text), true);
    const odd = schemaFileText('sdl', { environment: 'a\n"*/ b', fetchedAt: monday.fetchedAt }, { schema: v1 });
    assert.equal(odd.split('\n')[0].startsWith('# Schema of the environment "a b"'), true, odd.split('\n')[0]);
  });
});

describe('types settings (tenantGraphql.schema.writeTo, tenantGraphql.codegen)', () => {
  const cases: [string, unknown, unknown, { writeTo?: string; codegen?: unknown; problems: number }][] = [
    ['off by default', undefined, undefined, { problems: 0 }],
    ['a schema file in the folder', 'schema.graphql', null, { writeTo: 'schema.graphql', problems: 0 }],
    ['a JSON file in a subfolder, normalised', './api//schema.json', null, { writeTo: 'api/schema.json', problems: 0 }],
    ['refuses a path out of the folder', '../outside.graphql', null, { problems: 1 }],
    ['refuses an absolute path', '/etc/schema.graphql', null, { problems: 1 }],
    ['refuses a Windows drive path', 'C:\\schema.graphql', null, { problems: 1 }],
    ['refuses another extension', 'schema.txt', null, { problems: 1 }],
    ['codegen on: .graphql files by default', '', {}, { codegen: { graphqlFiles: true, templatesFile: undefined }, problems: 0 }],
    [
      'codegen with a templates file',
      '',
      { graphqlFiles: false, templatesFile: 'src/graphql.generated.ts' },
      { codegen: { graphqlFiles: false, templatesFile: 'src/graphql.generated.ts' }, problems: 0 },
    ],
    ['refuses a templates file out of the folder', '', { templatesFile: '../x.ts' }, { codegen: { graphqlFiles: true, templatesFile: undefined }, problems: 1 }],
    ['refuses a templates file that is not TypeScript', '', { templatesFile: 'x.js' }, { codegen: { graphqlFiles: true, templatesFile: undefined }, problems: 1 }],
    ['refuses codegen that is not an object', '', true, { problems: 1 }],
  ];
  for (const [name, writeTo, codegen, expected] of cases) {
    it(name, () => {
      const parsed = parseFolderTypesSettings(writeTo, codegen);
      assert.equal(parsed.schemaWriteTo, expected.writeTo);
      assert.deepEqual(parsed.codegen, expected.codegen);
      assert.equal(parsed.problems.length, expected.problems, parsed.problems.join(' | '));
    });
  }
});
