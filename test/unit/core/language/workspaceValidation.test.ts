import * as assert from 'node:assert/strict';
import { buildSchema } from 'graphql';
import { validateWorkspaceDocuments } from '../../../../src/core/language/workspaceValidation';
import { FragmentIndex } from '../../../../src/core/language/fragmentIndex';
import type { LanguageDiagnostic } from '../../../../src/core/language/types';
import { CancelledError } from '../../../../src/core/errors';
import { EmbeddedFiles } from '../../../../src/core/embedded/templateSources';

const V2 = buildSchema('enum TaskStatus { TODO DONE BLOCKED } type Task { id: ID! name: String! dueOn: String status: TaskStatus! } type Query { tasks: [Task!]! }');

const files: Record<string, string> = {
  'file:///ws/ok.graphql': 'query Names { tasks { id name } }\n',
  'file:///ws/broken.graphql': 'query Due {\n  tasks {\n    id\n    dueDate\n  }\n}\n',
  'file:///ws/fragments.gql': 'fragment TaskDue on Task { dueDate }\n',
  'file:///ws/usesFragment.graphql': 'query WithFragment { tasks { ...TaskDue } }\n',
  'file:///ws/syntax.graphql': 'query { tasks { \n',
  'file:///ws/gone.graphql': '',
};

function setup() {
  const index = new FragmentIndex();
  for (const [uri, text] of Object.entries(files)) {
    index.update(uri, text);
  }
  const results = new Map<string, readonly LanguageDiagnostic[]>();
  const skipped: string[] = [];
  return {
    index,
    results,
    read: (uri: string) => (uri.endsWith('gone.graphql') ? undefined : files[uri]),
    schemaFor: () => V2,
    skipped,
    onDocument: (uri: string, d: readonly LanguageDiagnostic[] | undefined) => (d ? results.set(uri, d) : skipped.push(uri)),
  };
}

