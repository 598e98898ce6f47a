import * as assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { graphqlSync, introspectionFromSchema, isEnumType, isObjectType, parse, validate } from 'graphql';
import { SANDBOX_SDL } from '../../../../src/sandbox/schema';
import { INTROSPECTION_QUERY, SchemaLoadError, schemaFromFile, schemaFromIntrospection, schemaFromSdl } from '../../../../src/core/schema/loadSchema';

const fixtures = path.join(__dirname, '../../../fixtures/schemas');
const githubDir = path.join(__dirname, '../../../../node_modules/@octokit/graphql-schema');

describe('schema loading', () => {
  it('asks for descriptions, deprecations of arguments and input fields, repeatable directives', () => {
    for (const part of [
      'description',
      'isDeprecated',
      'deprecationReason',
      'isRepeatable',
      'specifiedByURL',
      'inputFields(includeDeprecated: true)',
      'args(includeDeprecated: true)',
    ]) {
      assert.ok(INTROSPECTION_QUERY.includes(part), part);
    }
    assert.equal(validate(schemaFromSdl(SANDBOX_SDL).schema, parse(INTROSPECTION_QUERY)).length, 0);
  });

  describe('schemaFromIntrospection', () => {
    const sandbox = schemaFromSdl(SANDBOX_SDL).schema;
    const payload = introspectionFromSchema(sandbox);
    const accepted: Array<[string, unknown]> = [
      ['a GraphQL response { data: { __schema } }', { data: payload }],
      ['the payload { __schema }', payload],
      ['JSON text', JSON.stringify({ data: payload })],
      ['the result of running INTROSPECTION_QUERY', graphqlSync({ schema: sandbox, source: INTROSPECTION_QUERY })],
    ];
    for (const [name, input] of accepted) {
      it(`accepts ${name}`, async () => {
        const { schema, warnings } = await schemaFromIntrospection(input);
        assert.deepEqual(warnings, []);
        const task = schema.getType('Task');
        assert.ok(isObjectType(task));
        assert.equal(task.getFields().done.deprecationReason, 'Use status instead: a task is done when status is DONE.');
      });
    }
    const rejected: Array<[string, unknown, RegExp]> = [
      ['not JSON', '{"data": ', /not valid JSON/],
      ['an error response', { errors: [{ message: 'introspection disabled' }] }, /introspection query failed: introspection disabled/],
      ['no __schema', { data: {} }, /no __schema/],
      ['a broken __schema', { __schema: { queryType: { name: 'Query' }, types: [] } }, /cannot be turned into a schema/],
    ];
    for (const [name, input, message] of rejected) {
      it(`rejects ${name} with a reason`, async () => {
        await assert.rejects(
          () => schemaFromIntrospection(input),
          (err: Error) => err instanceof SchemaLoadError && message.test(err.message),
        );
      });
    }
  });

  describe('schemaFromSdl', () => {
    it('loads the Sandbox SDL without warnings', () => {
      const { schema, warnings } = schemaFromSdl(SANDBOX_SDL);
      assert.deepEqual(warnings, []);
      assert.ok(schema.getQueryType()?.getFields().tasks);
    });

    it('drops duplicate fields and enum values, keeping the first, with a warning each', () => {
      const { schema, warnings } = schemaFromSdl(readFileSync(path.join(fixtures, 'duplicates.graphql'), 'utf8'));
      assert.deepEqual(warnings, [
        'Field "Query.tasks" is defined more than once; the first definition is used.',
        'Enum value "TaskPriority.HIGH" is defined more than once; the first definition is used.',
      ]);
      const tasks = schema.getQueryType()?.getFields().tasks;
      assert.equal(String(tasks?.type), '[Task!]!');
      const priority = schema.getType('TaskPriority');
      assert.ok(isEnumType(priority));
      assert.deepEqual(
        priority.getValues().map((v) => v.name),
        ['LOW', 'HIGH'],
      );
    });

    it("loads GitHub's public SDL, warning about its two duplicate fields and the deprecations graphql 17 refuses", () => {
      const { schema, warnings } = schemaFromSdl(readFileSync(path.join(githubDir, 'schema.graphql'), 'utf8'));
      // graphql 17's validateSchema: a field may not be deprecated where the interface's field it implements is not.
      const deprecatedImplementation = /^Interface field [\w.]+ is not deprecated, so implementation field [\w.]+ must not be deprecated\.$/;
      assert.deepEqual(
        warnings.filter((w) => !deprecatedImplementation.test(w)),
        [
          'Field "EnterpriseOwnerInfo.repositoryDeployKeySetting" is defined more than once; the first definition is used.',
          'Field "EnterpriseOwnerInfo.repositoryDeployKeySettingOrganizations" is defined more than once; the first definition is used.',
        ],
      );
      assert.equal(warnings.filter((w) => deprecatedImplementation.test(w)).length, 12);
      assert.ok(schema.getType('Repository'));
    });

    it('keeps an invalid schema usable and says what is wrong', () => {
      const { schema, warnings } = schemaFromSdl('interface Node { id: ID! }\ntype Query { task: Task }\ntype Task implements Node { name: String }');
      assert.equal(warnings.length, 1);
      assert.match(warnings[0], /Interface field Node.id expected but Task does not provide it/);
      assert.deepEqual(validate(schema, parse('{ task { name } }')), []);
    });

    const broken: Array<[string, string, RegExp]> = [
      ['unparsable SDL', 'type Query {', /cannot be parsed/],
      ['an unknown type', 'type Query { task: Missing }', /cannot be turned into a schema: Unknown type: "Missing"/],
    ];
    for (const [name, sdl, message] of broken) {
      it(`refuses ${name} with a reason`, () => {
        assert.throws(
          () => schemaFromSdl(sdl),
          (err: Error) => err instanceof SchemaLoadError && message.test(err.message),
        );
      });
    }
  });

  describe('schemaFromFile', () => {
    let dir: string;
    before(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'tg-schema-'));
      const payload = introspectionFromSchema(schemaFromSdl(SANDBOX_SDL).schema);
      await writeFile(path.join(dir, 'schema.graphql'), SANDBOX_SDL);
      await writeFile(path.join(dir, 'schema.graphqls'), SANDBOX_SDL);
      await writeFile(path.join(dir, 'schema.gql'), SANDBOX_SDL);
      await writeFile(path.join(dir, 'response.json'), JSON.stringify({ data: payload }));
      await writeFile(path.join(dir, 'payload.json'), JSON.stringify(payload));
      await writeFile(path.join(dir, 'schema.yaml'), 'x');
    });
    after(async () => {
      await rm(dir, { recursive: true, force: true });
    });
    for (const file of ['schema.graphql', 'schema.graphqls', 'schema.gql', 'response.json', 'payload.json']) {
      it(`loads ${file}`, async () => {
        const { schema } = await schemaFromFile(path.join(dir, file));
        assert.ok(schema.getType('TaskPriority'));
      });
    }
    it('refuses other extensions and missing files', async () => {
      await assert.rejects(schemaFromFile(path.join(dir, 'schema.yaml')), /Unsupported schema file type/);
      await assert.rejects(schemaFromFile(path.join(dir, 'missing.graphql')), /Cannot read the schema file/);
    });
  });
});
