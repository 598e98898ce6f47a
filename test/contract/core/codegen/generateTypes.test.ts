/**
 * The generated types are the bytes the GraphQL Code Generator CLI writes with the equivalent
 * config (neither formats), run here on the same schema file (the one `tenantGraphql.schema.writeTo`
 * writes) and the same documents: the Sandbox's schema with fixture documents, GitHub's with the
 * benchmark's documents, and code templates in the client preset's style. Also: a document that does not validate gets no new types and a
 * problem that says why, and the other files are still written.
 */
import * as assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { buildClientSchema, buildSchema, introspectionFromSchema, Kind, parse, type DocumentNode, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import { isUsingTypes } from '@graphql-codegen/plugin-helpers';
import { findTemplates } from '../../../../src/core/embedded/templates';
import { GENERATED_HEADER, joinClientParts, type SourceDocument } from '../../../../src/core/codegen/generateTypes';
import type { SchemaSource } from '../../../../src/core/codegen/protocol';
import { TypesGenerator } from '../../../../src/core/codegen/typesGenerator';
import { writeSchemaCache } from '../../../../src/core/schema/schemaCache';
import { sandboxSdl } from '../../../../src/sandbox/schemaVersions';
import { githubOperationFiles, operationFilesCliConfig } from '../../../fixtures/codegenInputs';
import { loadInputs } from '../../../fixtures/inputs';
import { deprecationsValidOnGraphql17, filesUnder, read, runCodegenCli } from './codegenCli';

const FIXTURES = path.join(__dirname, '../../../fixtures/codegen');
const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

/** The CLI config equivalent to the templates' file: the client preset without fragment masking. */
const CLIENT_CONFIG = (schema: string) => ({
  schema,
  documents: ['src/**/*.ts'],
  generates: { 'gql/': { preset: 'client', presetConfig: { fragmentMasking: false, gqlTagName: 'graphql' } } },
});

/** A schema in the extension's disk cache, as the worker reads it. */
async function cachedSchema(dir: string, environment: string, introspection: IntrospectionQuery | string): Promise<SchemaSource> {
  const record = await writeSchemaCache(path.join(dir, 'cache'), environment, introspection, new Date('2025-01-02T03:04:05.000Z'));
  return { key: `env:${environment}`, version: record.sha256, cache: { dir: path.join(dir, 'cache'), environment } };
}

/** The `.graphql` files under `dir` as the extension hands them to the worker. */
function graphqlDocuments(dir: string): SourceDocument[] {
  return filesUnder(dir, '.graphql').map((rel) => {
    const location = path.join(dir, rel);
    return { id: `file://${location}`, location, text: readFileSync(location, 'utf8') };
  });
}

/** Writes the schema file, generates the near-operation files, runs the CLI beside, and compares. */
async function compareOperationFiles(tmp: string, source: SchemaSource, environment: string, docsFrom: (dir: string) => void): Promise<number> {
  const generator = new TypesGenerator();
  const schemaFile = path.join(tmp, 'schema.graphql');
  const wrote = await generator.handle({
    kind: 'schemaFile',
    schema: source,
    file: schemaFile,
    format: 'sdl',
    header: { environment, fetchedAt: new Date('2025-01-02T03:04:05.000Z') },
  });
  assert.equal(wrote.written, true);
  const ours = path.join(tmp, 'ours');
  const cli = path.join(tmp, 'cli');
  for (const dir of [ours, cli]) {
    mkdirSync(path.join(dir, 'docs'), { recursive: true });
    docsFrom(path.join(dir, 'docs'));
  }
  const reply = await generator.handle({ kind: 'operationFiles', schema: source, root: ours, documents: graphqlDocuments(path.join(ours, 'docs')), write: true });
  assert.deepEqual(reply.problems, []);
  runCodegenCli(cli, operationFilesCliConfig('../schema.graphql'));
  const expected = filesUnder(path.join(cli, 'docs'), '.generated.ts');
  assert.deepEqual(filesUnder(path.join(ours, 'docs'), '.generated.ts'), expected);
  assert.ok(expected.length > 0);
  for (const rel of expected) {
    assert.equal(read(path.join(ours, 'docs', rel)), read(path.join(cli, 'docs', rel)), `${rel} differs from the CLI's`);
  }
  return expected.length;
}

describe('generated types (equal to the GraphQL Code Generator CLI)', function () {
  this.timeout(300_000);
  let tmp: string;

  beforeEach(() => {
    // Inside the project: the CLI loads its presets and plugins from node_modules above its folder.
    mkdirSync(path.join(ROOT, 'out'), { recursive: true });
    tmp = mkdtempSync(path.join(ROOT, 'out', 'codegen-test-'));
  });
  afterEach(() => rmSync(tmp, { recursive: true, force: true }));

  it('on the Sandbox schema: x.generated.ts beside each .graphql file, with fragments of other files', async () => {
    const source = await cachedSchema(tmp, 'Sandbox', introspectionFromSchema(buildSchema(sandboxSdl(1))));
    const count = await compareOperationFiles(tmp, source, 'Sandbox', (docs) => cpSync(path.join(FIXTURES, 'sandbox'), docs, { recursive: true }));
    assert.equal(count, 4);
    const tasks = read(path.join(tmp, 'ours', 'docs', 'tasks', 'tasks.generated.ts'));
    assert.ok(tasks.startsWith(GENERATED_HEADER));
    assert.match(tasks, /export type UrgentTasksQueryVariables = Exact<\{/);
    assert.match(tasks, /export type UrgentTasksQuery = \{/);
    assert.match(tasks, /export const UrgentTasksDocument = /);
    // The fragment of another file is part of the operation's document (the preset inlines it).
    assert.match(tasks, /\{"kind":"FragmentDefinition","name":\{"kind":"Name","value":"TaskFields"\}/);
  });

  it("on GitHub's schema: the benchmark's documents", async () => {
    const inputs = loadInputs();
    const source = await cachedSchema(tmp, 'GitHub', deprecationsValidOnGraphql17(inputs.introspectionText));
    const files = githubOperationFiles(3);
    const count = await compareOperationFiles(tmp, source, 'GitHub', (docs) => {
      for (const file of files) {
        mkdirSync(path.dirname(path.join(docs, file.path)), { recursive: true });
        writeFileSync(path.join(docs, file.path), file.text);
      }
    });
    assert.equal(count, files.length);
  });

  it('for code templates: one file in the client preset style, equal to the preset’s graphql.ts and gql.ts joined', async () => {
    const source = await cachedSchema(tmp, 'Sandbox', introspectionFromSchema(buildSchema(sandboxSdl(1))));
    const generator = new TypesGenerator();
    await generator.handle({
      kind: 'schemaFile',
      schema: source,
      file: path.join(tmp, 'schema.graphql'),
      format: 'sdl',
      header: { environment: 'Sandbox', fetchedAt: new Date() },
    });
    const ours = path.join(tmp, 'ours');
    const cli = path.join(tmp, 'cli');
    for (const dir of [ours, cli]) {
      cpSync(path.join(FIXTURES, 'templates'), path.join(dir, 'src'), { recursive: true });
    }
    const documents: SourceDocument[] = filesUnder(path.join(ours, 'src'), '.ts').flatMap((rel) => {
      const location = path.join(ours, 'src', rel);
      return findTemplates(read(location)).map((t, n) => ({ id: `${location}#${n}`, location, text: t.text }));
    });
    const output = path.join(ours, 'src', 'graphql.generated.ts');
    const reply = await generator.handle({ kind: 'clientFile', schema: source, documents, output, root: ours, write: true });
    assert.deepEqual(reply.problems, []);
    runCodegenCli(cli, CLIENT_CONFIG('../schema.graphql'));
    const expected = joinClientParts(read(path.join(cli, 'gql', 'graphql.ts')), read(path.join(cli, 'gql', 'gql.ts')));
    assert.equal(read(output), expected);
    assert.match(expected, /export function graphql\(\s*source: "\\n {2}query TemplateWhoAmI/);
  });

  it('leaves a document that does not validate without new types, says why, and writes the others', async () => {
    const source = await cachedSchema(tmp, 'Sandbox', introspectionFromSchema(buildSchema(sandboxSdl(1))));
    const generator = new TypesGenerator();
    const docs = path.join(tmp, 'docs');
    cpSync(path.join(FIXTURES, 'sandbox'), docs, { recursive: true });
    const first = await generator.handle({ kind: 'operationFiles', schema: source, root: tmp, documents: graphqlDocuments(docs), write: true });
    assert.equal(first.files.filter((f) => f.written).length, 4);
    const viewerTypes = path.join(docs, 'viewer.generated.ts');
    const before = read(viewerTypes);
    writeFileSync(path.join(docs, 'viewer.graphql'), 'query WhoAmI {\n  viewer {\n    kind\n    noSuchField\n  }\n}\n');
    writeFileSync(path.join(docs, 'tasks', 'mutations.graphql'), 'mutation CompleteTask($id: ID!) {\n  completeTask(id: $id) {\n    id\n  }\n}\n');
    const second = await generator.handle({ kind: 'operationFiles', schema: source, root: tmp, documents: graphqlDocuments(docs), write: true });
    assert.equal(second.problems.length, 1);
    assert.equal(second.problems[0].id, `file://${path.join(docs, 'viewer.graphql')}`);
    assert.match(second.problems[0].message, /Cannot query field "noSuchField" on type "Viewer"/);
    assert.equal(read(viewerTypes), before, 'the last good types stay');
    assert.deepEqual(
      second.files.filter((f) => f.written).map((f) => path.relative(docs, f.path)),
      ['tasks/mutations.generated.ts'],
    );
    assert.doesNotMatch(read(path.join(docs, 'tasks', 'mutations.generated.ts')), /CreateTask/);
  });

  it('leaves out a document with an introspection field with a selection (the preset fails the whole run on it), says why, and writes the others', async () => {
    const schema = buildSchema(sandboxSdl(1));
    const source = await cachedSchema(tmp, 'Sandbox', introspectionFromSchema(schema));
    const docs = path.join(tmp, 'docs');
    cpSync(path.join(FIXTURES, 'sandbox'), docs, { recursive: true });
    const introspection = 'query Kinds {\n  __type(name: "Task") {\n    fields {\n      name\n    }\n  }\n  viewer {\n    __typename\n  }\n}\n';
    writeFileSync(path.join(docs, 'kinds.graphql'), introspection);
    // What the preset does with it: the CLI's whole run fails.
    assert.throws(() => isUsingTypes(parse(introspection), [], schema), /Unable to find field "__type" on type "Query"/);
    const reply = await new TypesGenerator().handle({ kind: 'operationFiles', schema: source, root: tmp, documents: graphqlDocuments(docs), write: true });
    assert.deepEqual(reply.problems, [
      {
        id: `file://${path.join(docs, 'kinds.graphql')}`,
        message: 'GraphQL Code Generator\'s near-operation-file preset cannot generate types for an introspection field with a selection ("__type").',
      },
    ]);
    assert.equal(reply.files.filter((f) => f.written).length, 4);
  });

  it('the preset’s scan throws for no other document that reaches it: the benchmark’s documents and the fixtures, with the fragments it injects', () => {
    const json = JSON.parse(loadInputs().introspectionText) as { data?: IntrospectionQuery } & IntrospectionQuery;
    const cases: [GraphQLSchema, string[]][] = [
      [buildClientSchema(json.data ?? json), githubOperationFiles(10).map((f) => f.text)],
      [buildSchema(sandboxSdl(1)), filesUnder(path.join(FIXTURES, 'sandbox'), '.graphql').map((rel) => read(path.join(FIXTURES, 'sandbox', rel)))],
    ];
    let scanned = 0;
    for (const [schema, texts] of cases) {
      const documents = texts.map((t) => parse(t));
      const fragments = documents.flatMap((d) => d.definitions.filter((x) => x.kind === Kind.FRAGMENT_DEFINITION));
      for (const document of documents) {
        const injected: DocumentNode = { kind: Kind.DOCUMENT, definitions: [...document.definitions, ...fragments.filter((f) => !document.definitions.includes(f))] };
        assert.doesNotThrow(() => isUsingTypes(injected, [], schema));
        scanned++;
      }
    }
    assert.ok(scanned >= 50, `documents scanned: ${scanned}`);
  });
});
