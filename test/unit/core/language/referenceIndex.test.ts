import * as assert from 'node:assert/strict';
import { SANDBOX_SDL } from '../../../../src/sandbox/schema';
import { schemaFromSdl } from '../../../../src/core/schema/loadSchema';
import { ReferenceIndex, type ReferenceLocation, type SchemaOf } from '../../../../src/core/language/referenceIndex';
import type { Position } from '../../../../src/core/language/types';
import type { RemoteAnalyser } from '../../../../src/core/language/referenceTypes';
import { DocumentStore } from '../../../../src/core/language/documentStore';
import { schemaOccurrences, syntaxOccurrences } from '../../../../src/core/language/referenceAnalysis';

const { schema } = schemaFromSdl(SANDBOX_SDL);
const other = schemaFromSdl('type Query { task: Task } type Task { status: String }').schema;
const schemaOf: SchemaOf = (uri) => (uri.includes('/other/') ? other : schema);

const FILES: Record<string, string> = {
  'file:///ws/fragments.graphql': ['fragment TaskFields on Task {', '  id', '  status', '}', 'fragment NodeId on Node {', '  id', '}'].join('\n'),
  'file:///ws/list.graphql': [
    'query Urgent($status: TaskStatus, $first: Int) {',
    '  tasks(filter: { status: $status }, first: $first) {',
    '    edges { node { ...TaskFields current: status ... on Task { status } } }',
    '  }',
    '}',
  ].join('\n'),
  'file:///ws/one.graphql': [
    'query One($id: ID!) {',
    '  task(id: $id) { ...TaskFields ...NodeId done }',
    '}',
    'mutation M { updateTaskPriority(id: "1", priority: HIGH) { id } }',
  ].join('\n'),
  'file:///ws/other/x.graphql': '{ task { status } }',
};

function indexOf(files: Record<string, string> = FILES): ReferenceIndex {
  const index = new ReferenceIndex();
  index.syncFiles(Object.entries(files).map(([uri, text]) => ({ uri, text })));
  return index;
}

/** Position of the `at`-th character of the n-th occurrence (0-based) of `needle` in a file. */
function pos(uri: string, needle: string, at = 1, nth = 0): Position {
  const text = FILES[uri];
  let offset = -1;
  for (let i = 0; i <= nth; i++) {
    offset = text.indexOf(needle, offset + 1);
  }
  assert.ok(offset >= 0, `${needle} in ${uri}`);
  const before = text.slice(0, offset + at).split('\n');
  return { line: before.length - 1, character: before[before.length - 1].length };
}

/** `file:line:char` of each location, sorted, for comparing. */
function places(locations: readonly ReferenceLocation[]): string[] {
  return locations.map((l) => `${l.uri.replace('file:///ws/', '')}:${l.range.start.line}:${l.range.start.character}-${l.range.end.character}`).sort();
}

