import * as assert from 'node:assert/strict';
import { DocumentStore } from '../../../../src/core/language/documentStore';
import { splitDefinitions } from '../../../../src/core/language/definitionSplitter';

describe('splitting a document into definitions', () => {
  const cases: Array<[string, string, string[]]> = [
    ['one per definition', 'query A { a }\nfragment F on T { b }\n', ['query A { a }\n', 'fragment F on T { b }\n']],
    ['braces in strings and comments do not count', '{ a(s: "}{") } # }\n{ b(s: """ } """) }', ['{ a(s: "}{") } # }\n', '{ b(s: """ } """) }']],
    ['object values in variable defaults stay inside', 'query A($f: In = { x: 1 }) { a }\n{ b }', ['query A($f: In = { x: 1 }) { a }\n', '{ b }']],
    ['an unclosed definition runs to the end', '{ a {\n  b\n{ c }\n', ['{ a {\n  b\n{ c }\n']],
    ['an incomplete last definition is its own chunk', '{ a }\nquery B', ['{ a }\n', 'query B']],
    ['whitespace only is one chunk', '  \n', ['  \n']],
    ['escaped quotes in strings', '{ a(s: "\\"}") }{ b }', ['{ a(s: "\\"}") }', '{ b }']],
    ['empty lines after a definition stay with it', '{ a } # x\n\n\n{ b }', ['{ a } # x\n\n\n', '{ b }']],
    ['a comment ends at a carriage return, as in graphql', '{ a # x\r}\r\n{ b }', ['{ a # x\r}\r\n', '{ b }']],
  ];
  for (const [name, text, chunks] of cases) {
    it(name, () => {
      const { spans } = splitDefinitions(text);
      assert.deepEqual(
        spans.map((s) => text.slice(s.start, s.end)),
        chunks,
      );
      assert.equal(spans[spans.length - 1].end, text.length);
    });
  }

  // Where brackets and the online parser of graphql-language-service disagree, the chunk runs on
  // to where the online parser is back at document level (as it is on the whole text).
  const verified: Array<[string, string, string[]]> = [
    ['a stray ) inside a selection set', '{ me { id ) }\n  viewer\n}\n{ a }\n', ['{ me { id ) }\n  viewer\n}\n', '{ a }\n']],
    ['a stray ] inside a selection set', '{ shop { name ] } }\n{ a }', ['{ shop { name ] } }\n', '{ a }']],
    ['a } swallowed by an unknown character', '{ a ~}\n{ b }\n', ['{ a ~}\n{ b }\n']],
    ['unknown characters between definitions', '{ a } ~}x { b }', ['{ a }', ' ~}x { b }']],
    ['a ) that closes arguments through an object value', '{ a(x: { y: 1 ) { b } }\n{ c }', ['{ a(x: { y: 1 ) { b } }\n', '{ c }']],
    ['valid definitions', 'query A { a }\nfragment F on T { b }\n', ['query A { a }\n', 'fragment F on T { b }\n']],
  ];
  for (const [name, text, chunks] of verified) {
    it(`splits where the online parser agrees: ${name}`, () => {
      const model = new DocumentStore().get({ uri: 'u', version: 1, text });
      assert.deepEqual(
        model.chunks.map((c) => text.slice(c.start, c.end)),
        chunks,
      );
    });
  }

  it('pads a chunk to its column and keeps line numbers', () => {
    const store = new DocumentStore();
    const model = store.get({ uri: 'u', version: 1, text: '{ a } { b\n  c }' });
    assert.deepEqual(
      model.chunks.map((c) => [c.startLine, c.startCol, c.info.text]),
      [
        [0, 0, '{ a }'],
        [0, 5, '      { b\n  c }'],
      ],
    );
  });

  it('re-parses only the definitions an edit touched', () => {
    const store = new DocumentStore();
    const v1 = store.get({ uri: 'u', version: 1, text: '{ a }\n{ b }\n{ c }' });
    const v2 = store.get({ uri: 'u', version: 2, text: '{ a }\n{ bb }\n{ c }' });
    assert.equal(v2.chunks[0].info, v1.chunks[0].info);
    assert.notEqual(v2.chunks[1].info, v1.chunks[1].info);
    assert.equal(v2.chunks[2].info, v1.chunks[2].info);
    assert.equal(store.get({ uri: 'u', version: 2, text: '{ a }\n{ bb }\n{ c }' }), v2);
  });

  const modes: Array<[string, string, string]> = [
    ['file:///a.graphql', '{ a }', 'EXECUTABLE'],
    ['file:///a.graphql', 'type T { a: Int }', 'TYPE_SYSTEM'],
    ['file:///a.graphql', '{ a', 'UNKNOWN'],
    ['file:///a.graphqls', '{ a }', 'TYPE_SYSTEM'],
  ];
  for (const [uri, text, mode] of modes) {
    it(`mode of ${JSON.stringify(text)} in ${uri} is ${mode}`, () => {
      assert.equal(new DocumentStore().get({ uri, version: 1, text }).mode, mode);
    });
  }
});

describe('the whole text’s fragments (what completion gives graphql-language-service)', () => {
  it('a fragment after the cursor’s definition is found without confirming its chunk', () => {
    const model = new DocumentStore().get({ uri: 'file:///after.graphql', version: 1, text: 'query Q { a { ...Later } }\n\nfragment Later on T { b }\n' });
    model.chunkAt(12, true);
    assert.deepEqual(
      model.wholeTextFragments.map((f) => f.name.value),
      ['Later'],
    );
  });
});
