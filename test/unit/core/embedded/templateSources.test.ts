import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { editInsideTemplate } from '../../../../src/core/embedded/editInsideTemplate';
import { templateSources } from '../../../../src/core/embedded/templateMapping';
import { EmbeddedFiles, graphqlAt, parseTemplateSourceId, templateSourceId, toHostPosition, toTemplatePosition } from '../../../../src/core/embedded/templateSources';
import { findTemplates } from '../../../../src/core/embedded/templates';
import { LineIndex } from '../../../../src/core/text/lineIndex';

const HOST = 'file:///ws/src/api.ts';

/** What a fresh scan of `text` gives (the reference the incremental path must equal). */
function fresh(text: string) {
  return templateSources(HOST, findTemplates(text), new LineIndex(text));
}

describe('template sources (GraphQL templates as documents of their own)', () => {
  const text = [
    "import { gql } from 'graphql-tag';",
    'const A = gql`',
    '  fragment F on Task { id }',
    '`;',
    'const B = /* GraphQL */ `query Q { tasks { ...F } } ${A}`; const C = graphql(`{ viewer { kind } }`);',
    '',
  ].join('\r\n');

  it('gives each template an id under its host, its GraphQL text and its base position', () => {
    const sources = fresh(text);
    assert.deepEqual(
      sources.map((s) => [s.id, s.ordinal, s.basePosition.line, s.basePosition.character]),
      [
        [`${HOST}#graphql-template-0`, 0, 1, 14],
        [`${HOST}#graphql-template-1`, 1, 4, 25],
        [`${HOST}#graphql-template-2`, 2, 4, 78],
      ],
    );
    assert.equal(sources[1].text, 'query Q { tasks { ...F } }     ', 'the ${A} is blanked to spaces of its length');
    assert.deepEqual(parseTemplateSourceId(sources[2].id), { hostUri: HOST, ordinal: 2 });
    assert.equal(parseTemplateSourceId(HOST), undefined, 'a plain file URI is no template id');
    assert.equal(templateSourceId(HOST, 7), `${HOST}#graphql-template-7`);
  });

  it('maps positions between a template and its host file exactly, CRLF and first line included', () => {
    const hostIndex = new LineIndex(text);
    for (const source of fresh(text)) {
      const local = new LineIndex(source.text);
      for (let offset = 0; offset <= source.text.length; offset++) {
        const hostPosition = hostIndex.positionAt(source.baseOffset + offset);
        assert.deepEqual(toHostPosition(source.basePosition, local.positionAt(offset)), hostPosition);
        assert.deepEqual(toTemplatePosition(source.basePosition, hostPosition), local.positionAt(offset));
      }
    }
    assert.equal(toTemplatePosition({ line: 4, character: 25 }, { line: 4, character: 24 }), undefined, 'before the template');
  });

  it('finds the GraphQL at a host offset, and nothing in code or in a ${}', () => {
    const sources = fresh(text);
    assert.equal(graphqlAt(sources, text.indexOf('fragment'))?.source.ordinal, 0);
    assert.equal(graphqlAt(sources, text.indexOf('viewer'))?.source.ordinal, 2);
    assert.equal(graphqlAt(sources, text.indexOf('const B')), undefined);
    assert.equal(graphqlAt(sources, text.indexOf('${A}') + 2), undefined, 'inside ${A}: TypeScript, not GraphQL');
  });

  it('locates a template range in its host file, and forgets removed templates', () => {
    const files = new EmbeddedFiles();
    const { sources } = files.update(HOST, text);
    const at = files.locate(sources[1].id, { start: { line: 0, character: 6 }, end: { line: 0, character: 7 } });
    assert.deepEqual(at, { uri: HOST, range: { start: { line: 4, character: 31 }, end: { line: 4, character: 32 } } });
    assert.deepEqual(files.locate('file:///ws/a.graphql', at!.range), { uri: 'file:///ws/a.graphql', range: at!.range });
    const { removed } = files.update(HOST, 'const none = 1;');
    assert.deepEqual(removed, [sources[0].id, sources[1].id, sources[2].id]);
    assert.equal(files.locate(sources[1].id, at!.range), undefined);
  });

  it("scans again when an edit on a template's first line makes a `/` before it a regular expression", () => {
    // Found by the random-edit property (seed -1674504326): joining the first line made `/ 2; … /` a regex.
    for (const [before, after] of [
      ['a = b + / 2; const Q = gql`\n{ x } /\n`;\n', 'a = b + / 2; const Q = gql`{ x } /\n`;\n'],
      ['a = b + / 2; const Q = gql`{ x }\n`;\n', 'a = b + / 2; const Q = gql`{ x } /\n`;\n'],
    ]) {
      const files = new EmbeddedFiles();
      assert.equal(files.update(HOST, before).sources.length, 1, 'a template before the edit');
      assert.deepEqual(files.update(HOST, after).sources, fresh(after));
      assert.equal(fresh(after).length, 0, 'the backtick is inside a regular expression now');
    }
  });

  it('moves the sources of an edit inside a template without a rescan, equal to a fresh scan (random edits)', () => {
    randomEdits(1, 8, Number(process.env.EDIT_RUNS ?? 3000));
  });

  it('the same in files longer than the blocks the edit is found by (1,000 to 9,000 characters)', () => {
    randomEdits(40, 150, 300);
  });

  function randomEdits(minPieces: number, maxPieces: number, numRuns: number): void {
    const piece = fc.constantFrom(
      'const a = 1;\n',
      "const s = 'a ` b';\n",
      '// comment ` gql`x`\n',
      'export const Q = gql`\n  query Q {\n    tasks { id }\n  }\n`;\n',
      'const F = graphql(`fragment F on T { a }`); const G = gql`{ b }`;\n',
      'const N = gql`query N { a(x: 1) { ...F } }\n  ${F}\n`;\n',
      'const t = `plain ${x} text`;\n',
      'const H = `#graphql\n  query H { h }\n`;\n',
      'const u = gql`\r\n  { unicode: "é😀" }\r\n`;\r\n',
      '/* GraphQL */ `{ c }`\n',
      // Templates nested in a `${}` of a template, GraphQL after them (typing there moves only what follows).
      'const O = gql`query O { a } ${gql`fragment I on T { i }`} { b }`;\n',
      'const P = gql`{ p }\n  ${cond ? gql`fragment J on T { j }` : `plain`}\n  { q }\n`;\n',
      'const d = i++ / 2; const D = gql`{ d }`; const e = j-- / 3;\n',
    );
    const edit = fc.record({
      at: fc.nat(),
      remove: fc.nat({ max: 6 }),
      insert: fc.constantFrom('', 'a', ' ', '\n', '{ x }', '}', '{', 'é', '😀', '`', '$', '${y}', '\\', '\r\n', 'gql`z`', '#'),
    });
    fc.assert(
      fc.property(fc.array(piece, { minLength: minPieces, maxLength: maxPieces }), fc.array(edit, { minLength: 1, maxLength: 12 }), (pieces, edits) => {
        const files = new EmbeddedFiles();
        let current = pieces.join('');
        files.update(HOST, current);
        for (const e of edits) {
          const at = e.at % (current.length + 1);
          const end = Math.min(current.length, at + e.remove);
          current = current.slice(0, at) + e.insert + current.slice(end);
          const { sources } = files.update(HOST, current);
          assert.deepEqual(sources, fresh(current));
        }
      }),
      { numRuns },
    );
  }

  it('takes the incremental path for typing in a template (no rescan)', () => {
    const files = new EmbeddedFiles();
    const base = 'x'.repeat(60) + '\nconst Q = gql`\n  query Q {\n    tasks { id }\n  }\n`;\nconst R = gql`{ r }`;\n';
    const before = files.update(HOST, base).sources;
    const at = base.indexOf('id }') + 2;
    const typed = `${base.slice(0, at)} name${base.slice(at)}`;
    assert.ok(editInsideTemplate(base, before, typed), 'typing a field name moves the sources');
    assert.equal(editInsideTemplate(base, before, base.replace('const R', 'let R')), undefined, 'an edit in code scans again');
    assert.equal(editInsideTemplate(base, before, typed.replace(' name', ' ${n}')), undefined, 'typing an interpolation scans again');
    const after = files.update(HOST, typed).sources;
    assert.equal(after[1].baseOffset, before[1].baseOffset + 5, 'the template after the edit moved by the typed length');
    assert.deepEqual(after, fresh(typed));
  });
  it('typing in a template after a template nested in its earlier ${} leaves the nested one where it is', () => {
    const files = new EmbeddedFiles();
    const base = 'const O = gql`query O { a } ${gql`fragment I on T { i }`}\n  { b }`;\nconst R = gql`{ r }`;\n';
    const before = files.update(HOST, base).sources;
    assert.deepEqual(
      before.map((s) => s.text.trim().split(' ')[0]),
      ['query', 'fragment', '{'],
    );
    const at = base.indexOf('{ b }') + 2;
    const typed = `${base.slice(0, at)}c ${base.slice(at)}`;
    const moved = editInsideTemplate(base, before, typed);
    assert.ok(moved, 'the incremental path is taken');
    assert.deepEqual(moved, fresh(typed));
    assert.equal(moved[1].baseOffset, before[1].baseOffset, 'the nested template before the edit did not move');
    assert.equal(moved[2].baseOffset, before[2].baseOffset + 2, 'the template after the edit moved');
  });
  it('keeps no entry for a file without templates, and peeks without recording', () => {
    const files = new EmbeddedFiles();
    assert.deepEqual(files.update('file:///ws/plain.ts', 'export const n = 1;').sources, []);
    assert.deepEqual([...files.allSources()], []);
    const recorded = files.update(HOST, text).sources;
    assert.equal(files.peek(HOST, text), recorded, 'the recorded sources for the recorded text');
    const other = 'const Z = gql`{ z }`;';
    assert.deepEqual(files.peek(HOST, other), fresh(other));
    assert.equal(files.sourcesOf(HOST), recorded, 'peeking recorded nothing');
  });
});
