import * as assert from 'node:assert/strict';
import { applyEdits } from 'jsonc-parser';
import { SANDBOX_SDL } from '../../../../src/sandbox/schema';
import { schemaFromSdl } from '../../../../src/core/schema/loadSchema';
import { ReferenceIndex, type SchemaOf } from '../../../../src/core/language/referenceIndex';
import { planRename, prepareRename, RenameRefusedError, sidecarKeyEdit, type TextReplacement } from '../../../../src/core/language/renameEdits';
import type { Position } from '../../../../src/core/language/types';

const { schema } = schemaFromSdl(SANDBOX_SDL);
const schemaOf: SchemaOf = () => schema;

const FILES: Record<string, string> = {
  'file:///ws/fragments.graphql': 'fragment TaskFields on Task {\n  id\n  ...More\n}\nfragment More on Task { name }\n',
  'file:///ws/list.graphql': 'query Urgent($first: Int) {\n  tasks(first: $first) { edges { node { ...TaskFields } } }\n  again: tasks(first: $first) { totalCount }\n}\n',
  'file:///ws/other.graphql': '{ task(id: "1") { ...TaskFields } }\nfragment Uses on Task { id ...TaskFields }\n',
};

function indexOf(): ReferenceIndex {
  const index = new ReferenceIndex();
  index.syncFiles(Object.entries(FILES).map(([uri, text]) => ({ uri, text })));
  return index;
}

function pos(uri: string, needle: string, at = 1): Position {
  const text = FILES[uri];
  const offset = text.indexOf(needle);
  assert.ok(offset >= 0, `${needle} in ${uri}`);
  const before = text.slice(0, offset + at).split('\n');
  return { line: before.length - 1, character: before[before.length - 1].length };
}

/** Applies replacements to the files' texts (per file, from the end). */
function apply(edits: readonly TextReplacement[]): Record<string, string> {
  const out = { ...FILES };
  for (const uri of Object.keys(out)) {
    const mine = edits.filter((e) => e.uri === uri).sort((a, b) => b.range.start.line - a.range.start.line || b.range.start.character - a.range.start.character);
    const lines = out[uri].split('\n');
    for (const e of mine) {
      assert.equal(e.range.start.line, e.range.end.line);
      const line = lines[e.range.start.line];
      lines[e.range.start.line] = line.slice(0, e.range.start.character) + e.newText + line.slice(e.range.end.character);
    }
    out[uri] = lines.join('\n');
  }
  return out;
}

