import * as assert from 'node:assert/strict';
import { readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { buildSchema, introspectionFromSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import { EmbeddedFiles } from '../../../../src/core/embedded/templateSources';
import { FragmentIndex } from '../../../../src/core/language/fragmentIndex';
import { LanguageWorkers } from '../../../../src/core/language/languageWorkerClient';
import { LanguageWorkerEngine, loadSchemaSource, StaleSchemaSourceError } from '../../../../src/core/language/languageWorkerEngine';
import type { SchemaSource } from '../../../../src/core/language/languageWorkerProtocol';
import { ReferenceIndex, type ReferenceSymbol } from '../../../../src/core/language/referenceIndex';
import type { LanguageDiagnostic } from '../../../../src/core/language/types';
import { validateWorkspaceDocuments, type RemoteValidator, type WorkspaceValidationSummary } from '../../../../src/core/language/workspaceValidation';
import { loadSchemaFiles, schemaFilesVersion } from '../../../../src/core/schema/loadSchema';
import { loadSchemaFromCache, writeSchemaCache } from '../../../../src/core/schema/schemaCache';
import { diffSchemas, diffSchemaVersions, type SchemaVersion } from '../../../../src/core/schema/schemaDiff';
import { BASE as DIFF_BASE, cases as diffCases } from '../../../unit/core/schema/schemaEdits';

const WORKER = { script: path.join(__dirname, '../../../../src/core/language/languageWorker.ts'), execArgv: ['--require', 'tsx/cjs'] };

const SDL = `
  enum TaskStatus { TODO DONE BLOCKED }
  interface Node { id: ID! }
  type Task implements Node { id: ID! name: String! dueOn: String @deprecated(reason: "Use due.") due: String status: TaskStatus! owner: User }
  type User implements Node { id: ID! login: String! tasks(first: Int, status: TaskStatus): [Task!]! }
  input TaskInput { name: String! status: TaskStatus = TODO }
  type Query { tasks(status: TaskStatus): [Task!]! node(id: ID!): Node me: User }
  type Mutation { addTask(input: TaskInput!): Task }
`;

/** What a run reported, in order, and its summary without the timing fields. */
interface RunRecord {
  readonly reported: [string, readonly LanguageDiagnostic[] | undefined][];
  readonly summary: Omit<WorkspaceValidationSummary, 'longestSliceMs' | 'yields' | 'inWorker' | 'workerFailure'>;
  /** Documents the worker validated. */
  readonly inWorker: number;
}

async function runValidation(
  files: Record<string, string | undefined>,
  index: FragmentIndex,
  schemaFor: (uri: string) => GraphQLSchema | undefined,
  remote?: RemoteValidator,
): Promise<RunRecord> {
  const embedded = new EmbeddedFiles();
  const reported: RunRecord['reported'] = [];
  const { longestSliceMs, yields, inWorker, workerFailure, ...summary } = await validateWorkspaceDocuments(Object.keys(files), {
    index,
    remote,
    schemaFor,
    read: (uri) => files[uri],
    documentsOf: (uri, text) => (uri.endsWith('.ts') ? embedded.peek(uri, text).map((t) => ({ id: t.id, text: t.text, base: t.basePosition })) : undefined),
    onDocument: (uri, diagnostics) => reported.push([uri, diagnostics]),
  });
  assert.ok(longestSliceMs >= 0 && yields >= 0);
  assert.equal(workerFailure, undefined);
  return { reported, summary, inWorker };
}

/** The same reports and summary; `worker` documents validated in the worker (the host: none). */
function assertSame(run: RunRecord, inHost: RunRecord, worker: number | 'some'): void {
  assert.deepEqual(run.reported, inHost.reported);
  assert.deepEqual(run.summary, inHost.summary);
  assert.equal(inHost.inWorker, 0);
  if (worker === 'some') {
    assert.ok(run.inWorker > 0, 'the worker validated');
  } else {
    assert.equal(run.inWorker, worker);
  }
}

function indexOf(files: Record<string, string | undefined>): FragmentIndex {
  const index = new FragmentIndex();
  const embedded = new EmbeddedFiles();
  for (const [uri, text] of Object.entries(files)) {
    if (text === undefined) {
      continue;
    }
    if (uri.endsWith('.ts')) {
      for (const t of embedded.peek(uri, text)) {
        index.update(t.id, t.text);
      }
    } else {
      index.update(uri, text);
    }
  }
  return index;
}

const WORKSPACE: Record<string, string | undefined> = {
  'file:///ws/ok.graphql': 'query Names { tasks { id name } }\n',
  'file:///ws/broken.graphql': 'query Due {\n  tasks {\n    id\n    dueDate\n  }\n}\n',
  'file:///ws/deprecated.graphql': 'query Old { tasks { dueOn status } }\n',
  'file:///ws/fragments.gql': 'fragment TaskDue on Task { dueDate }\nfragment Twice on Task { id }\n',
  'file:///ws/twiceAgain.graphql': 'fragment Twice on User { login nope }\n',
  'file:///ws/usesFragment.graphql': 'query WithFragment { tasks { ...TaskDue ...Twice } }\n',
  'file:///ws/unknownFragment.graphql': 'query U { tasks { ...Nowhere } }\n',
  'file:///ws/variables.graphql': 'mutation Add($name: String!, $s: TaskStatus) { addTask(input: { name: $name, status: $s, extra: 1 }) { id } }\n',
  'file:///ws/syntax.graphql': 'query { tasks { \n',
  'file:///ws/gone.graphql': undefined,
  'file:///ws/api.ts': "import { gql } from 'graphql-tag';\nexport const A = gql`\n  query A { tasks { dueDate } }\n`;\nexport const B = gql`query B { me { login ...Twice } }`;\n",
  'file:///ws/plain.ts': 'export const n = 1;\n',
};

describe('language worker (core): the same results as the host', function () {
  this.timeout(120_000);
  let dir: string;
  let cacheSource: SchemaSource;
  let cached: GraphQLSchema;
  let filesSource: SchemaSource;
  let fromFiles: GraphQLSchema;
  let invalidSource: SchemaSource;
  let invalid: GraphQLSchema;
  const pools: LanguageWorkers[] = [];
  const pool = (sourceOf: (schema: GraphQLSchema) => SchemaSource | undefined, count = 1) => {
    const workers = new LanguageWorkers(WORKER, sourceOf, count);
    pools.push(workers);
    return workers;
  };

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tenant-graphql-language-worker-'));
    // An environment's schema as the extension has it: the cache file, loaded in the host from it.
    const record = await writeSchemaCache(dir, 'tasks', introspectionFromSchema(buildSchema(SDL)), new Date(), { valid: true });
    const loaded = await loadSchemaFromCache(dir, 'tasks');
    assert.ok(loaded.ok);
    cached = loaded.value.schema;
    cacheSource = { key: 'env:tasks', version: record.sha256, cache: { dir, environment: 'tasks' } };
    // A folder's schema files, and a folder schema graphql finds invalid (it refuses to validate against it).
    await writeFile(path.join(dir, 'a.graphql'), SDL);
    const loadedFiles = await loadSchemaFiles([path.join(dir, 'a.graphql')]);
    fromFiles = loadedFiles.schema;
    filesSource = { key: 'folder:a', version: schemaFilesVersion(loadedFiles.filesSha256 ?? ''), files: [path.join(dir, 'a.graphql')] };
    await writeFile(path.join(dir, 'invalid.graphql'), 'interface Named { name: String! } type Task implements Named { id: ID! } type Query { tasks: [Task!]! }');
    const loadedInvalid = await loadSchemaFiles([path.join(dir, 'invalid.graphql')]);
    invalid = loadedInvalid.schema;
    invalidSource = { key: 'folder:invalid', version: schemaFilesVersion(loadedInvalid.filesSha256 ?? ''), files: [path.join(dir, 'invalid.graphql')] };
  });

  after(async () => {
    pools.forEach((p) => p.dispose());
    await rm(dir, { recursive: true, force: true });
  });

  const sources = () =>
    new Map<GraphQLSchema, SchemaSource>([
      [cached, cacheSource],
      [fromFiles, filesSource],
      [invalid, invalidSource],
    ]);
  /** Files under /ws use the cached schema; the deprecated one a folder's files; ok.graphql the invalid schema. */
  const schemaFor = (uri: string) => (uri.endsWith('ok.graphql') ? invalid : uri.endsWith('deprecated.graphql') ? fromFiles : cached);

  for (const count of [1, 2]) {
    it(`validates the workspace in ${count} worker thread(s) exactly as in the host: diagnostics, order, failures, summary`, async () => {
      const index = indexOf(WORKSPACE);
      const inHost = await runValidation(WORKSPACE, index, schemaFor);
      const workers = pool((s) => sources().get(s), count);
      const inWorker = await runValidation(WORKSPACE, index, schemaFor, workers);
      assert.ok(workers.started, 'the worker did the validation');
      assertSame(inWorker, inHost, 'some');
      // The workspace says something: errors, a deprecation warning, a skipped file.
      assert.equal(inHost.summary.skipped, 1);
      assert.ok(inHost.summary.errors >= 6 && inHost.summary.warnings >= 1, JSON.stringify(inHost.summary));
      assert.equal(inHost.summary.codeFiles, 1);
      assert.equal(inHost.summary.templates, 2);
    });
  }

  it("a warm-up while idle (a few documents validated once per thread) changes no result: the run after it is the host's, in 1 and 2 threads", async () => {
    const index = indexOf(WORKSPACE);
    const inHost = await runValidation(WORKSPACE, index, schemaFor);
    for (const count of [1, 2]) {
      const workers = pool((s) => sources().get(s), count);
      await workers.prepare(index);
      await workers.warmUp(cached, 4);
      assertSame(await runValidation(WORKSPACE, index, schemaFor, workers), inHost, 'some');
    }
    // The engine validates the first documents of its index, once.
    const engine = new LanguageWorkerEngine();
    await engine.handle({ kind: 'syncIndex', reset: true, remove: [], set: index.texts() });
    assert.equal((await engine.handle({ kind: 'warm', schema: cacheSource, documents: 3 })).validated, 3);
    assert.equal((await engine.handle({ kind: 'warm', schema: cacheSource, documents: 3 })).validated, 0);
    assert.equal(engine.schemaCount, 1);
  });

  it('validates in the host what the worker cannot load (no source; a cache file now holding another version)', async () => {
    const index = indexOf(WORKSPACE);
    const inHost = await runValidation(WORKSPACE, index, schemaFor);
    const none = pool(() => undefined);
    assertSame(await runValidation(WORKSPACE, index, schemaFor, none), inHost, 0);
    const stale = pool((s) => (s === cached ? { ...cacheSource, version: 'another' } : sources().get(s)));
    const partly = await runValidation(WORKSPACE, index, schemaFor, stale);
    assertSame(partly, inHost, 'some');
    // Only the folder schemas' documents went to the worker (ok.graphql, deprecated.graphql).
    assert.equal(partly.inWorker, 2);
  });

  it('refuses a folder schema file changed on disk since the host read it: the host validates against its own schema', async () => {
    // The host read schema v1 from the file; the file now holds v2 and the host has not reloaded it.
    const file = path.join(dir, 'moving.graphql');
    await writeFile(file, SDL);
    const host = await loadSchemaFiles([file]);
    assert.match(host.filesSha256 ?? '', /^[0-9a-f]{64}$/);
    await writeFile(file, SDL.replace('dueOn: String @deprecated(reason: "Use due.")', 'dueOn: String dueDate: String'));
    const source: SchemaSource = { key: 'folder:moving', version: schemaFilesVersion(host.filesSha256 ?? ''), files: [file] };
    await assert.rejects(loadSchemaSource(source), StaleSchemaSourceError);
    // Through a run: nothing goes to the worker, and the problems are the host schema's (dueDate unknown, dueOn deprecated).
    const files = { 'file:///ws/broken.graphql': WORKSPACE['file:///ws/broken.graphql'], 'file:///ws/deprecated.graphql': WORKSPACE['file:///ws/deprecated.graphql'] };
    const index = indexOf(files);
    const inHost = await runValidation(files, index, () => host.schema);
    const run = await runValidation(
      files,
      index,
      () => host.schema,
      pool((s) => (s === host.schema ? source : undefined)),
    );
    assertSame(run, inHost, 0);
    assert.equal(inHost.summary.errors, 1);
    assert.equal(inHost.summary.warnings, 1);
    // The same content again is the same version: the worker loads it.
    await writeFile(file, SDL);
    assert.ok(await loadSchemaSource(source));
  });

  it('validates the run in the host, saying why, when the worker does not start', async () => {
    const index = indexOf(WORKSPACE);
    const broken = new LanguageWorkers({ script: path.join(dir, 'no-such-worker.js') }, (s) => sources().get(s));
    pools.push(broken);
    const reported: string[] = [];
    const summary = await validateWorkspaceDocuments(Object.keys(WORKSPACE), {
      index,
      remote: broken,
      schemaFor,
      read: (uri) => WORKSPACE[uri],
      onDocument: (uri) => reported.push(uri),
    });
    assert.match(summary.workerFailure ?? '', /language worker stopped/);
    assert.equal(summary.inWorker, 0);
    assert.equal(reported.length, Object.keys(WORKSPACE).length);
  });

  it('keeps its fragment index in step with the host over edits, removals and a file indexed again (the first of two fragments wins)', async () => {
    const workers = pool((s) => sources().get(s));
    const files: Record<string, string | undefined> = { ...WORKSPACE };
    const index = indexOf(files);
    assertSame(await runValidation(files, index, schemaFor, workers), await runValidation(files, index, schemaFor), 'some');
    // fragments.gql forgotten and indexed again: now twiceAgain.graphql's Twice comes first.
    index.remove('file:///ws/fragments.gql');
    index.update('file:///ws/fragments.gql', files['file:///ws/fragments.gql']!);
    files['file:///ws/ok.graphql'] = 'query Names { tasks { id name ...Twice } }\n';
    index.update('file:///ws/ok.graphql', files['file:///ws/ok.graphql']);
    index.remove('file:///ws/variables.graphql');
    delete files['file:///ws/variables.graphql'];
    const inHost = await runValidation(files, index, schemaFor);
    assertSame(await runValidation(files, index, schemaFor, workers), inHost, 'some');
  });

  /** The messages of the worker's answer for one document spreading FB (undefined: the host is to do it). */
  const spreadFb = async (workers: LanguageWorkers): Promise<readonly string[] | undefined> => {
    const results = await workers.validate(fromFiles, [{ id: 'file:///q.graphql', text: 'query Q { tasks { ...FB } }' }]);
    return results?.flatMap((r) => (r.ok ? r.diagnostics.map((d) => d.message) : [`failed: ${r.reason}`]));
  };

  it('never validates on a thread started again with an empty index: the host does it until the next sync fills the new one', async () => {
    // Found in the second read: a stopped thread was started again by the next validation, whose
    // index was empty, and the next sync sent only differences to it ("Unknown fragment" for good).
    const workers = pool((s) => sources().get(s));
    const index = new FragmentIndex();
    index.update('file:///b.graphql', 'fragment FB on Task { id }');
    await workers.prepare(index);
    assert.deepEqual(await spreadFb(workers), []);
    const thread = (workers as unknown as { threads: { client: { current?: { worker: import('node:worker_threads').Worker } } }[] }).threads[0];
    const exited = new Promise((resolve) => thread.client.current!.worker.once('exit', resolve));
    await thread.client.current!.worker.terminate();
    await exited;
    assert.equal(await spreadFb(workers), undefined, 'the new thread has no index: the host validates');
    await workers.prepare(index);
    assert.deepEqual(await spreadFb(workers), [], 'the next sync sends the whole index to the new thread');
  });

  it('syncs of one thread never interleave: a removal made while another sync is in flight reaches the worker', async () => {
    // Found in the second read: a run cancelled during its sync, and the next run's sync beside it,
    // left a removed file's fragment in the worker's index.
    const workers = pool((s) => sources().get(s));
    const index = new FragmentIndex();
    index.update('file:///a.graphql', 'fragment FA on Task { id }');
    index.update('file:///b.graphql', 'fragment FB on Task { id }');
    await workers.prepare(index);
    assert.deepEqual(await spreadFb(workers), []);
    index.update('file:///a.graphql', 'fragment FA on Task { id name }');
    const first = workers.prepare(index);
    index.remove('file:///b.graphql');
    const second = workers.prepare(index);
    await Promise.all([first, second]);
    assert.deepEqual(await spreadFb(workers), ['Unknown fragment "FB".']);
    index.update('file:///c.graphql', 'fragment FC on Task { id }');
    await workers.prepare(index);
    assert.deepEqual(await spreadFb(workers), ['Unknown fragment "FB".']);
  });

  it('property: random workspaces validate alike in the host and in two workers (one pool across runs, the index synced by differences)', async () => {
    const workers = pool((s) => sources().get(s), 2);
    const pieces = [
      'query Q1 { tasks { id name ...F1 } }',
      'query Q2($s: TaskStatus) { tasks(status: $s) { status owner { login } } }',
      'fragment F1 on Task { dueOn due }',
      'fragment F1 on Task { nope }',
      'fragment F2 on User { login tasks(first: 2) { ...F1 } }',
      'query { me { ...F2 ...F3 } }',
      'mutation M { addTask(input: { name: "x" }) { id } }',
      'query Broken { tasks { id ',
      '{ node(id: 1) { id ... on Task { name } } }',
      'query Q1 { me { id } }',
    ];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(fc.integer({ min: 0, max: pieces.length - 1 }), { minLength: 0, maxLength: 4 }), { minLength: 1, maxLength: 12 }), async (docs) => {
        const files: Record<string, string> = {};
        docs.forEach((parts, i) => (files[`file:///p/d${i % 7}-${i}.graphql`] = parts.map((p) => pieces[p]).join('\n')));
        const index = indexOf(files);
        const inHost = await runValidation(files, index, () => cached);
        assertSame(await runValidation(files, index, () => cached, workers), inHost, Object.keys(files).length);
      }),
      { numRuns: 25 },
    );
  });

  it('drops its schema once unused for 30 s (the host holds its own; the next change is another version)', async () => {
    const timers: { ms: number; fire: () => void; disposed: boolean }[] = [];
    const engine = new LanguageWorkerEngine(undefined, {
      setTimeout: (fire, ms) => {
        const timer = { ms, fire, disposed: false };
        timers.push(timer);
        return { dispose: () => void (timer.disposed = true) };
      },
    });
    const first = await engine.handle({ kind: 'validate', schema: cacheSource, documents: [{ id: 'file:///a.graphql', text: '{ tasks { nope } }' }] });
    assert.match(first.results[0].ok ? first.results[0].diagnostics[0].message : '', /Cannot query field "nope"/);
    assert.equal(engine.schemaCount, 1);
    await engine.handle({ kind: 'ping' });
    // Each request restarts the wait.
    assert.deepEqual(
      timers.map((t) => [t.ms, t.disposed]),
      [
        [30_000, true],
        [30_000, false],
      ],
    );
    timers[1].fire();
    assert.equal(engine.schemaCount, 0);
  });

  it('analyses the references index in the worker exactly as in the host', async () => {
    const docs = Object.entries(WORKSPACE).filter((e): e is [string, string] => e[1] !== undefined && !e[0].endsWith('.ts'));
    const files = docs.map(([uri, text]) => ({ uri, text }));
    const local = new ReferenceIndex();
    local.syncFiles(files);
    await local.warm({ schemaOf: () => cached });
    const workers = pool((s) => sources().get(s));
    const remote = new ReferenceIndex();
    remote.syncFiles(files);
    await remote.warm({ schemaOf: () => cached, remote: workers });
    assert.ok(workers.started);
    assert.equal(
      remote.pending(() => cached),
      0,
    );
    const symbols: ReferenceSymbol[] = [
      { kind: 'fragment', name: 'Twice' },
      { kind: 'fragment', name: 'TaskDue' },
      { kind: 'operation', name: 'Due' },
      { kind: 'schema', coordinate: 'Task.id', what: 'field' },
      { kind: 'schema', coordinate: 'TaskStatus', what: 'type' },
      { kind: 'schema', coordinate: 'Mutation.addTask(input:)', what: 'argument' },
      { kind: 'schema', coordinate: 'TaskInput.status', what: 'inputField' },
    ];
    let found = 0;
    for (const symbol of symbols) {
      const want = local.references(symbol, { schemaOf: () => cached, schema: cached, includeDeclaration: true });
      assert.deepEqual(remote.references(symbol, { schemaOf: () => cached, schema: cached, includeDeclaration: true }), want);
      found += want.length;
    }
    for (const { uri, text } of files) {
      text.split('\n').forEach((line, l) => {
        for (let c = 0; c <= line.length; c += 3) {
          assert.deepEqual(
            remote.symbolAt(uri, { line: l, character: c }, () => cached),
            local.symbolAt(uri, { line: l, character: c }, () => cached),
          );
        }
      });
    }
    assert.ok(found >= 10, `${found} references`);
  });
});

