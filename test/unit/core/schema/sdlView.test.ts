import * as assert from 'node:assert/strict';
import { SANDBOX_SDL } from '../../../../src/sandbox/schema';
import { schemaFromSdl } from '../../../../src/core/schema/loadSchema';
import { printSchemaWithLocations } from '../../../../src/core/schema/sdlView';

describe('printSchemaWithLocations', () => {
  const { sdl, lines } = printSchemaWithLocations(schemaFromSdl(SANDBOX_SDL).schema);
  const text = sdl.split('\n');
  const cases: Array<[string, RegExp]> = [
    ['Query', /^type Query \{$/],
    ['Query.tasks', /^ {2}tasks\($/],
    ['Task', /^type Task implements Node \{$/],
    ['Task.done', /^ {2}done: Boolean! @deprecated/],
    ['File.fields', /^ {2}fields: \[FileField!\]!$/],
    ['TaskPriority', /^enum TaskPriority \{$/],
    ['TaskPriority.HIGH', /^ {2}HIGH$/],
    ['TaskFilter.priority', /^ {2}priority: TaskPriority$/],
    ['SearchResult', /^union SearchResult = /],
    ['Node.id', /^ {2}id: ID!$/],
    ['Date', /^scalar Date$/],
  ];
  for (const [key, line] of cases) {
    it(`puts ${key} on its definition line`, () => {
      const at = lines.get(key);
      assert.ok(at !== undefined, `${key} not indexed`);
      assert.match(text[at], line);
    });
  }

  it('does not index words inside descriptions', () => {
    const sdlText = 'type Query {\n  """\n  notAField: the description talks\n  """\n  real: Int\n}';
    const view = printSchemaWithLocations(schemaFromSdl(sdlText).schema);
    assert.equal(view.lines.has('Query.notAField'), false);
    assert.equal(view.sdl.split('\n')[view.lines.get('Query.real') ?? -1], '  real: Int');
  });
});
