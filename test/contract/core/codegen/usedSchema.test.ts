/**
 * The part of the schema the documents use gives GraphQL Code Generator's plugins the output they
 * give on the whole schema, byte for byte: here on GitHub's schema (interfaces, unions, covariant
 * fields, nested input types, enums in results and in variables) and on the Sandbox's, each
 * document generated with the published plugins from both schemas. The CLI comparisons
 * (generateTypes.test.ts) check the whole pipeline; these check the schema cut on more shapes.
 */
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import {
  buildClientSchema,
  buildSchema,
  lexicographicSortSchema,
  parse,
  specifiedRules,
  validate,
  type GraphQLInputObjectType,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';
import { codegen } from '@graphql-codegen/core';
import { getCachedDocumentNodeFromSchema } from '@graphql-codegen/plugin-helpers';
import * as typedDocumentNode from '@graphql-codegen/typed-document-node';
import * as typescriptOperations from '@graphql-codegen/typescript-operations';
import { operationFiles } from '../../../../src/core/codegen/generateTypes';
import { usedSchema } from '../../../../src/core/codegen/usedSchema';
import { sandboxSdl } from '../../../../src/sandbox/schemaVersions';
import { githubOperationFiles } from '../../../fixtures/codegenInputs';
import { loadInputs } from '../../../fixtures/inputs';

/** The rules codegen validates with: each file may hold fragments other files use. */
const CODEGEN_RULES = specifiedRules.filter((rule) => !['NoUnusedFragments', 'NoUnusedVariables', 'KnownDirectives'].some((n) => rule.name.startsWith(n)));

const GITHUB_SHAPES = `
query Nodes($ids: [ID!]!, $first: Int = 5, $withLabels: Boolean!) {
  nodes(ids: $ids) {
    __typename
    id
    ... on Issue { title state stateReason author { login ... on User { name } ... on Bot { id } } }
    ... on Actor { login avatarUrl(size: 40) }
    ... on Starrable { stargazerCount }
    ...Labelled @include(if: $withLabels)
  }
  search(query: "is:open", type: ISSUE, first: $first) {
    issueCount
    nodes { ... on PullRequest { title mergeable reviewDecision } ... on Issue { number } ... on Repository { owner { login } } }
  }
}

fragment Labelled on Labelable { labels(first: 3) { nodes { name color } } }

mutation AddComment($input: AddCommentInput!, $project: UpdateProjectV2ItemFieldValueInput!) {
  addComment(input: $input) { clientMutationId commentEdge { node { body author { login } } } }
  updateProjectV2ItemFieldValue(input: $project) { projectV2Item { id type } }
}

query Owner($login: String!, $order: RepositoryOrder) {
  repositoryOwner(login: $login) {
    login
    repositories(first: 10, orderBy: $order, privacy: PUBLIC) { nodes { name visibility languages(first: 2) { edges { size node { name } } } } }
    ... on Organization { membersWithRole(first: 1) { totalCount } }
  }
}
`;

const SANDBOX_SHAPES = `
query UrgentTasks($priority: TaskPriority!, $status: TaskStatus) {
  tasks(filter: { priority: $priority, status: $status }, first: 3) { edges { node { id name status assignees { id name } } } }
}
`;

/** typescript-operations and typed-document-node on one document, as the near-operation files run them. */
function generate(schema: GraphQLSchema, text: string): Promise<string> {
  return codegen({
    filename: 'out.generated.ts',
    schema: getCachedDocumentNodeFromSchema(schema),
    schemaAst: schema,
    documents: [{ location: 'doc.graphql', document: parse(text) }],
    plugins: [{ 'typescript-operations': {} }, { 'typed-document-node': {} }],
    pluginMap: { 'typescript-operations': typescriptOperations, 'typed-document-node': typedDocumentNode },
    config: {},
    skipDocumentsValidation: true,
  });
}

async function sameOutput(schema: GraphQLSchema, texts: readonly string[], smaller = true): Promise<void> {
  const documents = texts.map((t) => parse(t));
  for (const document of documents) {
    assert.deepEqual(validate(schema, document, CODEGEN_RULES), [], 'the documents are valid');
  }
  const used = usedSchema(schema, documents);
  if (smaller) {
    assert.ok(Object.keys(used.getTypeMap()).length < Object.keys(schema.getTypeMap()).length / 2, 'a small part of the schema');
  }
  for (const text of texts) {
    assert.equal(await generate(used, text), await generate(schema, text));
  }
}

describe('the part of the schema the documents use', function () {
  this.timeout(120_000);
  let github: GraphQLSchema;
  before(() => {
    const json = JSON.parse(loadInputs().introspectionText) as { data?: IntrospectionQuery } & IntrospectionQuery;
    // Assumed valid as the extension's cached schemas are: graphql 17 refuses a dozen deprecations of GitHub's.
    github = lexicographicSortSchema(buildClientSchema(json.data ?? json, { assumeValid: true }));
  });

  it("gives the plugins' output of the whole schema: interfaces, unions, fragments on interfaces, nested inputs (GitHub's schema)", async () => {
    await sameOutput(github, [GITHUB_SHAPES]);
  });

  it("the same for the benchmark's documents, each file with the fragments of its copy", async () => {
    const files = githubOperationFiles(2);
    const fragments = files.filter((f) => f.path.endsWith('fragments.graphql'));
    const texts = files.map((f) =>
      f.path.endsWith('fragments.graphql') ? f.text : `${f.text}\n${fragments.find((g) => g.path.split('/')[0] === f.path.split('/')[0])?.text ?? ''}`,
    );
    await sameOutput(github, texts);
  });

  it("keeps the schema's order of the types, and what the documents name, whole", () => {
    const used = usedSchema(github, [parse(GITHUB_SHAPES)]);
    const names = Object.keys(used.getTypeMap());
    const order = Object.keys(github.getTypeMap());
    const kept = names.filter((n) => !n.startsWith('__'));
    assert.deepEqual(
      kept,
      order.filter((n) => kept.includes(n)),
    );
    // An input type named by a variable, with every field; an abstract type with every possible type.
    const inputFields = (schema: GraphQLSchema) => Object.keys((schema.getType('AddCommentInput') as GraphQLInputObjectType).getFields());
    assert.deepEqual(inputFields(used), inputFields(github));
    const possible = (schema: GraphQLSchema) => schema.getPossibleTypes(schema.getType('SearchResultItem') as never).map((t) => t.name);
    assert.deepEqual(possible(used), possible(github));
  });

  it('a save (one document generated, the others lending their fragments) writes the bytes a whole run writes for it', async () => {
    const root = '/workspace';
    const documents = githubOperationFiles(2).map((f) => ({ id: f.path, location: path.join(root, f.path), text: f.text }));
    const all = await operationFiles(github, documents, { root });
    assert.equal(all.files.length, documents.length);
    for (const file of all.files) {
      const one = await operationFiles(github, documents, { root, only: new Set(file.sources) });
      assert.deepEqual(
        one.files.map((f) => [f.path, f.text]),
        [[file.path, file.text]],
      );
    }
  });

  it('the same on the Sandbox schema', async () => {
    await sameOutput(lexicographicSortSchema(buildSchema(sandboxSdl(1))), [SANDBOX_SHAPES], false);
  });
});
