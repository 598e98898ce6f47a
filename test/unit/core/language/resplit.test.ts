import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { resplitDefinitions, splitDefinitions } from '../../../../src/core/language/definitionSplitter';

const root = path.resolve(__dirname, '../../../..');
const BASE = [
  readFileSync(path.join(root, 'scripts/bench/github.graphql'), 'utf8'),
  'query A { a }\nfragment F on T { b }\n',
  '{ a(s: "}{") } # }\n{ b(s: """ } """) }',
  '{ a } # x\n\n\n{ b } query C { c }\r\n{ d # x\r}\r\n',
  '{ me { id ) }\n  viewer\n}\n{ a }\n',
];
/** Characters that matter to the scan, and some that do not. */
const ALPHABET = ['{', '}', '(', ')', '[', ']', '"', '"""', '#', '\n', '\r\n', '\r', ' ', ',', '\\', 'a', 'query X { y }\n', '} ', '\n\n'];

describe('re-splitting a document around an edit', () => {
  it('gives the spans and line starts of a whole split, and reuses only spans with the same text', () => {
    const edit = fc.record({ at: fc.nat(), cut: fc.nat(12), insert: fc.array(fc.constantFrom(...ALPHABET), { maxLength: 4 }) });
    fc.assert(
      fc.property(fc.nat(BASE.length - 1), fc.array(edit, { minLength: 1, maxLength: 6 }), (b, edits) => {
        let text = BASE[b];
        let split = splitDefinitions(text);
        for (const e of edits) {
          const at = e.at % (text.length + 1);
          const next = text.slice(0, at) + e.insert.join('') + text.slice(Math.min(text.length, at + e.cut));
          const whole = splitDefinitions(next);
          const re = resplitDefinitions(next, { ...split, text });
          assert.deepEqual(re.spans, whole.spans);
          assert.deepEqual(re.lineStarts, whole.lineStarts);
          re.reused.forEach((from, i) => {
            if (from !== undefined) {
              const o = split.spans[from];
              const s = re.spans[i];
              assert.equal(s.startCol, o.startCol);
              assert.equal(next.slice(s.start, s.end), text.slice(o.start, o.end));
            }
          });
          text = next;
          split = re;
        }
      }),
      { numRuns: 2000, seed: 11 },
    );
  });

  it('rescans only around the edit: a one-character edit in a long document keeps the spans before and after it', () => {
    const text = BASE[0].repeat(20);
    const split = splitDefinitions(text);
    const at = text.indexOf('nameWithOwner', Math.floor(text.length / 2));
    const next = `${text.slice(0, at)}x${text.slice(at)}`;
    const re = resplitDefinitions(next, { ...split, text });
    const fresh = re.reused.filter((r) => r === undefined).length;
    assert.equal(fresh, 1);
    assert.equal(re.spans.length, split.spans.length);
  });
});
