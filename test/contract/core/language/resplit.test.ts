import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { resplitDefinitions, splitDefinitions } from '../../../../src/core/language/definitionSplitter';
import { DocumentStore } from '../../../../src/core/language/documentStore';
import type { DocumentModel } from '../../../../src/core/language/documentModel';

const root = path.resolve(__dirname, '../../../..');
const BASE = [
  readFileSync(path.join(root, 'test/fixtures/parity/github.graphql'), 'utf8'),
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

  it('a version built on the previous one (chunks confirmed before the edit carried over) has the chunks of a fresh model', () => {
    const edit = fc.record({
      at: fc.nat(),
      cut: fc.nat(12),
      insert: fc.array(fc.constantFrom(...ALPHABET), { maxLength: 4 }),
      probe: fc.nat(),
      whole: fc.boolean(),
    });
    const shape = (model: DocumentModel) =>
      model.chunks.map((c) => ({ start: c.start, end: c.end, startLine: c.startLine, startCol: c.startCol, lineCount: c.lineCount, text: c.info.text, closes: c.info.closes }));
    fc.assert(
      fc.property(fc.nat(BASE.length - 1), fc.array(edit, { minLength: 1, maxLength: 6 }), (b, edits) => {
        const store = new DocumentStore();
        let text = BASE[b];
        let version = 1;
        store.get({ uri: 'u', version, text });
        for (const e of edits) {
          const at = e.at % (text.length + 1);
          const end = Math.min(text.length, at + e.cut);
          text = text.slice(0, at) + e.insert.join('') + text.slice(end);
          const model = store.get({ uri: 'u', version: ++version, text });
          // As the providers use it: completion confirms up to the cursor, diagnostics all of them.
          const probe = e.probe % (text.length + 1);
          const fresh = new DocumentStore().get({ uri: 'u', version: 1, text });
          assert.deepEqual(
            { start: model.chunkAt(probe, true).start, end: model.chunkAt(probe, true).end },
            { start: fresh.chunkAt(probe, true).start, end: fresh.chunkAt(probe, true).end },
          );
          if (e.whole) {
            assert.deepEqual(shape(model), shape(fresh));
            // Every chunk is found again from a node of its parse, and no two share a parse.
            assert.equal(new Set(model.chunks.map((c) => c.info)).size, model.chunks.length);
            for (const chunk of model.chunks) {
              const node = chunk.info.ast?.definitions[0];
              if (node) {
                assert.equal(model.chunkOf(node), chunk);
              }
            }
          }
        }
      }),
      { numRuns: 1000, seed: 27 },
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
