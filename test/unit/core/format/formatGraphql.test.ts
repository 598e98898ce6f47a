import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parse, print } from 'graphql';
import { formatDocument, formatRange, type FormatEdit } from '../../../../src/core/format/formatGraphql';

const root = path.resolve(__dirname, '../../../..');
const SPACES = { tabSize: 2, insertSpaces: true };
const apply = (text: string, edits: readonly FormatEdit[]) => [...edits].sort((a, b) => b.start - a.start).reduce((t, e) => t.slice(0, e.start) + e.text + t.slice(e.end), text);

const MESSY = `# Tasks of the board
query   Board($first:Int=10){tasks(first:$first){ # the page
  id   name
  ...TaskCard}}
fragment TaskCard on Task{status # shown as a chip
 owner{name}}
`;

describe('formatting GraphQL documents', () => {
  it('formats a messy document, keeping every comment, into the same operations', async () => {
    const out = apply(MESSY, await formatDocument(MESSY, SPACES));
    for (const comment of ['# Tasks of the board', '# the page', '# shown as a chip']) {
      assert.ok(out.includes(comment), `${comment} kept`);
    }
    assert.equal(print(parse(out)), print(parse(MESSY)));
    assert.match(out, /^query Board\(\$first: Int = 10\) \{\n {2}tasks\(first: \$first\) \{/m);
  });

  it('is idempotent: a formatted document gets no edits', async () => {
    const once = apply(MESSY, await formatDocument(MESSY, SPACES));
    assert.deepEqual(await formatDocument(once, SPACES), []);
    for (const fixture of ['test/fixtures/parity/github.graphql', 'test/fixtures/parity/sandbox.graphql', 'test/fixtures/parity/storefront.graphql']) {
      const text = readFileSync(path.join(root, fixture), 'utf8');
      const formatted = apply(text, await formatDocument(text, SPACES));
      assert.deepEqual(await formatDocument(formatted, SPACES), [], fixture);
      assert.equal(print(parse(formatted)), print(parse(text)), fixture);
    }
  });

  it("follows the editor's indentation: tabs, or a tab size", async () => {
    const tabs = apply(MESSY, await formatDocument(MESSY, { tabSize: 4, insertSpaces: false }));
    assert.match(tabs, /\n\ttasks\(first: \$first\) \{/);
    const four = apply(MESSY, await formatDocument(MESSY, { tabSize: 4, insertSpaces: true }));
    assert.match(four, /\n {4}tasks\(first: \$first\) \{/);
  });

  it('leaves a document that does not parse alone (its syntax error is a diagnostic already)', async () => {
    assert.deepEqual(await formatDocument('query { tasks { id ', SPACES), []);
    assert.deepEqual(await formatDocument('', SPACES), []);
  });

  it('formats only the definitions a range touches', async () => {
    const text = 'query A{a}\n\nquery   B{b{c}}\n\nquery C{c}\n';
    const at = text.indexOf('B');
    const out = apply(text, await formatRange(text, at, at + 1, SPACES));
    assert.equal(out, 'query A{a}\n\nquery B {\n  b {\n    c\n  }\n}\n\nquery C{c}\n');
  });

  it('gives the smallest edit: a document formatted but for one line changes only there', async () => {
    const text = 'query A {\n  a\n}\n\nquery B {\n  b   \n}\n';
    const edits = await formatDocument(text, SPACES);
    assert.equal(edits.length, 1);
    assert.ok(edits[0].start > text.indexOf('query B'), 'the edit starts in B');
    assert.equal(apply(text, edits), 'query A {\n  a\n}\n\nquery B {\n  b\n}\n');
  });
});
