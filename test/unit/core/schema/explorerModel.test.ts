import * as assert from 'node:assert/strict';
import { buildSchema } from 'graphql';
import { argsOf, asExplorerNode, fieldsOf, kindWord, sdlKeyOf, type ExplorerNode } from '../../../../src/core/schema/explorerModel';

const SCHEMA = buildSchema(`
  interface Node { id: ID! }
  type Task implements Node { id: ID! title(upper: Boolean): String }
  input TaskFilter { done: Boolean }
  enum Priority { LOW HIGH }
  union Result = Task
  scalar Date
  type Query { tasks(filter: TaskFilter, first: Int): [Task] }
`);

describe('core/schema/explorerModel', () => {
  describe('sdlKeyOf: where a node sits in the SDL view', () => {
    const cases: [ExplorerNode, string][] = [
      [{ kind: 'type', typeName: 'Task' }, 'Task'],
      [{ kind: 'field', typeName: 'Query', fieldName: 'tasks' }, 'Query.tasks'],
      [{ kind: 'argument', typeName: 'Query', fieldName: 'tasks', argName: 'first' }, 'Query.tasks'],
      [{ kind: 'enumValue', typeName: 'Priority', valueName: 'HIGH' }, 'Priority.HIGH'],
    ];
    for (const [node, key] of cases) {
      it(`${node.kind} -> ${key}`, () => assert.equal(sdlKeyOf(node), key));
    }
  });

  describe('asExplorerNode: reads untrusted command arguments', () => {
    const cases: [string, unknown, ExplorerNode | undefined][] = [
      ['a type (extra properties dropped)', { kind: 'type', typeName: 'Task', root: 'query', x: 1 }, { kind: 'type', typeName: 'Task' }],
      ['a field', { kind: 'field', typeName: 'Query', fieldName: 'tasks' }, { kind: 'field', typeName: 'Query', fieldName: 'tasks' }],
      ['an argument', { kind: 'argument', typeName: 'Q', fieldName: 'f', argName: 'a' }, { kind: 'argument', typeName: 'Q', fieldName: 'f', argName: 'a' }],
      ['an enum value', { kind: 'enumValue', typeName: 'P', valueName: 'LOW' }, { kind: 'enumValue', typeName: 'P', valueName: 'LOW' }],
      ['a field without its name', { kind: 'field', typeName: 'Query' }, undefined],
      ['an empty name', { kind: 'type', typeName: '' }, undefined],
      ['an unknown kind', { kind: 'directive', typeName: 'x' }, undefined],
      ['not an object', 'Task', undefined],
      ['null', null, undefined],
    ];
    for (const [what, value, expected] of cases) {
      it(what, () => assert.deepEqual(asExplorerNode(value), expected));
    }
  });

  it('lists fields of object, interface and input types, and none for the others', () => {
    assert.deepEqual(
      fieldsOf(SCHEMA.getType('Task')).map((f) => f.name),
      ['id', 'title'],
    );
    assert.deepEqual(
      fieldsOf(SCHEMA.getType('Node')).map((f) => f.name),
      ['id'],
    );
    assert.deepEqual(
      fieldsOf(SCHEMA.getType('TaskFilter')).map((f) => f.name),
      ['done'],
    );
    assert.deepEqual(fieldsOf(SCHEMA.getType('Priority')), []);
    assert.deepEqual(fieldsOf(undefined), []);
  });

  it('lists the arguments of a field; input fields have none', () => {
    const tasks = fieldsOf(SCHEMA.getQueryType()).find((f) => f.name === 'tasks');
    assert.deepEqual(
      argsOf(tasks).map((a) => a.name),
      ['filter', 'first'],
    );
    assert.deepEqual(argsOf(fieldsOf(SCHEMA.getType('TaskFilter'))[0]), []);
  });

  it('names each kind of type with its SDL keyword', () => {
    const words = ['Task', 'Node', 'TaskFilter', 'Priority', 'Result', 'Date'].map((n) => kindWord(SCHEMA.getType(n)!));
    assert.deepEqual(words, ['type', 'interface', 'input', 'enum', 'union', 'scalar']);
  });
});
