/**
 * The operations visitor with its used-types scan remembered per definition (usedSchemaTypes.ts)
 * finds what upstream's visitor finds: the same used and named schema types (same entries, same
 * key order, same scalar use cases) and the same introspection-enum flag, for each output file of
 * the benchmark's documents on GitHub's schema, the Sandbox fixtures, and documents made to reach
 * every branch (input objects with enums and custom scalars in variables, a scalar used in both
 * variables and results, introspection enums, meta fields, interfaces, unions and inline
 * fragments with and without a type condition), each visitor fed the same nodes, the remembered
 * one several times over (as the preset shares a fragments file's nodes between the files).
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import {
  buildClientSchema,
  buildSchema,
  concatAST,
  Kind,
  lexicographicSortSchema,
  parse,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';
import { TypeScriptDocumentsVisitor } from '@graphql-codegen/typescript-operations';
import { OperationsVisitor } from '../../../../src/core/codegen/usedSchemaTypes';
import { sandboxSdl } from '../../../../src/sandbox/schemaVersions';
import { githubOperationFiles } from '../../../../scripts/bench/codegenInputs';
import { loadInputs } from '../../../../scripts/bench/inputs';
import { filesUnder } from './codegenCli';

interface Scanned {
  readonly _usedSchemaTypes: Record<string, unknown>;
  readonly _namedSchemaTypes: Record<string, unknown>;
  readonly _usedEnumIntrospectionType: boolean;
}

/** What a visitor's constructor found for one file: its own document and the other files' fragments. */
function scan(make: typeof TypeScriptDocumentsVisitor, schema: GraphQLSchema, own: DocumentNode, external: readonly FragmentDefinitionNode[]): unknown {
  const externalFragments = external.map((node) => ({ node, name: node.name.value, onType: node.typeCondition.name.value, isExternal: true }));
  const all = concatAST([own, { kind: Kind.DOCUMENT, definitions: external }]);
  const visitor = new make(schema, { externalFragments } as never, all, own, 'out.ts') as unknown as Scanned;
  // Entries as lists, so that the key order is compared too.
  const entries = (types: Record<string, unknown>) =>
    Object.entries(types).map(([name, value]) => [name, JSON.stringify(value, (k, v: unknown) => (k === 'node' ? String(v) : v))]);
  return { used: entries(visitor._usedSchemaTypes), named: entries(visitor._namedSchemaTypes), introspection: visitor._usedEnumIntrospectionType };
}

/** Compares the two visitors on every file of a workspace, each file given the fragments of all the others. */
function compareAll(schema: GraphQLSchema, texts: readonly string[]): number {
  const documents = texts.map((text) => parse(text));
  const fragments = documents.map((d) => d.definitions.filter((x): x is FragmentDefinitionNode => x.kind === Kind.FRAGMENT_DEFINITION));
  let compared = 0;
  for (let round = 0; round < 2; round++) {
    documents.forEach((own, i) => {
      const external = fragments.filter((_, j) => j !== i).flat();
      assert.deepEqual(scan(OperationsVisitor, schema, own, external), scan(TypeScriptDocumentsVisitor, schema, own, external), print(own));
      compared++;
    });
  }
  return compared;
}

function print(document: DocumentNode): string {
  return document.definitions.map((d) => ('name' in d && d.name ? d.name.value : d.kind)).join(', ');
}

describe("operations visitor: the used-types scan remembered per definition equals upstream's", function () {
  this.timeout(120_000);

  it("on GitHub's schema: every file of the benchmark's documents", () => {
    const json = JSON.parse(loadInputs().introspectionText) as { data?: IntrospectionQuery } & IntrospectionQuery;
    const schema = lexicographicSortSchema(buildClientSchema(json.data ?? json));
    const compared = compareAll(
      schema,
      githubOperationFiles(5).map((f) => f.text),
    );
    assert.equal(compared, 2 * 25);
  });

  it('on the Sandbox schema: the fixture documents', () => {
    const dir = path.join(__dirname, 'fixtures', 'sandbox');
    const texts = filesUnder(dir, '.graphql').map((rel) => readFileSync(path.join(dir, rel), 'utf8'));
    assert.ok(texts.length >= 3);
    compareAll(buildSchema(sandboxSdl(1)), texts);
  });

  it('on input objects, enums and scalars in variables and results, and introspection enums', () => {
    const schema = buildSchema(`
      scalar Date
      scalar Money
      enum Color { RED GREEN }
      enum Size { S M }
      input Filter { color: Color, since: Date, nested: [Nested!], again: Filter }
      input Nested { size: Size, at: Date, money: Money }
      interface Node { id: ID!, color: Color }
      type Item implements Node { id: ID!, color: Color, size: Size!, at: Date, price: Money, items(filter: Filter): [Item!]! }
      type Other implements Node { id: ID!, color: Color, when: Date }
      union Any = Item | Other
      type Query { items(filter: Filter, at: Date, sizes: [Size!]): [Item!]!, item(id: ID!): Item, node: Node, any: [Any] }
      type Mutation { touch(at: Date!, color: Color = RED): Any }
    `);
    const texts = [
      'query A($f: Filter, $at: Date, $sizes: [Size!]) { items(filter: $f, at: $at, sizes: $sizes) { id color ...B } }',
      'fragment B on Item { at price items { size ...C } }\nfragment C on Item { color at }',
      'query D { __type(name: "Item") { kind fields { type { kind } } } __schema { directives { locations } } }',
      'query E($s: [Size!]) { items(sizes: $s) { ...C } }\nquery F { item(id: "1") { price } }',
      'fragment G on Item { id }',
      'query H { __typename node { __typename id color ... on Item { size } ... { color } ... @include(if: true) { id } } any { __typename ... on Other { when } ...I } }\nfragment I on Any { ... on Item { price } }',
      'mutation J($at: Date!, $c: Color = GREEN) @deprecated { touch(at: $at, color: $c) { ... on Node { color } } }\nfragment K on Node { __typename ...G }',
      'query L { item(id: "1") { __type: id } __schema { types { name kind } } }',
      'query M { item(id: "1") { ... @include(if: true) { size } } }',
    ];
    const compared = compareAll(schema, texts);
    assert.equal(compared, 2 * texts.length);
    const introspection = scan(OperationsVisitor, schema, parse(texts[2]), []) as { introspection: boolean };
    assert.equal(introspection.introspection, true);
  });
});
