import * as assert from 'node:assert/strict';
import { buildSchema, parse, validate } from 'graphql';
import {
  buildSentDocument,
  chooseEmbeddedOperation,
  embeddedDocuments,
  fragmentsOfTemplate,
  hostRange,
  templateAt,
  wholeDocument,
  type EmbeddedDocument,
  type FragmentSource,
  type TemplateSpan,
} from '../../../../src/core/run/embeddedRun';
import { placeErrors, revealTargets } from '../../../../src/core/run/errorLocations';
import { parseDocument } from '../../../../src/core/run/operations';
import { LineIndex } from '../../../../src/core/text/lineIndex';
import type { Range } from '../../../../src/core/text/position';

/**
 * Templates of a test host: the text between "gql`" (or "/* GraphQL *\/ `") and the next backtick,
 * with `${…}` blanked to spaces (the shape the scanner gives; its own tests cover the scanning).
 */
function templates(host: string): TemplateSpan[] {
  const out: TemplateSpan[] = [];
  const re = /(?:gql|\/\* GraphQL \*\/ )`/g;
  for (let m = re.exec(host); m; m = re.exec(host)) {
    const start = m.index + m[0].length;
    const end = host.indexOf('`', start);
    out.push({ start, end, text: host.slice(start, end).replace(/\$\{[^}]*\}/g, (s) => ' '.repeat(s.length)) });
    re.lastIndex = end + 1;
  }
  return out;
}

const SCHEMA = buildSchema(`
  enum TaskPriority { LOW MEDIUM HIGH }
  type Task { id: ID! name: String! priority: TaskPriority! owner: User }
  type User { id: ID! name: String! }
  type Query { tasks(priority: TaskPriority): [Task!]! viewer: User }
`);

const HOST = [
  "import { gql } from '@apollo/client';",
  "const note = 'café ☕ before the templates';",
  'export const TASK_PARTS = gql`',
  '  fragment TaskParts on Task {',
  '    id',
  '    nmae',
  '    owner { ...UserParts }',
  '  }',
  '`;',
  'export const TASKS = gql`',
  '  query Tasks($priority: TaskPriority) {',
  '    tasks(priority: $priority) { ...TaskParts priorty }',
  '  }',
  '  ${TASK_PARTS}',
  '`;',
  'export const VIEWER = /* GraphQL */ `query Viewer { viewer { nmae } }`;',
  'export const ME = gql`{ viewer { id } }`;',
].join('\r\n');

const USER_PARTS: FragmentSource = { name: 'UserParts', text: 'fragment UserParts on User {\n  id\n  name\n}', where: 'users.graphql' };

function slice(host: string, r: Range): string {
  const lines = new LineIndex(host);
  return host.slice(lines.offsetAt(r.start), lines.offsetAt(r.end));
}

function resolver(host: string, docsOf: TemplateSpan[], index: FragmentSource[] = [USER_PARTS]): (name: string) => FragmentSource | undefined {
  const local = docsOf.flatMap((t) => fragmentsOfTemplate({ template: t, ast: parseDocument(t.text).ast }, 'api.ts'));
  return (name) => local.find((f) => f.name === name) ?? index.find((f) => f.name === name);
}

