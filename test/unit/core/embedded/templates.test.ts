import * as assert from 'node:assert/strict';
import { findTemplates } from '../../../../src/core/embedded/templates';

/** The GraphQL texts found, trimmed. */
const texts = (code: string, tags?: string[]) => findTemplates(code, tags ? { tags } : {}).map((t) => t.text.trim());

describe('template scanner (findTemplates)', () => {
  it('finds every tag form: gql, graphql, gql<T>, gql<Q<A>>, member tags, graphql(`…`), graphql<Q>(`…`), /* GraphQL */, #graphql', () => {
    const code = [
      'const a = gql`{ a }`;',
      'const b = graphql`{ b }`;',
      'const c = gql<Result>`{ c }`;',
      'const d = gql<Query<Vars>>`{ d }`;',
      'const e = graphql.experimental`{ e }`;',
      'const f = graphql(`{ f }`);',
      'const g = graphql<Q>(`{ g }`);',
      'const h = /* GraphQL */ `{ h }`;',
      'const i = `#graphql\n{ i }`;',
    ].join('\n');
    assert.deepEqual(texts(code), ['{ a }', '{ b }', '{ c }', '{ d }', '{ e }', '{ f }', '{ g }', '{ h }', '#graphql\n{ i }']);
    assert.deepEqual(
      findTemplates(code).map((t) => t.tag),
      ['gql', 'graphql', 'gql', 'gql', 'graphql.experimental', 'graphql', 'graphql', '/* GraphQL */', '#graphql'],
    );
  });

  it('ignores untagged templates, other tags, tags that are part of a longer word, and templates in strings, comments and regexes', () => {
    const code = [
      'const a = `{ a }`;',
      'const b = html`<b>{ b }</b>`;',
      'const c = mygql`{ c }`;',
      'const d = gqlx`{ d }`;',
      "const e = 'gql`{ e }`';",
      '// gql`{ f }`',
      '/* gql`{ g }` */',
      'const h = /gql`{ h }`/g;',
      'const ok = gql`{ ok }`;',
    ].join('\n');
    assert.deepEqual(texts(code), ['{ ok }']);
  });

  it('uses the configured tags instead of the defaults', () => {
    const code = 'const a = gql`{ a }`; const b = sql.graphql`{ b }`; const c = query`{ c }`;';
    assert.deepEqual(texts(code, ['query', 'sql.graphql']), ['{ b }', '{ c }']);
  });

  it('takes `/` after a postfix ++ or -- as a division, so a template after it on the line is found', () => {
    const code = 'let r = i++ / 2, Q = gql`{ q }`, s = j-- / 4;\nconst T = x / y / gql`{ t }`;';
    assert.deepEqual(texts(code), ['{ q }', '{ t }']);
    // After `(`, `=` or `return`, `/` starts a regular expression (a backtick in it is no template).
    assert.deepEqual(texts('const re = (/`/); const U = gql`{ u }`;\nfunction f() { return /gql`x`/; }'), ['{ u }']);
  });

  it('blanks every ${…} to spaces of its length (line breaks kept), wherever it is, and keeps its identifier', () => {
    const code = 'const Q = gql`${A}query Q {\n  a { ...F ${B.c} }\n  ${ {x: `}`}["x"] }${D}\n}${\n  E\n}`;';
    const [t] = findTemplates(code);
    assert.equal(t.text.length, t.end - t.start);
    for (const i of t.interpolations) {
      assert.match(t.text.slice(i.start, i.end), /^[ \n]*$/);
      assert.equal(code.slice(t.start + i.start, t.start + i.start + 2), '${');
      assert.equal(code[t.start + i.end - 1], '}');
    }
    assert.deepEqual(
      t.interpolations.map((i) => i.identifier),
      ['A', 'B.c', undefined, 'D', 'E'],
    );
    // Outside the interpolations the text is the host's.
    let at = 0;
    for (const i of t.interpolations) {
      assert.equal(t.text.slice(at, i.start), code.slice(t.start + at, t.start + i.start));
      at = i.end;
    }
    assert.equal(t.text.slice(at), code.slice(t.start + at, t.end));
  });

  it('finds templates nested in a ${} of another template, at any depth, and the outer one goes on after them', () => {
    const code = 'const Q = gql`query Q { a } ${gql`fragment F on T { f ${gql`fragment G on T { g }`} }`} { b }`;';
    const found = findTemplates(code);
    assert.deepEqual(
      found.map((t) => t.text.replace(/\s+/g, ' ').trim()),
      ['query Q { a } { b }', 'fragment F on T { f }', 'fragment G on T { g }'],
    );
    assert.ok(found[0].start < found[1].start && found[1].end <= found[0].end, 'in order of their starts, nested inside');
  });

  it('keeps host offsets exact after CRLF and unicode (BMP and astral) before the template', () => {
    const code = "const s = 'é😀€';\r\n// 😀😀\r\nconst Q = gql`\r\n  { a }\r\n`;\r\n";
    const [t] = findTemplates(code);
    assert.equal(t.start, code.indexOf('gql`') + 4);
    assert.equal(code.slice(t.start, t.end), t.text);
    assert.equal(t.text, '\r\n  { a }\r\n');
  });

  it('reports an unclosed template and an unclosed ${ at the end of the file, the identifier whole', () => {
    const open = findTemplates('const Q = gql`query Q { a }');
    assert.deepEqual(
      open.map((t) => [t.text, t.closed]),
      [['query Q { a }', false]],
    );
    const [t] = findTemplates('const Q = gql`query Q { a } ${Fragment');
    assert.equal(t.closed, false);
    assert.equal(t.interpolations.length, 1);
    assert.equal(t.interpolations[0].identifier, 'Fragment');
    assert.equal(t.interpolations[0].end, t.text.length);
    assert.equal(t.text, 'query Q { a } ' + ' '.repeat('${Fragment'.length));
  });

  it('skips escaped backticks and ${ inside a template, and strings and comments inside a ${}', () => {
    const code = 'const Q = gql`{ a(x: "\\`") \\${notAnInterpolation} }`; const R = gql`{ r ${"`"} ${/* ` */ 1} ${\'}\'} }`;';
    const found = findTemplates(code);
    assert.equal(found.length, 2);
    assert.equal(found[0].interpolations.length, 0);
    assert.equal(found[1].interpolations.length, 3);
    assert.equal(found[1].text.replace(/\s+/g, ' '), '{ r }');
  });

  it('never throws and keeps its invariants on random code made of the pieces above', () => {
    const pieces = [
      'gql`{ a }`',
      'graphql(`{ b }`)',
      '`plain ${x}`',
      '${',
      '}',
      '`',
      "'str`'",
      '"s\\"`"',
      '// c `\n',
      '/* `gql` */',
      '/re`/g',
      'i++ / 2',
      'a / b',
      '\r\n',
      'é😀',
      'gql`{ ${F} }`',
      '/* GraphQL */ `{ c }`',
      '`#graphql\n{ d }`',
      'gql<T>`',
      '\\',
    ];
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
    for (let run = 0; run < 3000; run++) {
      const code = Array.from({ length: 1 + (next() % 12) }, () => pieces[next() % pieces.length]).join(next() % 2 ? ' ' : '');
      const found = findTemplates(code);
      let lastStart = -1;
      for (const t of found) {
        assert.ok(t.start >= lastStart, `in order: ${JSON.stringify(code)}`);
        lastStart = t.start;
        assert.ok(t.start >= 1 && t.end <= code.length && t.start <= t.end, JSON.stringify(code));
        assert.equal(t.text.length, t.end - t.start, JSON.stringify(code));
        assert.equal(code[t.start - 1], '`', `starts after a backtick: ${JSON.stringify(code)}`);
        if (t.closed) {
          assert.equal(code[t.end], '`', `a closed template ends at a backtick: ${JSON.stringify(code)}`);
        }
        for (const i of t.interpolations) {
          assert.match(t.text.slice(i.start, i.end), /^[ \r\n]*$/, JSON.stringify(code));
        }
      }
      // Two templates overlap only when one is nested inside the other.
      for (const a of found) {
        for (const b of found) {
          if (a !== b && a.start < b.start && b.start < a.end) {
            assert.ok(b.end <= a.end, `nested, not crossing: ${JSON.stringify(code)}`);
          }
        }
      }
    }
  });
});