describe('language worker (core): schema versions diffed in the worker as in the host', function () {
  this.timeout(120_000);
  let dir: string;
  const pools: LanguageWorkers[] = [];
  const pool = (sourceOf: (schema: GraphQLSchema) => SchemaSource | undefined = () => undefined) => {
    const workers = new LanguageWorkers(WORKER, sourceOf, 1);
    pools.push(workers);
    return workers;
  };

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tenant-graphql-worker-diff-'));
  });

  after(async () => {
    pools.forEach((p) => p.dispose());
    await rm(dir, { recursive: true, force: true });
  });

  /** A new version of an environment's schema as a refresh leaves it: written to its cache file (the one before is overwritten), loaded in the host from it. */
  async function refreshed(environment: string, introspection: IntrospectionQuery): Promise<Required<SchemaVersion>> {
    const record = await writeSchemaCache(dir, environment, introspection, new Date(), { valid: true });
    const loaded = await loadSchemaFromCache(dir, environment);
    assert.ok(loaded.ok);
    return { schema: loaded.value.schema, source: { key: `env:${environment}`, version: record.sha256, cache: { dir, environment } } };
  }
  const sdlVersion = (environment: string, sdl: string) => refreshed(environment, introspectionFromSchema(buildSchema(sdl)));

  /** Diffs in the worker and asserts it did, with the host's answer, in order; returns the diff. */
  async function diffedInWorker(workers: LanguageWorkers, from: SchemaVersion, to: SchemaVersion) {
    const { where, ...diff } = await diffSchemaVersions(from, to, { remote: workers });
    assert.equal(where, 'worker');
    assert.deepEqual(diff, await diffSchemas(from.schema, to.schema));
    return diff;
  }

  it('diffs a refresh in the worker from the version the cache file held before (kept there, compressed), as the host does: every edit of the table, both ways', async () => {
    const workers = pool();
    for (const c of diffCases) {
      const before = await sdlVersion('tasks', DIFF_BASE);
      // The worker keeps a version's cache file once it loaded it (a validation, an analysis) or was asked to.
      assert.equal(await workers.keep(before.source), true);
      const after = await sdlVersion('tasks', c.edit(DIFF_BASE));
      const diff = await diffedInWorker(workers, before, after);
      assert.ok(
        diff[c.kind].some((x) => x.type === c.type && x.coordinate === c.coordinate),
        `${c.name}: ${JSON.stringify(diff)}`,
      );
      // Back: the version the diff loaded is kept in its turn.
      await diffedInWorker(workers, after, await sdlVersion('tasks', DIFF_BASE));
    }
  });

  it('keeps the version of a schema in use when asked by the schema (the idle sync does): the next refresh is diffed in the worker', async () => {
    const before = await sdlVersion('idle', DIFF_BASE);
    const workers = pool((schema) => (schema === before.schema ? before.source : undefined));
    assert.equal(await workers.keepVersion(buildSchema(DIFF_BASE)), false, 'a schema with no source');
    assert.equal(await workers.keepVersion(before.schema), true);
    await diffedInWorker(workers, before, await sdlVersion('idle', diffCases[3].edit(DIFF_BASE)));
  });

  it('property: random sequences of refreshes (several edits each) are diffed in the worker as in the host', async () => {
    const workers = pool();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.subarray(diffCases.map((_c, i) => i)), { minLength: 2, maxLength: 4 }), async (versions) => {
        const environment = `random-${run++}`;
        let previous = await sdlVersion(
          environment,
          versions[0].reduce((sdl, i) => diffCases[i].edit(sdl), DIFF_BASE),
        );
        assert.equal(await workers.keep(previous.source), true);
        for (const edits of versions.slice(1)) {
          const next = await sdlVersion(
            environment,
            edits.reduce((sdl, i) => diffCases[i].edit(sdl), DIFF_BASE),
          );
          await diffedInWorker(workers, previous, next);
          previous = next;
        }
      }),
      { numRuns: 15 },
    );
  });

  it("diffs an environment switch in the worker (the other environment's cache file); a version it has nowhere is diffed in the host, which has the worker keep the new one", async () => {
    const workers = pool();
    const tasks = await sdlVersion('switch-a', DIFF_BASE);
    const other = await sdlVersion('switch-b', diffCases[0].edit(DIFF_BASE));
    await diffedInWorker(workers, tasks, other);
    // A refresh whose previous version the worker never saw: the cache file holds the new one now.
    const lost = await sdlVersion('lost', DIFF_BASE);
    const next = await sdlVersion('lost', diffCases[1].edit(DIFF_BASE));
    const { where, ...diff } = await diffSchemaVersions(lost, next, { remote: workers });
    assert.equal(where, 'host');
    assert.deepEqual(diff, await diffSchemas(lost.schema, next.schema));
    assert.equal(diff.breaking[0]?.coordinate, 'Task.name');
    // The host asked the worker to keep the new version: the next refresh is diffed there.
    await diffedInWorker(workers, next, await sdlVersion('lost', DIFF_BASE));
    // A folder's schema files changed on disk since the host read them: the host diffs.
    const file = path.join(dir, 'folder.graphql');
    await writeFile(file, DIFF_BASE);
    const loaded = await loadSchemaFiles([file]);
    const folder = { schema: loaded.schema, source: { key: 'folder:f', version: schemaFilesVersion(loaded.filesSha256 ?? ''), files: [file] } };
    await writeFile(file, diffCases[2].edit(DIFF_BASE));
    const edited = await loadSchemaFiles([file]);
    const { where: folderWhere, ...folderDiff } = await diffSchemaVersions(
      folder,
      { schema: edited.schema, source: { key: 'folder:f', version: schemaFilesVersion(edited.filesSha256 ?? ''), files: [file] } },
      { remote: workers },
    );
    assert.equal(folderWhere, 'host');
    assert.deepEqual(folderDiff, await diffSchemas(folder.schema, edited.schema));
    assert.equal(folderDiff.breaking[0]?.type, 'TYPE_REMOVED');
  });

  it("GitHub's schema: the bench's refresh (a field removed from two types, an enum value added) is diffed in the worker as in the host", async () => {
    const text = await readFile(path.join(__dirname, '../../../../node_modules/@octokit/graphql-schema/schema.json'), 'utf8');
    const raw = JSON.parse(text) as { data?: IntrospectionQuery } & IntrospectionQuery;
    const intro = raw.data ?? raw;
    const edited = structuredClone(intro) as unknown as { __schema: { types: { name: string; fields?: { name: string }[]; enumValues?: unknown[] }[] } };
    const type = (name: string) => edited.__schema.types.find((t) => t.name === name)!;
    for (const name of ['Repository', 'RepositoryInfo']) {
      type(name).fields = type(name).fields!.filter((f) => f.name !== 'forkCount');
    }
    type('IssueState').enumValues!.push({ name: 'ARCHIVED', description: null, isDeprecated: false, deprecationReason: null });
    const workers = pool();
    const before = await refreshed('github', intro);
    assert.equal(await workers.keep(before.source), true);
    const after = await refreshed('github', edited as unknown as IntrospectionQuery);
    const diff = await diffedInWorker(workers, before, after);
    assert.deepEqual(
      diff.breaking.map((c) => c.coordinate),
      ['Repository.forkCount', 'RepositoryInfo.forkCount'],
    );
    assert.deepEqual(
      diff.dangerous.map((c) => c.coordinate),
      ['IssueState.ARCHIVED'],
    );
  });

  it('keeps the cache files of the last two versions of a key it loaded or was asked to keep, and never one that holds another version', async () => {
    const engine = new LanguageWorkerEngine();
    const v0 = await sdlVersion('kept', DIFF_BASE);
    // Loaded for a validation: kept.
    await engine.handle({ kind: 'validate', schema: v0.source, documents: [{ id: 'file:///a.graphql', text: '{ tasks { id } }' }] });
    await engine.handle({ kind: 'keep', source: v0.source });
    assert.deepEqual(engine.keptVersions('env:kept'), [v0.source.version]);
    const v1 = await sdlVersion('kept', diffCases[0].edit(DIFF_BASE));
    // The file holds v1 now: a request to keep another version keeps nothing.
    const other = { ...v1.source, version: 'f'.repeat(64) };
    assert.equal((await engine.handle({ kind: 'keep', source: other })).kept, false);
    assert.equal((await engine.handle({ kind: 'keep', source: v1.source })).kept, true);
    const v2 = await sdlVersion('kept', diffCases[1].edit(DIFF_BASE));
    assert.equal((await engine.handle({ kind: 'keep', source: v2.source })).kept, true);
    assert.deepEqual(engine.keptVersions('env:kept'), [v1.source.version, v2.source.version]);
    // v0 is no longer the version in use (a validation loaded v2), nor kept, nor in its file: the diff from it is refused (the host does it).
    await engine.handle({ kind: 'validate', schema: v2.source, documents: [{ id: 'file:///a.graphql', text: '{ tasks { id } }' }] });
    assert.equal(engine.schemaCount, 1);
    await assert.rejects(engine.handle({ kind: 'diff', from: v0.source, to: v2.source }), StaleSchemaSourceError);
    const { diff } = await engine.handle({ kind: 'diff', from: v1.source, to: v2.source });
    assert.deepEqual(diff, await diffSchemas(v1.schema, v2.schema));
  });

  it('refuses a version its cache file no longer holds from the header alone: neither a load of it (the diff from it) nor a keep of it reads the file whole', async () => {
    const v0 = await sdlVersion('header', DIFF_BASE);
    const v1 = await sdlVersion('header', diffCases[0].edit(DIFF_BASE));
    // Every whole-file read, as the engine and the cache make them (through the module's object, which a spy can wrap).
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the CommonJS module object, not a frozen namespace
    const fs = require('node:fs/promises') as { readFile: (...args: unknown[]) => Promise<unknown> };
    const original = fs.readFile;
    const wholeReads: unknown[] = [];
    fs.readFile = (...args: unknown[]) => {
      wholeReads.push(args[0]);
      return original(...args);
    };
    try {
      await assert.rejects(loadSchemaSource(v0.source), StaleSchemaSourceError);
      const engine = new LanguageWorkerEngine();
      for (let i = 0; i < 3; i++) {
        assert.equal((await engine.handle({ kind: 'keep', source: v0.source })).kept, false);
      }
      assert.deepEqual(wholeReads, []);
      // The version the file holds is read whole, once per keep that keeps it.
      assert.equal((await engine.handle({ kind: 'keep', source: v1.source })).kept, true);
      assert.equal(wholeReads.length, 1);
    } finally {
      fs.readFile = original;
    }
  });
});