describe('embedded run: operations of a code file', () => {
  const spans = templates(HOST);
  const docs = embeddedDocuments(spans);
  const host = new LineIndex(HOST);

  it('keeps the templates that hold operations, with host ranges', () => {
    assert.equal(spans.length, 4);
    assert.deepEqual(
      docs.map((d) => d.parsed.operations.map((o) => o.name ?? o.type)),
      [['Tasks'], ['Viewer'], ['query']],
    );
    const viewer = docs[1];
    const r = hostRange(host, viewer, viewer.parsed.operations[0].nameRange);
    assert.equal(slice(HOST, r), 'Viewer');
    assert.equal(r.start.line, 15);
  });

  it('runs the operation at the cursor, whichever template it is in', () => {
    const offset = HOST.indexOf('viewer { nmae');
    const choice = chooseEmbeddedOperation(docs, { offset }, 'api.ts');
    assert.equal(choice.kind, 'single');
    assert.equal(choice.kind === 'single' && choice.target.op.name, 'Viewer');
    const atEnd = chooseEmbeddedOperation(docs, { offset: spans[1].end }, 'api.ts');
    assert.equal(atEnd.kind === 'single' && atEnd.target.op.name, 'Tasks', 'the closing backtick still counts');
    assert.equal(templateAt(spans, HOST.indexOf('import')), undefined);
  });

  it('runs by name, and picks among all operations when the cursor is outside templates', () => {
    const named = chooseEmbeddedOperation(docs, { operationName: 'Tasks' }, 'api.ts');
    assert.equal(named.kind === 'single' && named.target.doc, docs[0]);
    const outside = chooseEmbeddedOperation(docs, { offset: 0 }, 'api.ts');
    assert.equal(outside.kind, 'pick');
    assert.deepEqual(outside.kind === 'pick' && outside.candidates.map((c) => c.op.name ?? c.op.type), ['Tasks', 'Viewer', 'query']);
    const inFragment = chooseEmbeddedOperation(docs, { offset: HOST.indexOf('fragment TaskParts') }, 'api.ts');
    assert.equal(inFragment.kind, 'pick', 'a fragment-only template holds nothing to run');
    const gone = chooseEmbeddedOperation(docs, { operationName: 'Nope' }, 'api.ts');
    assert.match(gone.kind === 'error' ? gone.message : '', /api\.ts holds no operation named "Nope"/);
  });

  it('runs the only operation wherever the cursor is, and says when there is none', () => {
    const only = embeddedDocuments(templates('const a = 1;\nconst Q = gql`query Only { viewer { id } }`;\n'));
    const choice = chooseEmbeddedOperation(only, { offset: 0 }, 'one.ts');
    assert.equal(choice.kind === 'single' && choice.target.op.name, 'Only');
    const none = chooseEmbeddedOperation(embeddedDocuments(templates('const F = gql`fragment F on User { id }`;')), {}, 'f.ts');
    assert.match(none.kind === 'error' ? none.message : '', /f\.ts holds no GraphQL operation/);
  });

  it('reports a syntax error of the template instead of sending it', () => {
    const broken = embeddedDocuments(templates('const Q = gql`\n  query Broken { viewer { id }\n`;'));
    const choice = chooseEmbeddedOperation(broken, { offset: 20 }, 'b.ts');
    assert.equal(choice.kind, 'error');
    assert.match(choice.kind === 'error' ? choice.message : '', /syntax error at line 3/);
  });
});