describe('workspace validation (core)', () => {
  it('validates every document against its schema, fragments from other files known, and skips unreadable ones', async () => {
    const s = setup();
    const summary = await validateWorkspaceDocuments(Object.keys(files), s);
    assert.equal(summary.validated, 5);
    assert.equal(summary.skipped, 1);
    assert.deepEqual(s.results.get('file:///ws/ok.graphql'), []);
    const broken = s.results.get('file:///ws/broken.graphql')!;
    assert.equal(broken.length, 1);
    assert.match(broken[0].message, /Cannot query field "dueDate" on type "Task"/);
    assert.deepEqual(broken[0].range, { start: { line: 3, character: 4 }, end: { line: 3, character: 11 } });
    assert.match(s.results.get('file:///ws/fragments.gql')![0].message, /dueDate/);
    // The spread fragment is known (no "Unknown fragment"), and its broken field is the fragment file's problem.
    assert.deepEqual(s.results.get('file:///ws/usesFragment.graphql'), []);
    assert.match(s.results.get('file:///ws/syntax.graphql')![0].message, /Syntax Error/);
    assert.equal(s.results.has('file:///ws/gone.graphql'), false);
    assert.deepEqual(s.skipped, ['file:///ws/gone.graphql']);
    assert.equal(summary.documentsWithErrors, 3);
  });

  it('skips documents without a schema', async () => {
    const s = setup();
    const summary = await validateWorkspaceDocuments(Object.keys(files), { ...s, schemaFor: (uri) => (uri.endsWith('.gql') ? undefined : V2) });
    assert.equal(s.results.has('file:///ws/fragments.gql'), false);
    assert.equal(summary.skipped, 2);
  });

  it('yields between documents once a slice used its budget, and measures the longest slice', async () => {
    const s = setup();
    let now = 0;
    const yieldsAt: number[] = [];
    // Every clock reading advances 3 ms: a document takes a few readings, so slices of 8 ms hold one or two documents.
    const summary = await validateWorkspaceDocuments(Object.keys(files), {
      ...s,
      budgetMs: 8,
      now: () => (now += 3),
      yieldNow: async () => void yieldsAt.push(s.results.size),
    });
    assert.ok(summary.yields >= 2, `yielded ${summary.yields} times`);
    assert.equal(summary.yields, yieldsAt.length);
    // Yields happen between documents: never two in a row without a document validated in between.
    for (let i = 1; i < yieldsAt.length; i++) {
      assert.ok(yieldsAt[i] > yieldsAt[i - 1] || yieldsAt[i] === s.results.size, `yields at ${yieldsAt.join(',')}`);
    }
    assert.ok(summary.longestSliceMs >= 8 && summary.longestSliceMs <= 12, `longest slice ${summary.longestSliceMs}`);
  });

  it('stops at the next checkpoint when cancelled, reporting nothing more', async () => {
    const s = setup();
    const abort = new AbortController();
    const seen: string[] = [];
    await assert.rejects(
      validateWorkspaceDocuments(Object.keys(files), {
        ...s,
        signal: abort.signal,
        budgetMs: 0,
        yieldNow: async () => undefined,
        onDocument: (uri) => {
          seen.push(uri);
          if (seen.length === 2) {
            abort.abort(); // the schema changed again
          }
        },
      }),
      CancelledError,
    );
    assert.equal(seen.length, 2);
  });

  it('skips a document graphql refuses to validate (an invalid schema), not the run', async () => {
    const s = setup();
    const invalid = buildSchema('interface Named { name: String! } type Task implements Named { id: ID! } type Query { tasks: [Task!]! }');
    const summary = await validateWorkspaceDocuments(['file:///ws/ok.graphql', 'file:///ws/broken.graphql'], {
      ...s,
      schemaFor: (uri) => (uri.endsWith('ok.graphql') ? invalid : V2),
    });
    assert.equal(summary.validated, 1);
    assert.equal(summary.failures.length, 1);
    assert.equal(summary.failures[0].uri, 'file:///ws/ok.graphql');
    assert.match(summary.failures[0].reason, /Named\.name expected/);
    assert.deepEqual(s.skipped, ['file:///ws/ok.graphql']);
    assert.equal(s.results.get('file:///ws/broken.graphql')!.length, 1);
  });

  it('reports progress for every document', async () => {
    const s = setup();
    const progress: string[] = [];
    await validateWorkspaceDocuments(Object.keys(files), { ...s, onProgress: (done, total) => progress.push(`${done}/${total}`) });
    assert.deepEqual(progress, ['1/6', '2/6', '3/6', '4/6', '5/6', '6/6']);
  });
  it('validates a code file template by template and reports its problems once, in file positions', async () => {
    const code = 'file:///ws/api.ts';
    const plain = 'file:///ws/plain.ts';
    const codeText = [
      "import { gql } from 'graphql-tag';",
      "const x = 'é😀'; // unicode before the templates",
      'export const A = gql`',
      '  query A { tasks { dueDate } }',
      '`;',
      'export const B = gql`query B { tasks { ...TaskDue nope } }`;',
      'export const C = /* GraphQL */ `{ tasks { id } }`;',
      '',
    ].join('\n');
    const texts: Record<string, string> = { ...files, [code]: codeText, [plain]: 'export const n = 1;\n' };
    const embedded = new EmbeddedFiles();
    const s = setup();
    // The indexer records the templates; the validation finds them there (no second scan).
    for (const source of embedded.update(code, codeText).sources) {
      s.index.update(source.id, source.text);
    }
    const summary = await validateWorkspaceDocuments([code, plain, 'file:///ws/ok.graphql'], {
      ...s,
      read: (uri) => texts[uri],
      documentsOf: (uri, text) => (uri.endsWith('.ts') ? embedded.peek(uri, text).map((t) => ({ id: t.id, text: t.text, base: t.basePosition })) : undefined),
    });
    assert.equal(summary.validated, 2, 'the code file and ok.graphql; plain.ts has no GraphQL');
    assert.equal(summary.codeFiles, 1);
    assert.equal(summary.templates, 3);
    assert.equal(summary.documentsWithErrors, 1);
    const found = s.results.get(code)!;
    assert.deepEqual(
      found.map((d) => [d.message.replace(/ Did you mean.*/, ''), d.range.start.line, d.range.start.character, d.range.end.character]),
      [
        ['Cannot query field "dueDate" on type "Task".', 3, 20, 27],
        ['Cannot query field "nope" on type "Task".', 5, 50, 54],
      ],
    );
    assert.deepEqual(s.results.get(plain), [], 'a code file without templates has no problems (old ones go)');
    assert.deepEqual(s.skipped, []);
  });
});
