/**
 * The typed-document-node plugin with its documents' JSON written from the trees
 * (typedDocumentNodePlugin.ts) gives the package's output, byte for byte: for each output file of
 * the benchmark's documents on GitHub's schema, the Sandbox fixtures, and documents made to reach
 * every kind of executable node and the cases left to upstream (string values with escapes, block
 * strings, descriptions), each file given the other files' fragments as the near-operation-file
 * preset gives them, with the extension's two configurations (operation files; the client file's)
 * and one that adds `__typename` to the selection sets.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import {
  buildClientSchema,
  buildSchema,
  Kind,
  lexicographicSortSchema,
  parse,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type IntrospectionQuery,
  type OperationDefinitionNode,
} from 'graphql';
import type { Types } from '@graphql-codegen/plugin-helpers';
import { plugin as upstreamPlugin } from '@graphql-codegen/typed-document-node';
import { documentJson, plugin } from '../../../../src/core/codegen/typedDocumentNodePlugin';
import { sandboxSdl } from '../../../../src/sandbox/schemaVersions';
import { githubOperationFiles } from '../../../../scripts/bench/codegenInputs';
import { loadInputs } from '../../../../scripts/bench/inputs';
import { filesUnder } from './codegenCli';

/** The extension's configurations of the plugin (generateTypes.ts): operation files, then the client file. */
const CONFIGS: readonly Record<string, unknown>[] = [
  {},
  { unstable_onExecutableDocumentNode: () => undefined, unstable_omitDefinitions: false },
  // Left to upstream's visit of every node (the visitor changes selection sets).
  { addTypenameToSelectionSets: true },
];

type Output = string | Types.ComplexPluginOutput;

function text(output: Output): string {
  return typeof output === 'string' ? output : JSON.stringify({ prepend: output.prepend, content: output.content, append: output.append });
}

/** The output's text, or the error it failed with (upstream fails on some string values: so must this). */
function outcome(run: () => Output): string {
  try {
    return text(run());
  } catch (err) {
    return `failed: ${(err as Error).message}`;
  }
}

/**
 * Runs both plugins on every file of a workspace, each file given the other files' fragments as
 * external ones, and compares; returns how many typed documents this module wrote itself.
 */
function compareAll(schema: GraphQLSchema, texts: readonly string[]): number {
  const documents = texts.map((t) => parse(t));
  const fragments = documents.map((d) => d.definitions.filter((x): x is FragmentDefinitionNode => x.kind === Kind.FRAGMENT_DEFINITION));
  let written = 0;
  for (const config of CONFIGS) {
    documents.forEach((own, i) => {
      const externalFragments = fragments
        .filter((_, j) => j !== i)
        .flat()
        .map((node) => ({ node, name: node.name.value, onType: node.typeCondition.name.value, isExternal: true }));
      const files: Types.DocumentFile[] = [{ location: `file${i}.graphql`, document: own }];
      const info = { outputFile: `file${i}.generated.ts` };
      const ours = outcome(() => plugin(schema, files, { ...config, externalFragments } as never, info) as Output);
      const theirs = outcome(() => upstreamPlugin(schema, files, { ...config, externalFragments } as never, info) as Output);
      assert.equal(ours, theirs, texts[i]);
    });
  }
  for (const own of documents) {
    const all = [...documents.flatMap((d) => d.definitions)].filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION);
    for (const definition of own.definitions) {
      if (definition.kind === Kind.OPERATION_DEFINITION || definition.kind === Kind.FRAGMENT_DEFINITION) {
        if (documentJson(definition, all.slice(0, 2)) !== undefined) {
          written++;
        }
      }
    }
  }
  return written;
}

