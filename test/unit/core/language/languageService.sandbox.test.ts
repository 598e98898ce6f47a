import * as assert from 'node:assert/strict';
import { SANDBOX_SDL } from '../../../../src/sandbox/schema';
import { schemaFromSdl } from '../../../../src/core/schema/loadSchema';
import { GraphqlLanguageService } from '../../../../src/core/language/languageService';
import { FragmentIndex } from '../../../../src/core/language/fragmentIndex';
import { directCompletion } from '../../../../src/core/language/directCalls';
import { directDiagnostics, directHover } from './directCalls';
import { document, withCursor } from './helpers';

const { schema } = schemaFromSdl(SANDBOX_SDL);

function service(files: Record<string, string> = {}): GraphqlLanguageService {
  const index = new FragmentIndex();
  for (const [uri, text] of Object.entries(files)) {
    index.update(uri, text);
  }
  return GraphqlLanguageService.create(schema, { index });
}

describe('GraphqlLanguageService on the Sandbox schema', () => {
  describe('completion', () => {
    const cases: Array<{ name: string; text: string; expect: Array<{ label: string; kind: string; detail?: string }>; absent?: string[] }> = [
      {
        name: 'root fields with their types',
        text: '{ ‸ }',
        expect: [
          { label: 'tasks', kind: 'field', detail: 'TaskConnection!' },
          { label: 'file', kind: 'field', detail: 'File' },
        ],
      },
      {
        name: 'fields of File, including the field named fields',
        text: '{ file(id: "file-1") { ‸ } }',
        expect: [
          { label: 'fields', kind: 'field', detail: '[FileField!]!' },
          { label: 'mimeType', kind: 'field', detail: 'String!' },
        ],
      },
      { name: 'arguments', text: '{ tasks(‸) { totalCount } }', expect: [{ label: 'filter', kind: 'argument', detail: 'TaskFilter' }] },
      {
        name: 'input fields',
        text: '{ tasks(filter: { ‸ }) { totalCount } }',
        expect: [{ label: 'priority', kind: 'inputField', detail: 'TaskPriority' }],
      },
      {
        name: 'enum values',
        text: '{ tasks(filter: { priority: ‸ }) { totalCount } }',
        expect: [
          { label: 'LOW', kind: 'enumValue', detail: 'TaskPriority' },
          { label: 'URGENT', kind: 'enumValue', detail: 'TaskPriority' },
        ],
      },
      {
        name: 'variables of the matching type',
        text: 'query Q($p: TaskPriority!, $n: Int) { tasks(filter: { priority: $‸ }) { totalCount } }',
        expect: [{ label: '$p', kind: 'variable', detail: 'TaskPriority' }],
        absent: ['$n'],
      },
      {
        name: 'fragments from this and other files',
        text: '{ tasks { edges { node { ...‸ } } } }\nfragment Local on Task { id }',
        expect: [
          { label: 'Local', kind: 'fragment', detail: 'Task' },
          { label: 'TaskRow', kind: 'fragment', detail: 'Task' },
        ],
        absent: ['FileRow'],
      },
      {
        name: 'directives',
        text: '{ me @‸ { id } }',
        expect: [
          { label: 'include', kind: 'directive' },
          { label: 'skip', kind: 'directive' },
        ],
      },
      {
        name: 'type conditions',
        text: '{ search(text: "a") { ... on ‸ } }',
        expect: [
          { label: 'Task', kind: 'type' },
          { label: 'File', kind: 'type' },
        ],
      },
      { name: 'variable types', text: 'query Q($f: ‸) { me { id } }', expect: [{ label: 'TaskFilter', kind: 'type' }] },
      {
        name: 'keywords at document level',
        text: '‸',
        expect: [
          { label: 'query', kind: 'keyword' },
          { label: 'fragment', kind: 'keyword' },
        ],
      },
    ];
    const files = {
      'file:///ws/fragments.graphql': 'fragment TaskRow on Task { id name priority }\nfragment FileRow on File { id name }\n',
    };
    for (const c of cases) {
      it(c.name, () => {
        const svc = service(files);
        const { doc, pos } = withCursor(c.text);
        const items = svc.complete(doc, pos);
        for (const want of c.expect) {
          const got = items.find((i) => i.label === want.label);
          assert.ok(got, `${want.label} missing from ${items.map((i) => i.label).join(', ')}`);
          assert.equal(got.kind, want.kind, want.label);
          if (want.detail) {
            assert.equal(got.detail, want.detail, want.label);
          }
        }
        for (const label of c.absent ?? []) {
          assert.ok(!items.some((i) => i.label === label), `${label} should not be offered`);
        }
      });
    }

    it('marks deprecated fields with their reason and documents fields', () => {
      const { doc, pos } = withCursor('{ task(id: "t") { done‸ } }');
      const done = service()
        .complete(doc, pos)
        .find((i) => i.label === 'done');
      assert.ok(done);
      assert.equal(done.deprecated, true);
      assert.match(done.deprecationReason ?? '', /Use status instead/);
      const { doc: d2, pos: p2 } = withCursor('{ task(id: "t") { ‸ } }');
      const priority = service()
        .complete(d2, p2)
        .find((i) => i.label === 'priority');
      assert.equal(priority?.documentation, 'How urgent the task is.');
    });

    it('offers a fragment the variables of the operations that spread it', () => {
      const text = [
        'query A($p: TaskPriority!) { tasks { edges { node { ...Row } } } }',
        'query B($q: TaskPriority) { me { id } }',
        'fragment Row on Task { id }',
        'fragment Other on Task { owner { id } }',
        '{ task(id: "x") { ...Row } }',
      ].join('\n');
      const marked = text.replace('fragment Row on Task { id }', 'fragment Row on Task { id group { id } updateTaskPriority: priority @include(if: $‸) }');
      const { doc, pos } = withCursor(marked);
      const labels = service()
        .complete(doc, pos)
        .map((i) => i.label);
      assert.deepEqual(
        labels,
        directCompletion(schema, doc.text, pos, [], doc.uri).map((i) => i.label),
      );
    });
  });

  describe('hover', () => {
    const cases = [
      { name: 'field: type and description', text: '{ tasks { total‸Count } }', includes: ['TaskConnection.totalCount: Int!'] },
      { name: 'deprecated field: reason', text: '{ task(id: "t") { do‸ne } }', includes: ['Task.done', 'Deprecated', 'Use status instead'] },
      { name: 'argument', text: '{ tasks(fil‸ter: {}) { totalCount } }', includes: ['filter: TaskFilter', 'Only tasks matching every given criterion.'] },
      { name: 'enum value', text: '{ tasks(filter: { priority: HI‸GH }) { totalCount } }', includes: ['TaskPriority.HIGH', 'Should be done soon'] },
      { name: 'type in a variable definition', text: 'query Q($p: TaskPri‸ority) { me { id } }', includes: ['TaskPriority', 'How urgent a task is.'] },
    ];
    for (const c of cases) {
      it(c.name, () => {
        const { doc, pos } = withCursor(c.text);
        const hover = service().hover(doc, pos);
        assert.ok(hover, 'no hover');
        for (const part of c.includes) {
          assert.ok(hover.markdown.includes(part), `${JSON.stringify(hover.markdown)} lacks ${part}`);
        }
        assert.equal(hover.markdown, directHover(schema, doc.text, pos));
      });
    }

    it('has the range of the word under the cursor, and nothing on punctuation', () => {
      const { doc, pos } = withCursor('{ tasks { total‸Count } }');
      assert.deepEqual(service().hover(doc, pos)?.range, { start: { line: 0, character: 10 }, end: { line: 0, character: 20 } });
      const { doc: d2, pos: p2 } = withCursor('{‸ tasks { totalCount } }');
      assert.equal(service().hover(d2, p2), null);
    });

    it('has nothing at the end of a line, whatever the text after it', () => {
      // graphql-language-service would describe the last token of the text (`totalCount`).
      const { doc, pos } = withCursor('{ tasks {‸\n  totalCount');
      assert.equal(service().hover(doc, pos), null);
      assert.match(directHover(schema, doc.text, pos), /TaskConnection\.totalCount/);
    });
  });

  describe('diagnostics', () => {
    const cases: Array<{ name: string; text: string; files?: Record<string, string>; expect: Array<{ message: RegExp; line: number; character: number; severity: string }> }> = [
      { name: 'a valid document has none', text: '{ tasks(filter: { priority: HIGH }) { totalCount } }', expect: [] },
      {
        name: 'syntax error at its position',
        text: '{ tasks {\n  totalCount\n  edges { node { id }\n}\n',
        expect: [{ message: /Syntax Error: Expected Name, found <EOF>/, line: 4, character: 0, severity: 'error' }],
      },
      {
        name: 'unknown field with a suggestion',
        text: '{\n  tasks { totlCount }\n}',
        expect: [{ message: /Cannot query field "totlCount" on type "TaskConnection". Did you mean "totalCount"\?/, line: 1, character: 10, severity: 'error' }],
      },
      {
        name: 'wrong enum value',
        text: '{ tasks(filter: { priority: SOON }) { totalCount } }',
        expect: [{ message: /Value "SOON" does not exist in "TaskPriority" enum/, line: 0, character: 28, severity: 'error' }],
      },
      {
        name: 'undefined variable',
        text: 'query Q { tasks(filter: { priority: $p }) { totalCount } }',
        expect: [
          { message: /Variable "\$p" is not defined by operation "Q"/, line: 0, character: 36, severity: 'error' },
          { message: /Variable "\$p" is not defined by operation "Q"/, line: 0, character: 6, severity: 'error' },
        ],
      },
      {
        name: 'unknown fragment',
        text: '{ me { ...Nope } }',
        expect: [{ message: /Unknown fragment "Nope"/, line: 0, character: 10, severity: 'error' }],
      },
      {
        name: 'fragment from another file is known and validated',
        text: '{ me { ...UserBits } }',
        files: { 'file:///ws/f.graphql': 'fragment UserBits on User { id }' },
        expect: [],
      },
      {
        name: 'fragment of another file spread on the wrong type',
        text: '{ me { ...FileBits } }',
        files: { 'file:///ws/f.graphql': 'fragment FileBits on File { id }' },
        expect: [{ message: /Fragment "FileBits" cannot be spread here/, line: 0, character: 10, severity: 'error' }],
      },
      {
        name: 'unused fragment is a warning',
        text: 'fragment Lonely on Task { id }\n{ me { id } }',
        expect: [{ message: /Fragment "Lonely" is never used/, line: 0, character: 9, severity: 'warning' }],
      },
      {
        name: 'a fragment another file spreads is not unused',
        text: 'fragment Shared on Task { id }',
        files: { 'file:///ws/q.graphql': '{ task(id: "1") { ...Shared } }' },
        expect: [],
      },
      {
        name: 'deprecated field is a warning',
        text: '{ task(id: "1") { done } }',
        expect: [{ message: /The field Task.done is deprecated/, line: 0, character: 18, severity: 'warning' }],
      },
    ];
    for (const c of cases) {
      it(c.name, () => {
        const svc = service(c.files);
        const got = svc.diagnostics(document(c.text));
        assert.equal(got.length, c.expect.length, JSON.stringify(got.map((d) => d.message)));
        c.expect.forEach((want, i) => {
          assert.match(got[i].message, want.message);
          assert.deepEqual(got[i].range.start, { line: want.line, character: want.character }, got[i].message);
          assert.equal(got[i].severity, want.severity);
          assert.equal(got[i].source, 'GraphQL');
        });
      });
    }

    it('reports the same problems as the direct call (apart from unused fragments)', () => {
      const text =
        'query Q($id: ID!) {\n  task(id: $id) { nme priority(x: 1) done ...F }\n  tasks(filter: { priority: 3 }) { totalCount }\n}\nfragment F on Task { owner { fullName } }\n';
      const ours = service()
        .diagnostics(document(text))
        .map((d) => `${d.range.start.line}:${d.range.start.character} ${d.message}`)
        .sort();
      const direct = directDiagnostics(schema, text)
        .map((d) => `${d.range.start.line}:${d.range.start.character} ${d.message}`)
        .sort();
      assert.deepEqual(ours, direct);
      assert.ok(ours.length >= 4);
    });

    it('follows edits: a fixed document has no errors, the cache follows the version', () => {
      const svc = service();
      const uri = 'file:///ws/edit.graphql';
      assert.equal(svc.diagnostics({ uri, version: 1, text: '{ tasks { totlCount } }' }).length, 1);
      assert.equal(svc.diagnostics({ uri, version: 2, text: '{ tasks { totalCount } }' }).length, 0);
    });
  });

  describe('definition', () => {
    it('leads to fragments in the same and in other files', () => {
      const svc = service({ 'file:///ws/f.graphql': '\n\nfragment UserBits on User {\n  id\n}\n' });
      const { doc, pos } = withCursor('{ me { ...User‸Bits } task(id: "1") { ...Here } }\nfragment Here on Task { id }');
      assert.deepEqual(svc.definition(doc, pos), {
        kind: 'fragment',
        name: 'UserBits',
        uri: 'file:///ws/f.graphql',
        range: { start: { line: 2, character: 0 }, end: { line: 4, character: 1 } },
      });
      const { doc: d2, pos: p2 } = withCursor('{ me { ...UserBits } task(id: "1") { ...He‸re } }\nfragment Here on Task { id }');
      assert.deepEqual(svc.definition(d2, p2), {
        kind: 'fragment',
        name: 'Here',
        uri: doc.uri,
        range: { start: { line: 1, character: 0 }, end: { line: 1, character: 28 } },
      });
    });

    const schemaCases = [
      { text: '{ tasks { total‸Count } }', key: 'TaskConnection.totalCount' },
      { text: '{ tas‸ks { totalCount } }', key: 'Query.tasks' },
      { text: 'query Q($p: TaskPri‸ority) { me { id } }', key: 'TaskPriority' },
      { text: '{ search(text: "a") { ... on Fi‸le { id } } }', key: 'File' },
      { text: '{ tasks(filter: { priority: HI‸GH }) { totalCount } }', key: 'TaskPriority.HIGH' },
      { text: '{ tasks(fil‸ter: {}) { totalCount } }', key: 'Query.tasks' },
      { text: '{ tasks(filter: { prio‸rity: HIGH }) { totalCount } }', key: 'TaskFilter.priority' },
      { text: 'mutation { createTask(input: { name: "a", assignee‸Ids: ["1"] }) { task { id } } }', key: 'CreateTaskInput.assigneeIds' },
      { text: 'query Q($f: TaskFilter = { sta‸tus: TODO }) { tasks(filter: $f) { totalCount } }', key: 'TaskFilter.status' },
    ];
    for (const c of schemaCases) {
      it(`leads to ${c.key} in the SDL view`, () => {
        const svc = service();
        const { doc, pos } = withCursor(c.text);
        const target = svc.definition(doc, pos);
        assert.ok(target && target.kind === 'schema', JSON.stringify(target));
        assert.equal(target.key, c.key);
        const line = svc.schemaView().sdl.split('\n')[target.sdlLine];
        const last = c.key.split('.').pop() as string;
        assert.ok(line.includes(last), `line ${target.sdlLine} is ${JSON.stringify(line)}`);
      });
    }
  });

  describe('on invalid text, as graphql-language-service on the whole text', () => {
    const diagnosticCases: Array<{ name: string; text: string; expect: string[] }> = [
      { name: 'a stray ) inside a selection set: one error', text: '{ me { id ) } }\n{ viewer { kind } }\n', expect: ['0:10 Syntax Error: Expected Name, found ")".'] },
      { name: 'a stray ] inside a selection set: one error', text: '{ me { id ] } }\n', expect: ['0:10 Syntax Error: Expected Name, found "]".'] },
      { name: 'two broken definitions: the first error only', text: '{ me { id ) } }\n{ viewer { ( } }\n', expect: ['0:10 Syntax Error: Expected Name, found ")".'] },
    ];
    for (const c of diagnosticCases) {
      it(`diagnostics: ${c.name}`, () => {
        const got = service().diagnostics(document(c.text));
        assert.deepEqual(
          got.map((d) => `${d.range.start.line}:${d.range.start.character} ${d.message}`),
          c.expect,
        );
        assert.deepEqual(
          directDiagnostics(schema, c.text).map((d) => d.message),
          c.expect.map((e) => e.slice(e.indexOf(' ') + 1)),
        );
      });
    }

    const completionCases: Array<{ name: string; text: string; labels: string[] }> = [
      { name: 'fields after a stray ) in the same selection set', text: '{ me { id ) }\n  vie‸\n}\n{ viewer { kind } }', labels: ['viewer'] },
      { name: 'fields after a stray ]', text: '{ me { id ] }\n  ‸\n}', labels: ['me', 'viewer', 'tasks'] },
      {
        name: 'fragments in document order when one definition holds several',
        text: 'fragment A on Task { id }\nfragment B on Task { id [ }\n{ task(id: "2") { ...‸ } }',
        labels: ['A', 'B'],
      },
      {
        name: 'a fragment defined twice in broken text: where it first occurs, with its last type',
        text: 'fragment A on Task { id }\nfragment B on Task { id [ }\nfragment A on User { id }\n{ task(id: "2") { ...‸ } }',
        labels: ['B'],
      },
    ];
    for (const c of completionCases) {
      it(`completion: ${c.name}`, () => {
        const { doc, pos } = withCursor(c.text);
        const labels = service()
          .complete(doc, pos)
          .map((i) => i.label);
        assert.deepEqual(labels.slice(0, c.labels.length), c.labels);
        assert.deepEqual(
          labels,
          directCompletion(schema, doc.text, pos, [], doc.uri).map((i) => i.label),
        );
      });
    }
  });

  it('outlines operations, fragments, fields and spreads', () => {
    const outline = service().outline(document('query List {\n  tasks { totalCount }\n}\nfragment F on Task { id ...G }\n{ me { id } }'));
    assert.deepEqual(
      outline.map((o) => [o.name, o.kind, o.range.start.line, o.children.map((c) => `${c.kind}:${c.name}`)]),
      [
        ['List', 'query', 0, ['field:tasks']],
        ['F', 'fragment', 3, ['field:id', 'fragmentSpread:...G']],
        ['<anonymous query>', 'query', 4, ['field:me']],
      ],
    );
    assert.deepEqual(outline[0].selectionRange, { start: { line: 0, character: 6 }, end: { line: 0, character: 10 } });
  });

  it('lists workspace operations and fragments as symbols, following index updates', () => {
    const svc = service({ 'file:///ws/a.graphql': 'query TaskList { me { id } }\nfragment TaskBits on Task { id }' });
    assert.deepEqual(
      svc.workspaceSymbols('task').map((s) => `${s.kind}:${s.name}`),
      ['query:TaskList', 'fragment:TaskBits'],
    );
    svc.index.update('file:///ws/a.graphql', 'mutation TaskAdd { completeTask(id: "1") { id } }');
    assert.deepEqual(
      svc.workspaceSymbols('tsk').map((s) => `${s.kind}:${s.name}`),
      ['mutation:TaskAdd'],
    );
    svc.index.remove('file:///ws/a.graphql');
    assert.deepEqual(svc.workspaceSymbols(''), []);
  });
});
