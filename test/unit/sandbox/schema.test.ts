import * as assert from 'node:assert/strict';
import {
  buildSchema,
  getNamedType,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLInterfaceType,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLUnionType,
  isIntrospectionType,
  isSpecifiedScalarType,
  parse,
  print,
  getOperationAST,
} from 'graphql';
import { SANDBOX_SDL } from '../../../src/sandbox/schema';
import { createSandboxSchema } from '../../../src/sandbox/resolvers';
import { requiredScopes } from '../../../src/sandbox/scopes';
import { demoTenant } from '../../../src/sandbox/demoTenant';

describe('sandbox schema', () => {
  const schema = buildSchema(SANDBOX_SDL);

  it("has the spec's tasks query with a priority filter returning a connection", () => {
    const tasks = schema.getQueryType()?.getFields().tasks;
    assert.ok(tasks);
    assert.equal(String(tasks.type), 'TaskConnection!');
    assert.deepEqual(
      tasks.args.map((a) => `${a.name}: ${String(a.type)}`),
      ['filter: TaskFilter', 'first: Int', 'after: String'],
    );
    // graphql 17 keeps an SDL's default as its literal.
    const first = tasks.args[1].default;
    assert.equal(first?.literal ? print(first.literal) : undefined, '20');
    const filter = schema.getType('TaskFilter') as GraphQLInputObjectType;
    assert.equal(String(filter.getFields().priority.type), 'TaskPriority');
    assert.deepEqual(
      (schema.getType('TaskPriority') as GraphQLEnumType).getValues().map((v) => v.name),
      ['LOW', 'MEDIUM', 'HIGH', 'URGENT'],
    );
    const task = schema.getType('Task') as GraphQLObjectType;
    assert.equal(String(task.getFields().id.type), 'ID!');
    assert.equal(String(task.getFields().name.type), 'String!');
    assert.equal(String(task.getFields().priority.type), 'TaskPriority!');
    const edge = schema.getType('TaskEdge') as GraphQLObjectType;
    assert.equal(String(edge.getFields().node.type), 'Task!');
    assert.ok((schema.getType('TaskConnection') as GraphQLObjectType).getFields().pageInfo);
  });

  it('has File.fields, an interface, a union, an input type, deprecated fields and mutations', () => {
    const file = schema.getType('File') as GraphQLObjectType;
    assert.equal(String(file.getFields().fields.type), '[FileField!]!');
    assert.ok(schema.getType('Node') instanceof GraphQLInterfaceType);
    assert.deepEqual(
      (schema.getType('SearchResult') as GraphQLUnionType).getTypes().map((t) => t.name),
      ['Task', 'File', 'User'],
    );
    assert.ok(schema.getType('CreateTaskInput') instanceof GraphQLInputObjectType);
    assert.match((schema.getType('Task') as GraphQLObjectType).getFields().done.deprecationReason ?? '', /status/);
    const mutation = schema.getMutationType()?.getFields() ?? {};
    assert.equal(String(mutation.createTask.args[0].type), 'CreateTaskInput!');
    assert.ok(mutation.createTask.args[0].type instanceof GraphQLNonNull);
    assert.ok(mutation.updateTaskPriority);
  });

  it('describes every type, field, argument and enum value', () => {
    const missing: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (isIntrospectionType(type) || isSpecifiedScalarType(type)) {
        continue;
      }
      if (!type.description) {
        missing.push(type.name);
      }
      if (type instanceof GraphQLObjectType || type instanceof GraphQLInterfaceType || type instanceof GraphQLInputObjectType) {
        for (const field of Object.values(type.getFields())) {
          if (!field.description) {
            missing.push(`${type.name}.${field.name}`);
          }
          for (const arg of 'args' in field ? field.args : []) {
            if (!arg.description) {
              missing.push(`${type.name}.${field.name}(${arg.name})`);
            }
          }
        }
      }
      if (type instanceof GraphQLEnumType) {
        for (const v of type.getValues()) {
          if (!v.description) {
            missing.push(`${type.name}.${v.name}`);
          }
        }
      }
    }
    assert.deepEqual(missing, []);
  });

  it('every object type field has data behind it (executable schema builds)', () => {
    const executable = createSandboxSchema();
    assert.ok(executable.getType('Task'));
  });

  it('every scope rule names an existing field or type', () => {
    const rules = demoTenant().scopeRules;
    for (const coordinate of Object.keys(rules.fields)) {
      const [typeName, fieldName] = coordinate.split('.');
      const type = schema.getType(typeName) as GraphQLObjectType | undefined;
      assert.ok(type?.getFields()[fieldName], coordinate);
    }
    for (const typeName of Object.keys(rules.types)) {
      assert.ok(schema.getType(typeName), typeName);
    }
  });

  describe('requiredScopes', () => {
    const rules = demoTenant().scopeRules;
    const cases: Array<[string, string[]]> = [
      ['{ tasks { totalCount } }', ['tasks:read']],
      ['{ tasks { edges { node { assignees { name } } } } }', ['tasks:read', 'users:read']],
      ['{ file(id: "f") { fields { name } } }', ['files:read']],
      ['{ me { id } }', ['users:read']],
      ['mutation { createTask(input: { name: "x" }) { task { id } } }', ['tasks:read', 'tasks:write']],
      ['{ __schema { types { name } } }', []],
      ['{ viewer { kind } }', []],
      ['{ node(id: "x") { id } }', []],
      ['{ node(id: "x") { ... on Task { name } } }', ['tasks:read']],
      ['{ search(text: "a") { ...F } } fragment F on File { name }', ['files:read']],
      ['query A { me { id } } query B { tasks { totalCount } }', ['users:read']],
    ];
    for (const [query, expected] of cases) {
      it(query, () => {
        const doc = parse(query);
        const op = getOperationAST(doc, query.startsWith('query A') ? 'A' : undefined);
        assert.ok(op);
        assert.deepEqual([...requiredScopes(schema, doc, op, rules)].sort(), expected);
      });
    }
  });

  it('named types referenced by the spec example resolve', () => {
    const tasks = schema.getQueryType()?.getFields().tasks;
    assert.equal(getNamedType(tasks?.type)?.name, 'TaskConnection');
  });
});
