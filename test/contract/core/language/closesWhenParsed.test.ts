import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { parse, Source } from 'graphql';
import { splitDefinitions } from '../../../../src/core/language/definitionSplitter';
import { closesAt } from '../../../../src/core/language/onlineParserRuns';

const root = path.resolve(__dirname, '../../../..');
const DOCS = ['test/fixtures/parity/github.graphql', 'test/fixtures/parity/sandbox.graphql', 'test/fixtures/parity/storefront.graphql'].map((p) =>
  readFileSync(path.join(root, p), 'utf8'),
);
const PIECES = [
  '{',
  '}',
  '(',
  ')',
  '"',
  '"""',
  '#',
  '\n',
  ' ',
  ',',
  'a',
  '...',
  '@include(if: true)',
  '$x',
  ':',
  '[',
  ']',
  '!',
  '=',
  '1.5',
  '# c\n',
  'query Q { a }\n',
  'fragment F on T { a }',
  '\r\n',
];

describe('chunks graphql parses close for the online parser', () => {
  it('on random edits of real documents, every chunk (but the last) that parses ends at document level for graphql-language-service’s online parser', () => {
    let checked = 0;
    fc.assert(
      fc.property(fc.nat(DOCS.length - 1), fc.array(fc.record({ at: fc.nat(), cut: fc.nat(3), piece: fc.constantFrom(...PIECES) }), { minLength: 0, maxLength: 3 }), (d, edits) => {
        let text = DOCS[d];
        for (const e of edits) {
          const at = e.at % (text.length + 1);
          text = text.slice(0, at) + e.piece + text.slice(at + e.cut);
        }
        const { spans } = splitDefinitions(text);
        for (const span of spans.slice(0, -1)) {
          const padded = ' '.repeat(span.startCol) + text.slice(span.start, span.end);
          try {
            parse(new Source(padded));
          } catch {
            continue;
          }
          checked++;
          assert.equal(closesAt(padded, 0, 0, [padded.length])[0], true, JSON.stringify(padded.slice(-200)));
        }
      }),
      { numRuns: 1500, seed: 7 },
    );
    assert.ok(checked > 1000, `checked ${checked} chunks`);
  });
});
