/**
 * The whole text's fragments (what completion gives graphql-language-service) on random edits of a real
 * document, compared with graphql-language-service's own getFragmentDefinitions (split from
 * test/unit/core/language/documentModel.test.ts, where the cases written out stay).
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { getFragmentDefinitions } from 'graphql-language-service';
import { applyEdits, definitionsOf, parityCaseArbitrary } from '../../../unit/core/language/parity';
import { DocumentStore } from '../../../../src/core/language/documentStore';

describe('the whole text’s fragments (what completion gives graphql-language-service)', () => {
  const text = readFileSync(path.join(__dirname, '../../../fixtures/parity/sandbox.graphql'), 'utf8');
  const definitions = definitionsOf(text);

  it('are the confirmed chunks’ fragments when the text parses, also those after a chunk asked for first', function () {
    this.timeout(120_000);
    const store = new DocumentStore();
    let version = 0;
    let parsing = 0;
    fc.assert(
      fc.property(parityCaseArbitrary(), fc.nat(), (c, where) => {
        const edited = applyEdits(text, c.edits, definitions).text;
        const model = store.get({ uri: 'file:///fragments.graphql', version: ++version, text: edited });
        // Completion asks for the chunk at the cursor first, confirming the chunks up to it only.
        model.chunkAt(where % (edited.length + 1), true);
        const whole = model.wholeTextFragments;
        if (model.parses) {
          parsing++;
          const fromChunks = model.chunks.flatMap((chunk) => chunk.info.fragments);
          assert.equal(whole.length, fromChunks.length);
          whole.forEach((fragment, i) => assert.equal(fragment, fromChunks[i], `fragment ${i}: the same node`));
        }
        // Either way, the names and type conditions graphql-language-service finds in the text.
        assert.deepEqual(
          whole.map((f) => `${f.name.value} on ${f.typeCondition.name.value}`),
          getFragmentDefinitions(edited).map((f) => `${f.name.value} on ${f.typeCondition.name.value}`),
        );
      }),
      { numRuns: 400, seed: 28 },
    );
    assert.ok(parsing >= 20, `texts that parse: ${parsing}`);
  });
});