describe("typed-document-node: the documents' JSON written from the trees equals the package's output", function () {
  this.timeout(120_000);

  it("on GitHub's schema: every file of the benchmark's documents", () => {
    const json = JSON.parse(loadInputs().introspectionText) as { data?: IntrospectionQuery } & IntrospectionQuery;
    const schema = lexicographicSortSchema(buildClientSchema(json.data ?? json));
    const files = githubOperationFiles(3);
    const written = compareAll(
      schema,
      files.map((f) => f.text),
    );
    // Every operation and fragment of these documents is written here, none left to upstream.
    const definitions = files.reduce((n, f) => n + parse(f.text).definitions.length, 0);
    assert.equal(written, definitions);
  });

  it('on the Sandbox schema: the fixture documents', () => {
    const dir = path.join(__dirname, 'fixtures', 'sandbox');
    const texts = filesUnder(dir, '.graphql').map((rel) => readFileSync(path.join(dir, rel), 'utf8'));
    assert.ok(texts.length >= 3);
    assert.ok(compareAll(buildSchema(sandboxSdl(1)), texts) > 0);
  });

  it('on every kind of executable node, and on the values and descriptions left to upstream', () => {
    const schema = buildSchema(`
      directive @tag(name: String, list: [Int], input: Filter) repeatable on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT | QUERY | MUTATION | FRAGMENT_DEFINITION | VARIABLE_DEFINITION
      scalar Date
      enum Color { RED GREEN }
      input Filter { color: Color, since: Date, text: String, n: Float, ok: Boolean, nested: [Filter!] }
      interface Node { id: ID! }
      type Item implements Node { id: ID!, color: Color, name(prefix: String, upper: Boolean): String, items(filter: Filter, first: Int): [Item!]! }
      type Other implements Node { id: ID!, when: Date }
      union Any = Item | Other
      type Query { items(filter: Filter, first: Int): [Item!]!, item(id: ID!): Item, node: Node, any: [Any] }
      type Mutation { touch(at: Date!, color: Color = RED): Any }
    `);
    const texts = [
      // Aliases, arguments of every value kind, variables with defaults and directives, nested lists and non-nulls.
      'query A($f: Filter = {color: RED, n: 1.5e3, ok: true, nested: [{text: "x"}], since: null}, $first: Int = 10, $ids: [[ID!]]! @tag(name: "v")) @tag(name: "q", list: [1, 2]) { all: items(filter: $f, first: $first) @tag { id first: name(prefix: "a b", upper: false) ...B @tag(name: "s") } }',
      'fragment B on Item @tag(input: {color: GREEN}) { color items(filter: {nested: [{ok: false}]}) { ...C } }\nfragment C on Item { id name }',
      // Anonymous and shorthand queries, inline fragments with and without a type condition.
      '{ node { id ... on Item { color } ... @tag { id } ... { id } } }',
      'query { any { __typename ... on Other { when } ...D } }\nfragment D on Any { ... on Item { id } }',
      'mutation E($at: Date!, $c: Color = GREEN) { touch(at: $at, color: $c) { ... on Node { id } } }',
      // Left to upstream: strings whose printed form has escapes, block strings, descriptions.
      'query F { item(id: "say \\"hi\\"") { name(prefix: "back\\\\slash") } }',
      'query G { item(id: """block\n  string""") { id } }',
      'query H { item(id: "tab\\there") { ...B } }',
      '"An operation described"\nquery I($v: ID! = "1") { item(id: $v) { id } }',
      '"A fragment described"\nfragment J on Item { id }\nquery K { item(id: "1") { ...J } }',
      'query L("A variable described" $v: ID!) { item(id: $v) { id } }',
      // Left to upstream: descriptions that print with escapes (upstream fails on those with quotes).
      '"An \\"operation\\" described"\nquery M { item(id: "1") { id } }',
      'query N("A \\"v\\"" $v: ID) { item(id: $v) { id } }',
      '"A \\"fragment\\""\nfragment O on Item { id }\nquery P { item(id: "1") { ...O } }',
      '"A back\\\\slash"\nquery R { item(id: "1") { id } }',
      // Written here: a block description, quotes and all.
      '"""An "operation" with \\""" described"""\nquery S { item(id: "1") { id } }',
    ];
    const written = compareAll(schema, texts);
    // Written here: A, B, C, the two anonymous queries, D, E, I, J, K, L, P, S (descriptions are
    // removed either way); left to upstream: F, G, H (their strings), M, N, O, R (their descriptions).
    assert.equal(written, 13);
    const left = [5, 6, 7, 11, 12, 13, 14].map((i) => parse(texts[i]).definitions[0] as OperationDefinitionNode);
    for (const node of left) {
      assert.equal(documentJson(node, []), undefined, node.name?.value);
    }
  });
});