describe('Rename edits', () => {
  it('renames a fragment at its definition and every spread, across files', () => {
    const plan = planRename(indexOf(), 'file:///ws/other.graphql', pos('file:///ws/other.graphql', '...TaskFields', 6), 'TaskCard', schemaOf);
    const after = apply(plan.edits);
    assert.equal(plan.sidecar, undefined);
    assert.match(after['file:///ws/fragments.graphql'], /^fragment TaskCard on Task \{/);
    assert.match(after['file:///ws/list.graphql'], /node \{ \.\.\.TaskCard \}/);
    assert.equal(after['file:///ws/other.graphql'], '{ task(id: "1") { ...TaskCard } }\nfragment Uses on Task { id ...TaskCard }\n');
    assert.ok(!Object.values(after).join('').includes('TaskFields'));
  });

  it('renames an operation and names its sidecar key', () => {
    const plan = planRename(indexOf(), 'file:///ws/list.graphql', pos('file:///ws/list.graphql', 'Urgent'), 'UrgentTasks', schemaOf);
    assert.deepEqual(plan.sidecar, { documentUri: 'file:///ws/list.graphql', path: ['Urgent'], newKey: 'UrgentTasks' });
    assert.match(apply(plan.edits)['file:///ws/list.graphql'], /^query UrgentTasks\(\$first: Int\)/);
  });

  it('renames a variable: its definition, every use in the operation, and its sidecar key', () => {
    const plan = planRename(indexOf(), 'file:///ws/list.graphql', pos('file:///ws/list.graphql', '$first)', 2), 'pageSize', schemaOf);
    assert.equal(plan.edits.length, 3);
    assert.equal(
      apply(plan.edits)['file:///ws/list.graphql'],
      'query Urgent($pageSize: Int) {\n  tasks(first: $pageSize) { edges { node { ...TaskFields } } }\n  again: tasks(first: $pageSize) { totalCount }\n}\n',
    );
    assert.deepEqual(plan.sidecar, { documentUri: 'file:///ws/list.graphql', path: ['Urgent', 'first'], newKey: 'pageSize' });
  });

  const refusals: Array<{ name: string; uri: string; needle: string; at?: number; newName?: string; message: RegExp }> = [
    { name: 'a field of the schema', uri: 'file:///ws/list.graphql', needle: 'tasks(', message: /"Query\.tasks" is a name from the schema/ },
    { name: 'an argument of the schema', uri: 'file:///ws/list.graphql', needle: '(first:', at: 2, message: /"Query\.tasks\(first:\)" is a name from the schema/ },
    { name: 'a type', uri: 'file:///ws/fragments.graphql', needle: 'on Task', at: 4, message: /"Task" is a name from the schema/ },
    { name: 'an alias (nothing to rename)', uri: 'file:///ws/list.graphql', needle: 'again', message: /there is none here/ },
    { name: 'a keyword', uri: 'file:///ws/list.graphql', needle: 'query', message: /there is none here/ },
    { name: 'an invalid new name', uri: 'file:///ws/list.graphql', needle: 'Urgent', newName: '1st', message: /is not a GraphQL name/ },
    { name: 'a fragment name taken', uri: 'file:///ws/fragments.graphql', needle: 'TaskFields', newName: 'More', message: /fragment named More exists already/ },
    { name: 'a fragment named on', uri: 'file:///ws/fragments.graphql', needle: 'TaskFields', newName: 'on', message: /cannot be named "on"/ },
  ];
  for (const c of refusals) {
    it(`refuses ${c.name} with a reason`, () => {
      const index = indexOf();
      const position = pos(c.uri, c.needle, c.at ?? 1);
      const run = () => (c.newName ? planRename(index, c.uri, position, c.newName, schemaOf) : prepareRename(index, c.uri, position, schemaOf));
      assert.throws(run, (err: unknown) => err instanceof RenameRefusedError && c.message.test(err.message));
    });
  }

  describe('the variables file', () => {
    const SIDECAR = ['{', '  // Urgent tasks first', '  "Urgent": {', '    "first": 5,   "after": null', '  },', '', '  "Other":{"first":1}', '}', ''].join('\n');

    it('renames an operation key and keeps every other character', () => {
      const edit = sidecarKeyEdit(SIDECAR, ['Urgent'], 'UrgentTasks');
      assert.ok(edit);
      assert.equal(applyEdits(SIDECAR, [edit]), SIDECAR.replace('"Urgent"', '"UrgentTasks"'));
    });

    it("renames a variable key inside its operation's object only", () => {
      const edit = sidecarKeyEdit(SIDECAR, ['Urgent', 'first'], 'pageSize');
      assert.ok(edit);
      assert.equal(applyEdits(SIDECAR, [edit]), SIDECAR.replace('"first": 5', '"pageSize": 5'));
    });

    it('leaves a file without the key, or that is no JSON object, alone', () => {
      assert.equal(sidecarKeyEdit(SIDECAR, ['Missing'], 'X'), undefined);
      assert.equal(sidecarKeyEdit(SIDECAR, ['Urgent', 'missing'], 'x'), undefined);
      assert.equal(sidecarKeyEdit('[1, 2]', ['Urgent'], 'X'), undefined);
      assert.equal(sidecarKeyEdit('{ "Urgent": ', ['Urgent'], 'X'), undefined);
    });

    it('refuses a key that exists already next to it', () => {
      assert.throws(() => sidecarKeyEdit(SIDECAR, ['Urgent'], 'Other'), /has an entry "Other" already/);
      assert.throws(() => sidecarKeyEdit(SIDECAR, ['Urgent', 'first'], 'after'), /has an entry "after" already/);
    });
  });
});
