import * as assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { ConfigurationError } from '../../../../src/core/errors';
import { findGraphqlConfig, parseGraphqlConfig, schemaSourcesOf } from '../../../../src/core/schema/graphqlConfig';
import { loadSchemaFiles } from '../../../../src/core/schema/loadSchema';

describe('graphql-config reader', () => {
  const cases: Array<[string, string, string, unknown]> = [
    ['JSON', '.graphqlrc.json', '{"schema": "schema.graphql", "documents": "src/**/*.graphql"}', { schema: 'schema.graphql', documents: 'src/**/*.graphql' }],
    ['JSON in .graphqlrc', '.graphqlrc', '{ "schema": ["a.graphql", "https://api.example.com/graphql"] }', { schema: ['a.graphql', 'https://api.example.com/graphql'] }],
    ['YAML scalars', '.graphqlrc.yml', "schema: './schema.json'  # introspection\ndocuments: src/**/*.graphql\n", { schema: './schema.json', documents: 'src/**/*.graphql' }],
    ['YAML flow list', 'graphql.config.yaml', 'schema: [a.graphql, "b.graphql"]\n', { schema: ['a.graphql', 'b.graphql'] }],
    [
      'YAML block list',
      '.graphqlrc',
      'schema:\n  - a.graphql\n  - https://x.example/graphql#v1\ndocuments:\n  - "q/*.graphql"\n',
      { schema: ['a.graphql', 'https://x.example/graphql#v1'], documents: ['q/*.graphql'] },
    ],
    ['YAML with other keys', '.graphqlrc.yaml', 'extensions:\n  endpoints:\n    default: x\nschema: s.graphql\n', { schema: 's.graphql' }],
  ];
  for (const [name, file, text, expected] of cases) {
    it(`reads ${name}`, () => {
      assert.deepEqual(parseGraphqlConfig(text, file), expected);
    });
  }

  const bad: Array<[string, string, string, RegExp]> = [
    ['no schema', '.graphqlrc.json', '{"documents": "x"}', /no usable "schema"/],
    ['projects only', '.graphqlrc.json', '{"projects": {"a": {"schema": "x"}}}', /Multi-project configs are not supported/],
    ['broken JSON', 'graphql.config.json', '{"schema": ', /not valid JSON/],
    ['a JSON array', '.graphqlrc.json', '["schema"]', /must hold a JSON object/],
  ];
  for (const [name, file, text, message] of bad) {
    it(`refuses ${name}, naming the file`, () => {
      assert.throws(
        () => parseGraphqlConfig(text, file),
        (err: Error) => err instanceof ConfigurationError && err.field === file && message.test(err.message),
      );
    });
  }

  it('finds the first config file of a folder, or none', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'tg-config-'));
    try {
      assert.equal(await findGraphqlConfig(dir), undefined);
      await writeFile(path.join(dir, 'graphql.config.json'), '{"schema": "late.graphql"}');
      await writeFile(path.join(dir, '.graphqlrc.yml'), 'schema: early.graphql\n');
      const found = await findGraphqlConfig(dir);
      assert.equal(found?.file, path.join(dir, '.graphqlrc.yml'));
      assert.deepEqual(found?.config, { schema: 'early.graphql' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('graphql-config schema sources', () => {
  const found = (schema: string | string[]) => ({ file: path.join('/w', 'app', '.graphqlrc.yml'), config: { schema } });
  it('resolves schema files against the folder of the config', () => {
    assert.deepEqual(schemaSourcesOf(found('schema.graphql')), { urls: [], files: [path.join('/w', 'app', 'schema.graphql')] });
    assert.deepEqual(schemaSourcesOf(found(['a.graphql', '../b.graphqls'])).files, [path.join('/w', 'app', 'a.graphql'), path.join('/w', 'b.graphqls')]);
  });
  it('sets schema URLs apart (they are not fetched)', () => {
    assert.deepEqual(schemaSourcesOf(found(['https://api.example.com/graphql', 'local.graphql'])).urls, ['https://api.example.com/graphql']);
  });
});

describe('loadSchemaFiles', () => {
  let dir = '';
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'schema-files-'));
    await writeFile(path.join(dir, 'a.graphql'), 'type Query { a: B }');
    await writeFile(path.join(dir, 'b.graphqls'), 'type B { id: ID }');
    await writeFile(path.join(dir, 'c.json'), '{}');
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('reads several SDL files as one schema', async () => {
    const loaded = await loadSchemaFiles([path.join(dir, 'a.graphql'), path.join(dir, 'b.graphqls')]);
    assert.ok(loaded.schema.getType('B'));
  });
  it('refuses introspection JSON in a list of files', async () => {
    await assert.rejects(loadSchemaFiles([path.join(dir, 'a.graphql'), path.join(dir, 'c.json')]), /must all be SDL/);
  });
});