describe('ReferenceIndex', () => {
  it('finds a fragment definition and its spreads across files, without the definition on request', () => {
    const index = indexOf();
    const at = index.symbolAt('file:///ws/list.graphql', pos('file:///ws/list.graphql', '...TaskFields', 5), schemaOf);
    assert.deepEqual(at?.symbol, { kind: 'fragment', name: 'TaskFields' });
    assert.deepEqual(places(index.references(at!.symbol, { schemaOf, schema, includeDeclaration: true })), [
      'fragments.graphql:0:9-19',
      'list.graphql:2:22-32',
      'one.graphql:1:21-31',
    ]);
    assert.deepEqual(places(index.references(at!.symbol, { schemaOf, schema, includeDeclaration: false })), ['list.graphql:2:22-32', 'one.graphql:1:21-31']);
  });

  it('resolves fields with the schema: the type selected on, never the alias, not another schema', () => {
    const index = indexOf();
    const at = index.symbolAt('file:///ws/fragments.graphql', pos('file:///ws/fragments.graphql', 'status'), schemaOf);
    assert.deepEqual(at?.symbol, { kind: 'schema', coordinate: 'Task.status', what: 'field' });
    // The fragment's field, the aliased field (at its name, not the alias) and the inline fragment's;
    // not the input field TaskFilter.status, not the argument, not the other schema's Task.status.
    assert.deepEqual(places(index.references(at!.symbol, { schemaOf, schema, includeDeclaration: true })), [
      'fragments.graphql:2:2-8',
      'list.graphql:2:42-48',
      'list.graphql:2:63-69',
    ]);
  });

  it('tells interface fields, arguments, input fields, enum values and types apart', () => {
    const index = indexOf();
    const cases: Array<{ uri: string; needle: string; at?: number; nth?: number; coordinate: string; count: number }> = [
      { uri: 'file:///ws/fragments.graphql', needle: 'id', nth: 1, coordinate: 'Node.id', count: 1 },
      { uri: 'file:///ws/fragments.graphql', needle: 'on Task', at: 4, coordinate: 'Task', count: 2 },
      { uri: 'file:///ws/list.graphql', needle: 'filter', coordinate: 'Query.tasks(filter:)', count: 1 },
      { uri: 'file:///ws/list.graphql', needle: 'status:', nth: 1, coordinate: 'TaskFilter.status', count: 1 },
      { uri: 'file:///ws/list.graphql', needle: 'TaskStatus', coordinate: 'TaskStatus', count: 1 },
      { uri: 'file:///ws/one.graphql', needle: 'HIGH', coordinate: 'TaskPriority.HIGH', count: 1 },
      { uri: 'file:///ws/one.graphql', needle: 'task(', coordinate: 'Query.task', count: 1 },
    ];
    for (const c of cases) {
      const at = index.symbolAt(c.uri, pos(c.uri, c.needle, c.at ?? 1, c.nth ?? 0), schemaOf);
      assert.equal(at?.symbol.kind === 'schema' && at.symbol.coordinate, c.coordinate, c.needle);
      assert.equal(index.references(at!.symbol, { schemaOf, schema, includeDeclaration: true }).length, c.count, c.coordinate);
    }
  });

  it('keeps variables to their operation', () => {
    const index = indexOf();
    const at = index.symbolAt('file:///ws/list.graphql', pos('file:///ws/list.graphql', '$status', 2, 1), schemaOf);
    assert.equal(at?.symbol.kind, 'variable');
    assert.deepEqual(places(index.references(at!.symbol, { schemaOf, schema, includeDeclaration: true })), ['list.graphql:0:14-20', 'list.graphql:1:27-33']);
  });

  it('follows edits, removals and whole-file syncs', () => {
    const index = indexOf();
    const fragment = { kind: 'fragment', name: 'TaskFields' } as const;
    index.update({ id: 'file:///ws/one.graphql', hostUri: 'file:///ws/one.graphql', text: '{ task(id: "1") { id } }', baseOffset: 0, basePosition: { line: 0, character: 0 } });
    assert.equal(index.references(fragment, { schemaOf, includeDeclaration: false }).length, 1);
    index.syncFiles([{ uri: 'file:///ws/fragments.graphql', text: FILES['file:///ws/fragments.graphql'] }]);
    assert.equal(index.size, 1);
    assert.equal(index.references(fragment, { schemaOf, includeDeclaration: false }).length, 0);
  });

  it('maps a source that is a slice of a host file (a code template) to host positions', () => {
    const index = indexOf();
    // `const q = gql\`` then the template from line 3, character 20 of app.ts.
    index.update({
      id: 'file:///ws/app.ts#120',
      hostUri: 'file:///ws/app.ts',
      text: '\n  query A { task(id: "1") { ...TaskFields } }\n',
      baseOffset: 120,
      basePosition: { line: 3, character: 20 },
    });
    const refs = index.references({ kind: 'fragment', name: 'TaskFields' }, { schemaOf, includeDeclaration: false });
    assert.ok(places(refs).includes('app.ts:4:31-41'), places(refs).join(' '));
    const at = index.symbolAt('file:///ws/app.ts', { line: 4, character: 35 }, schemaOf);
    assert.deepEqual(at?.symbol, { kind: 'fragment', name: 'TaskFields' });
    // Whole-file syncs leave slices fed by others alone.
    index.syncFiles([]);
    assert.equal(index.size, 1);
  });

  it('warms in slices that yield, reporting progress, and skips broken definitions', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 300; i++) {
      files[`file:///ws/gen/${i}.graphql`] = `query Q${i} { task(id: "${i}") { ...TaskFields } }\nquery Broken${i} { task(id: ) {`;
    }
    const index = indexOf({ ...files, 'file:///ws/fragments.graphql': FILES['file:///ws/fragments.graphql'] });
    assert.equal(index.pending(schemaOf), 301);
    const progress: number[] = [];
    let yields = 0;
    const timer = setInterval(() => yields++, 0);
    await index.warm({ schemaOf, sliceMs: 1, onProgress: (done) => progress.push(done) });
    clearInterval(timer);
    assert.equal(index.pending(schemaOf), 0);
    assert.ok(progress.length > 1 && progress[progress.length - 1] === 301, `progress in steps: ${progress.join(',')}`);
    assert.equal(index.references({ kind: 'fragment', name: 'TaskFields' }, { schemaOf, includeDeclaration: false }).length, 300);
  });

  it('warms through a remote analyser in small batches, the ones it refuses here, equal to a warm in the host', async () => {
    const files: Record<string, string> = { ...FILES };
    for (let i = 0; i < 120; i++) {
      files[`file:///ws/gen/${i}.graphql`] = `query Q${i}($id: ID!) { task(id: $id) { ...TaskFields status } }`;
    }
    for (let i = 0; i < 30; i++) {
      files[`file:///ws/other/gen${i}.graphql`] = `{ task { status } }`;
    }
    const batches: { schema: unknown; size: number }[] = [];
    // The worker's analysis in the same process (languageWorkerEngine.ts does this per source); the other schema it refuses.
    const remote: RemoteAnalyser = {
      parallelism: 2,
      analyse: (s, sources) => {
        batches.push({ schema: s, size: sources.length });
        if (s === other) {
          return Promise.resolve(undefined);
        }
        const store = new DocumentStore();
        return Promise.resolve(
          sources.map(({ id, text }) => {
            const model = store.get({ uri: id, version: 0, text });
            return { syntax: syntaxOccurrences(model, id), ...(s ? { schema: schemaOccurrences(model, s) } : {}) };
          }),
        );
      },
    };
    const remoteIndex = indexOf(files);
    const progress: number[] = [];
    await remoteIndex.warm({ schemaOf, remote, onProgress: (done) => progress.push(done) });
    const localIndex = indexOf(files);
    await localIndex.warm({ schemaOf });
    assert.equal(remoteIndex.pending(schemaOf), 0);
    assert.equal(progress[progress.length - 1], Object.keys(files).length);
    assert.ok(batches.every((b) => b.size <= 25) && batches.filter((b) => b.schema === schema).length >= 5, JSON.stringify(batches));
    assert.ok(batches.some((b) => b.schema === other));
    for (const symbol of [
      { kind: 'fragment', name: 'TaskFields' },
      { kind: 'schema', coordinate: 'Task.status', what: 'field' },
    ] as const) {
      for (const s of [schema, other]) {
        const want = localIndex.references(symbol, { schemaOf, schema: s, includeDeclaration: true });
        assert.ok(want.length > 0);
        assert.deepEqual(remoteIndex.references(symbol, { schemaOf, schema: s, includeDeclaration: true }), want);
      }
    }
  });

  it('answers nothing on text that is no GraphQL, and outside any name', () => {
    const index = indexOf({ 'file:///ws/bad.graphql': '}}} {{{ query ( $ "unterminated', ...FILES });
    assert.equal(index.symbolAt('file:///ws/bad.graphql', { line: 0, character: 12 }, schemaOf), undefined);
    assert.equal(index.symbolAt('file:///ws/list.graphql', { line: 1, character: 0 }, schemaOf), undefined);
  });
});
