import * as assert from 'node:assert/strict';
import { toggleBuilderPath } from '../../../../src/core/builder/builderEdits';
import { composeEdits, formatBuilderChange } from '../../../../src/core/builder/builderFormat';
import { formatText } from '../../../../src/core/format/formatGraphql';
import { applyBuilderEdits, SCHEMA, steps } from './builderFixture';

/** Ticks (or unticks) the paths one after the other, each change formatted as the editor applies it. */
async function ticks(text: string, ...paths: [boolean, string[]][]): Promise<string> {
  for (const [checked, names] of paths) {
    const change = await formatBuilderChange(text, toggleBuilderPath({ text, offset: 0, schema: SCHEMA, path: { root: 'query', steps: steps(...names) }, checked }));
    text = applyBuilderEdits(text, change.edits);
  }
  return text;
}

const LONG: [boolean, string[]][] = [
  [true, ['tasks', '(filter)', '.status', '=DONE']],
  [true, ['tasks', '(filter)', '.owner']],
  [true, ['tasks', '(first)']],
  [true, ['tasks', '(filter)', '.due', '.to']],
];

describe('core/builder/builderFormat: the heads a change touches are laid out as the formatter lays them out', () => {
  it('a field line too long with its arguments breaks one argument a line, as Format Document would write it', async () => {
    const text = await ticks('query Q {\n  tasks {\n    totalCount\n  }\n}\n', ...LONG);
    assert.equal(
      text,
      [
        'query Q($owner: ID, $first: Int, $from: String!, $to: String) {',
        '  tasks(',
        '    filter: { status: DONE, owner: $owner, due: { from: $from, to: $to } }',
        '    first: $first',
        '  ) {',
        '    totalCount',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    assert.equal(await formatText(text, { tabSize: 2, insertSpaces: true }), text);
    // Unticking what made it long joins it again.
    const back = await ticks(text, [false, ['tasks', '(filter)', '.due']]);
    assert.equal(back, 'query Q($owner: ID, $first: Int) {\n  tasks(filter: { status: DONE, owner: $owner }, first: $first) {\n    totalCount\n  }\n}\n');
  });

  it('a long variable list breaks one declaration a line; the next one goes on its own line', async () => {
    let text = await ticks('query Q {\n  me {\n    id\n  }\n}\n', ...LONG);
    text = await ticks(text, [true, ['task', 'name']], [true, ['node', 'id']], [true, ['search', '...Task', 'name']]);
    assert.match(text, /^query Q\(\n {2}\$owner: ID\n {2}\$first: Int\n {2}\$from: String!\n {2}\$to: String\n {2}\$id: ID!\n {2}\$id2: ID!\n {2}\$text: String!\n\) \{\n/);
    assert.equal(await formatText(text, { tabSize: 2, insertSpaces: true }), text);
  });

  it('keeps the person’s layout elsewhere, and a head with a comment in it as it is', async () => {
    const text = 'query Q {\n  me { id   login }\n  tasks(\n    # a few\n    first: 1\n  ) {\n      totalCount\n  }\n}\n';
    const out = await ticks(text, [true, ['tasks', '(status)', '=DONE']], [true, ['task', 'id']]);
    assert.equal(
      out,
      'query Q($id: ID!) {\n  me { id   login }\n  tasks(\n    # a few\n    first: 1, status: DONE\n  ) {\n      totalCount\n  }\n  task(id: $id) {\n    id\n  }\n}\n',
    );
  });

  it('deeper fields measure their line from their indentation; tabs and CRLF are kept', async () => {
    const deep = await ticks('query Q {\n  me {\n    tasks {\n      totalCount\n    }\n  }\n}\n', [true, ['me', 'tasks', '(first)']]);
    assert.equal(deep, 'query Q($first: Int) {\n  me {\n    tasks(first: $first) {\n      totalCount\n    }\n  }\n}\n');
    const tabbed = await ticks('query Q {\r\n\ttasks {\r\n\t\ttotalCount\r\n\t}\r\n}\r\n', ...LONG);
    assert.equal(
      tabbed,
      'query Q($owner: ID, $first: Int, $from: String!, $to: String) {\r\n\ttasks(\r\n\t\tfilter: { status: DONE, owner: $owner, due: { from: $from, to: $to } }\r\n\t\tfirst: $first\r\n\t) {\r\n\t\ttotalCount\r\n\t}\r\n}\r\n',
    );
  });

  it('composeEdits gives edits of the first text that do both changes, none overlapping', () => {
    const text = 'abcdefghij';
    const first = [
      { start: 1, end: 2, text: 'BB' },
      { start: 5, end: 7, text: '' },
    ];
    const mid = applyBuilderEdits(text, first); // aBBcdehij
    assert.equal(mid, 'aBBcdehij');
    const second = [
      { start: 2, end: 4, text: 'x' },
      { start: 8, end: 9, text: 'J' },
    ];
    const composed = composeEdits(text, first, second);
    assert.equal(applyBuilderEdits(text, composed), applyBuilderEdits(mid, second));
    for (let i = 1; i < composed.length; i++) {
      assert.ok(composed[i - 1].end <= composed[i].start);
    }
  });
});