describe('embedded run: the sent document', () => {
  const spans = templates(HOST);
  const docs = embeddedDocuments(spans);

  it('sends the template as it is, then the fragments it spreads (from the same file and the index), transitively', () => {
    const sent = buildSentDocument(docs[0], resolver(HOST, spans));
    assert.ok(sent.text.startsWith(spans[1].text), 'the template first, so that line and column are its own');
    assert.equal(sent.templateLength, spans[1].text.length);
    assert.deepEqual(
      sent.appended.map((a) => a.name),
      ['TaskParts', 'UserParts'],
    );
    assert.equal(sent.appended[0].hostStart, HOST.indexOf('fragment TaskParts'));
    assert.equal(sent.appended[1].hostStart, undefined);
    assert.deepEqual(sent.missing, []);
    assert.equal(parse(sent.text).definitions.length, 3, 'one document: the query and both fragments');
    assert.doesNotMatch(sent.text, /\$\{/, 'the interpolation was blanked');
  });

  it('sends a document without spreads unchanged, names missing fragments, and survives cycles', () => {
    assert.equal(buildSentDocument(docs[1], () => undefined).text, spans[2].text);
    const cyclic: FragmentSource[] = [
      { name: 'A', text: 'fragment A on User { id ...B }', where: 'a.graphql' },
      { name: 'B', text: 'fragment B on User { name ...A ...C }', where: 'b.graphql' },
    ];
    const doc = wholeDocument('query Q { viewer { ...A } }');
    const sent = buildSentDocument(doc, (n) => cyclic.find((f) => f.name === n));
    assert.deepEqual(
      sent.appended.map((a) => a.name),
      ['A', 'B'],
    );
    assert.deepEqual(sent.missing, ['C']);
  });

  it('does not append a fragment the template defines itself', () => {
    const doc = wholeDocument('query Q { viewer { ...U } }\nfragment U on User { id }');
    const sent = buildSentDocument(doc, () => USER_PARTS);
    assert.equal(sent.appended.length, 0);
  });
});

describe('embedded run: server error locations inside the template', () => {
  const spans = templates(HOST);
  const docs = embeddedDocuments(spans);
  const host = new LineIndex(HOST);
  const FALLBACK: Range = { start: { line: 10, character: 8 }, end: { line: 10, character: 13 } };

  /** What a server answers: graphql-js validation of the sent document, as JSON. */
  function serverErrors(text: string) {
    return validate(SCHEMA, parse(text)).map((e) => e.toJSON());
  }

  it('maps validation errors of the sent document onto the characters in the template and in fragments of the same file (CRLF, unicode before)', () => {
    const sent = buildSentDocument(docs[0], resolver(HOST, spans));
    const errors = serverErrors(sent.text);
    assert.equal(errors.length, 2, JSON.stringify(errors));
    const placed = placeErrors({ sent, doc: docs[0], host, fallback: FALLBACK }, errors);
    const texts = placed.map((d) => slice(HOST, d.range));
    assert.deepEqual(texts.sort(), ['nmae', 'priorty']);
    const priorty = placed.find((d) => slice(HOST, d.range) === 'priorty')!;
    assert.equal(priorty.range.start.line, 11);
    assert.equal(priorty.range.start.character, HOST.split('\r\n')[11].indexOf('priorty'));
    const nmae = placed.find((d) => slice(HOST, d.range) === 'nmae')!;
    assert.equal(nmae.range.start.line, 5, 'in the fragment template above, where it is written');
  });

  it('maps a location on the first line of a template that starts mid-line', () => {
    const sent = buildSentDocument(docs[1], () => undefined);
    const placed = placeErrors({ sent, doc: docs[1], host, fallback: FALLBACK }, serverErrors(sent.text));
    assert.equal(placed.length, 1);
    assert.equal(slice(HOST, placed[0].range), 'nmae');
    assert.deepEqual(placed[0].range.start, { line: 15, character: HOST.split('\r\n')[15].indexOf('nmae') });
  });

  it('puts an error in a fragment from another file, or without locations, on the operation name, saying which fragment', () => {
    const badUser: FragmentSource = { name: 'UserParts', text: 'fragment UserParts on User {\n  id\n  nope\n}', where: 'users.graphql' };
    const sent = buildSentDocument(docs[0], resolver(HOST, spans, [badUser]));
    const errors = [...serverErrors(sent.text).filter((e) => /nope/.test(e.message)), { message: 'no locations' }];
    const placed = placeErrors({ sent, doc: docs[0], host, fallback: FALLBACK }, errors);
    assert.deepEqual(
      placed.map((d) => d.range),
      [FALLBACK, FALLBACK],
    );
    assert.match(placed[0].detail ?? '', /in fragment UserParts \(users\.graphql\)/);
    assert.equal(placed[1].detail, undefined);
  });

  it('gives the results panel the host range of each location, and skips malformed ones', () => {
    const sent = buildSentDocument(docs[0], resolver(HOST, spans));
    const errors = serverErrors(sent.text);
    const targets = revealTargets({ sent, doc: docs[0], host, fallback: FALLBACK }, [...errors, { message: 'x', locations: [{ line: 0, column: 1 }, 'junk', null] }]);
    assert.equal(targets.length, 2);
    for (const t of targets) {
      const located = errors.find((e) => e.locations?.some((l) => l.line === t.line && l.column === t.column));
      assert.ok(located, `${t.line}:${t.column} is a location of the answer`);
      assert.match(located.message, new RegExp(slice(HOST, t.range)));
    }
    assert.deepEqual(revealTargets({ sent, doc: docs[0], host, fallback: FALLBACK }, 'not an array'), []);
  });

  it('maps a .graphql file (the whole file as one template) exactly as before', () => {
    const text = 'query Q {\n  viewer { nmae }\n}\n';
    const doc: EmbeddedDocument = wholeDocument(text);
    const sent = buildSentDocument(doc, () => undefined);
    assert.equal(sent.text, text);
    const placed = placeErrors({ sent, doc, host: doc.parsed.lines, fallback: FALLBACK }, serverErrors(text));
    assert.deepEqual(placed[0].range, { start: { line: 1, character: 11 }, end: { line: 1, character: 15 } });
  });
});
