import * as assert from 'node:assert/strict';
import { buildSchema } from 'graphql';
import { SANDBOX_SDL } from '../../../../src/sandbox/schema';
import { printSchemaWithLocations } from '../../../../src/core/schema/sdlView';
import { matchLabel, queryWords, searchExcerpts, searchSchema } from '../../../../src/core/agentTools/schemaSearch';
import { describeType } from '../../../../src/core/agentTools/describeType';

const schema = buildSchema(SANDBOX_SDL);
const view = printSchemaWithLocations(schema);

describe('agent tools: schema search', () => {
  it('splits a query into lower-case words and camelCase parts', () => {
    assert.deepEqual(queryWords('TaskPriority, file-fields'), ['taskpriority', 'task', 'priority', 'file', 'fields']);
    assert.deepEqual(queryWords('  '), []);
  });

  const ranking: { query: string; first: string; also?: string[] }[] = [
    { query: 'TaskPriority', first: 'TaskPriority' },
    { query: 'task priority', first: 'TaskPriority', also: ['Task.priority', 'TaskFilter.priority'] },
    { query: 'File fields', first: 'File.fields' },
    { query: 'URGENT', first: 'TaskPriority.URGENT' },
    { query: 'filter', first: 'Query.tasks(filter)', also: ['TaskFilter'] },
  ];
  for (const c of ranking) {
    it(`ranks ${c.first} first for "${c.query}"`, () => {
      const labels = searchSchema(schema, c.query).map(matchLabel);
      assert.equal(labels[0], c.first, labels.slice(0, 8).join(', '));
      for (const other of c.also ?? []) {
        assert.ok(labels.includes(other), `${other} is among the matches`);
      }
    });
  }

  it('finds nothing for words the schema does not hold, and leaves introspection types out', () => {
    assert.deepEqual(searchSchema(schema, 'zebra'), []);
    assert.ok(!searchSchema(schema, 'type').some((m) => m.type.startsWith('__')));
  });

  it('shows a matched type whole and a matched member with its type header, descriptions included', () => {
    const [first] = searchExcerpts(view, searchSchema(schema, 'TaskPriority'));
    assert.match(first, /^# matches: TaskPriority/);
    assert.match(first, /^enum TaskPriority \{$/m);
    assert.match(first, /^ {2}URGENT$/m);
    const fields = searchExcerpts(view, searchSchema(schema, 'File fields'))[0];
    assert.match(fields, /^# matches: File\.fields, File/);
    assert.match(fields, /^type File implements Node \{[^]*^ {2}fields[^]*^\}$/m);
  });

  it('shows only the matched members of a type that did not match itself, saying how many were left out', () => {
    const excerpts = searchExcerpts(view, searchSchema(schema, 'dueDate'));
    const task = excerpts.find((e) => e.includes('type Task implements Node'))!;
    assert.match(task, /^# matches: Task\.dueDate, Task$/m);
    assert.match(task, /^ {2}dueDate: Date$/m);
    assert.ok(!/^ {2}name: String!$/m.test(task), 'other fields are left out');
    assert.match(task, /# … \d+ other members not shown/);
  });
});

describe('agent tools: describe type', () => {
  it('prints a type with deprecations and an interface with its implementations', () => {
    const task = describeType(schema, view, 'Task', 'Sandbox');
    assert.ok(task.found);
    assert.match(task.sdl, /done: Boolean! @deprecated\(reason: "Use status instead/);
    const node = describeType(schema, view, 'Node', 'Sandbox');
    assert.ok(node.found);
    assert.match(node.sdl, /# implemented by: .*Task/);
  });

  it('prints one member, arguments and descriptions included', () => {
    const tasks = describeType(schema, view, 'Query.tasks', 'Sandbox');
    assert.ok(tasks.found);
    assert.match(tasks.sdl, /^"""\nEntry points[^]*\ntype Query \{\n {2}"""Tasks visible[^]*filter: TaskFilter[^]*\): TaskConnection!\n {2}# … \d+ other members not shown\n\}$/);
  });

  it('answers an unknown name with the closest ones', () => {
    assert.deepEqual(describeType(schema, view, 'Tsak', 'Sandbox'), {
      found: false,
      message: 'The schema of Sandbox has no type named "Tsak". Did you mean "Task", "Team"? Search the schema with words to find a type.',
    });
    const member = describeType(schema, view, 'Task.nmae', 'Sandbox');
    assert.ok(!member.found && /Did you mean "name"/.test(member.message));
  });
});
