/**
 * The hover's and Copy TypeScript Types' pick of one operation's types out of a generated file as
 * GraphQL Code Generator writes it (not formatted): whole declarations, each with what it needs.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { buildSchema, lexicographicSortSchema } from 'graphql';
import { operationFiles } from '../../../../src/core/codegen/generateTypes';
import { copyableTypes, hoverTypes } from '../../../../src/core/codegen/operationTypes';
import { sandboxSdl } from '../../../../src/sandbox/schemaVersions';

const SANDBOX = path.join(__dirname, '../../../fixtures/codegen', 'sandbox');

async function generated(file: string): Promise<string> {
  const schema = lexicographicSortSchema(buildSchema(sandboxSdl(1)));
  const documents = ['fragments.graphql', 'viewer.graphql', 'tasks/tasks.graphql', 'tasks/mutations.graphql'].map((rel) => ({
    id: rel,
    location: path.join(SANDBOX, rel),
    text: readFileSync(path.join(SANDBOX, rel), 'utf8'),
  }));
  const result = await operationFiles(schema, documents, { root: SANDBOX, only: new Set([file]) });
  assert.deepEqual(result.problems, []);
  return result.files[0].text;
}

describe('operation types out of a generated file', () => {
  it('hover: the second operation’s result and variables types, whole, without the documents or the enums', async () => {
    const text = await generated('tasks/tasks.graphql');
    const hover = hoverTypes(text, 1);
    assert.ok(hover);
    assert.match(hover, /^export type SearchQuery = \{/);
    assert.match(hover, /\n\nexport type SearchQueryVariables = Exact<\{\n {2}text: string;\n\}>;$/);
    assert.doesNotMatch(hover, /UrgentTasks|Document|^import /m);
    assert.equal(hoverTypes(text, 2), undefined);
  });

  it('copy: the operation’s types with the schema types they use, no other operation, document or import', async () => {
    const text = await generated('tasks/tasks.graphql');
    const copied = copyableTypes(text, 0);
    assert.ok(copied);
    assert.match(copied, /^export type TaskPriority =\n/m);
    assert.match(copied, /^export type UrgentTasksQueryVariables = Exact<\{$/m);
    assert.match(copied, /^export type UrgentTasksQuery = \{.*\};$/m);
    assert.doesNotMatch(copied, /SearchQuery|UrgentTasksDocument|^import |DocumentNode/m);
    assert.ok(copied.endsWith('\n'));
  });
});
