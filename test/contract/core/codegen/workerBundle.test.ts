/**
 * The types worker's bundle (dist/codegen.js as scripts/build.mjs builds it: graphql's production
 * mode and ES module build, GraphQL Code Generator's packages as published) generates what the
 * sources do, which the CLI comparisons (generateTypes.test.ts) check against the codegen CLI: the
 * near-operation files of the benchmark's documents on GitHub's schema and of the Sandbox
 * fixtures, and the templates' client-preset file. The bundle is built here into a folder of its
 * own, and run as the extension runs it (a worker thread); the production build (minified, as the
 * VSIX ships it) too, on GitHub's schema.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { buildSchema, introspectionFromSchema } from 'graphql';
import { findTemplates } from '../../../../src/core/embedded/templates';
import type { SourceDocument } from '../../../../src/core/codegen/generateTypes';
import type { SchemaSource, WorkerRequest } from '../../../../src/core/codegen/protocol';
import { TypesGenerator } from '../../../../src/core/codegen/typesGenerator';
import { TypesWorker } from '../../../../src/core/codegen/typesWorker';
import { writeSchemaCache } from '../../../../src/core/schema/schemaCache';
import { sandboxSdl } from '../../../../src/sandbox/schemaVersions';
import { githubOperationFiles } from '../../../fixtures/codegenInputs';
import { loadInputs } from '../../../fixtures/inputs';
import { filesUnder } from './codegenCli';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const FIXTURES = path.join(__dirname, '../../../fixtures/codegen');

describe('types worker bundle: generates what the sources generate', function () {
  this.timeout(300_000);
  let tmp: string;
  let worker: TypesWorker;
  let production: TypesWorker;

  before(() => {
    mkdirSync(path.join(ROOT, 'out'), { recursive: true });
    tmp = mkdtempSync(path.join(ROOT, 'out', 'worker-bundle-'));
    const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs'), '--quiet', '--out', path.join(tmp, 'build')], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(built.status, 0, built.stderr);
    worker = new TypesWorker({ script: path.join(tmp, 'build', 'dist', 'codegen.js') });
    // The production build as the VSIX ships it (minified) and the types bench measures it.
    const shipped = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs'), '--production', '--quiet', '--out', path.join(tmp, 'production')], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    assert.equal(shipped.status, 0, shipped.stderr);
    production = new TypesWorker({ script: path.join(tmp, 'production', 'dist', 'codegen.js') });
  });
  after(() => {
    worker.dispose();
    production.dispose();
    rmSync(tmp, { recursive: true, force: true });
  });

  /** Runs the request (made for a folder) in the bundle and in the sources; compares the files written. */
  async function compare(make: (dir: string) => WorkerRequest, bundle = worker): Promise<number> {
    const bundled = make(path.join(tmp, 'bundle'));
    const sources = make(path.join(tmp, 'sources'));
    const a = await bundle.request(bundled as Extract<WorkerRequest, { kind: 'operationFiles' }>);
    const b = await new TypesGenerator().handle(sources as Extract<WorkerRequest, { kind: 'operationFiles' }>);
    const problems = (reply: typeof a, dir: string) => reply.problems.map((p) => ({ ...p, id: path.relative(path.join(tmp, dir), p.id) }));
    assert.deepEqual(problems(a, 'bundle'), problems(b, 'sources'));
    assert.deepEqual(
      a.files.map((f) => path.relative(path.join(tmp, 'bundle'), f.path)),
      b.files.map((f) => path.relative(path.join(tmp, 'sources'), f.path)),
    );
    a.files.forEach((f, i) => assert.equal(readFileSync(f.path, 'utf8'), readFileSync(b.files[i].path, 'utf8'), f.path));
    rmSync(path.join(tmp, 'bundle'), { recursive: true, force: true });
    rmSync(path.join(tmp, 'sources'), { recursive: true, force: true });
    return a.files.length;
  }

  async function cached(environment: string, introspection: Parameters<typeof writeSchemaCache>[2]): Promise<SchemaSource> {
    const record = await writeSchemaCache(path.join(tmp, 'cache'), environment, introspection);
    return { key: `env:${environment}`, version: record.sha256, cache: { dir: path.join(tmp, 'cache'), environment } };
  }

  function graphqlFiles(dir: string, files: readonly { path: string; text: string }[]): SourceDocument[] {
    return files.map((f) => {
      const location = path.join(dir, f.path);
      mkdirSync(path.dirname(location), { recursive: true });
      writeFileSync(location, f.text);
      return { id: location, location, text: f.text };
    });
  }

  it("near-operation files: the benchmark's documents on GitHub's schema", async () => {
    const schema = await cached('GitHub', loadInputs().introspectionText);
    const files = githubOperationFiles(10);
    const count = await compare((dir) => ({ kind: 'operationFiles', schema, root: dir, documents: graphqlFiles(dir, files), write: true }));
    assert.equal(count, files.length);
  });

  it("near-operation files, from the production bundle: the benchmark's documents on GitHub's schema", async () => {
    const schema = await cached('GitHub', loadInputs().introspectionText);
    const files = githubOperationFiles(10);
    const count = await compare((dir) => ({ kind: 'operationFiles', schema, root: dir, documents: graphqlFiles(dir, files), write: true }), production);
    assert.equal(count, files.length);
  });

  it('near-operation files and the client-preset file: the Sandbox fixtures', async () => {
    const schema = await cached('Sandbox', introspectionFromSchema(buildSchema(sandboxSdl(1))));
    const sandbox = filesUnder(path.join(FIXTURES, 'sandbox'), '.graphql').map((rel) => ({ path: rel, text: readFileSync(path.join(FIXTURES, 'sandbox', rel), 'utf8') }));
    assert.equal(await compare((dir) => ({ kind: 'operationFiles', schema, root: dir, documents: graphqlFiles(dir, sandbox), write: true })), sandbox.length);
    const templates = (dir: string): SourceDocument[] => {
      cpSync(path.join(FIXTURES, 'templates'), path.join(dir, 'src'), { recursive: true });
      return filesUnder(path.join(dir, 'src'), '.ts').flatMap((rel) => {
        const location = path.join(dir, 'src', rel);
        return findTemplates(readFileSync(location, 'utf8')).map((t, n) => ({ id: `${rel}#${n}`, location, text: t.text }));
      });
    };
    assert.equal(
      await compare((dir) => ({ kind: 'clientFile', schema, documents: templates(dir), output: path.join(dir, 'src', 'graphql.generated.ts'), root: dir, write: true })),
      1,
    );
  });

  it('near-operation files beside a document the preset cannot take (an introspection field with a selection): the same problem, the same files', async () => {
    const schema = await cached('Sandbox', introspectionFromSchema(buildSchema(sandboxSdl(1))));
    const files = [
      ...filesUnder(path.join(FIXTURES, 'sandbox'), '.graphql').map((rel) => ({ path: rel, text: readFileSync(path.join(FIXTURES, 'sandbox', rel), 'utf8') })),
      { path: 'kinds.graphql', text: 'query Kinds {\n  __schema {\n    types {\n      name\n    }\n  }\n}\n' },
    ];
    assert.equal(await compare((dir) => ({ kind: 'operationFiles', schema, root: dir, documents: graphqlFiles(dir, files), write: true })), files.length - 1);
  });
});
