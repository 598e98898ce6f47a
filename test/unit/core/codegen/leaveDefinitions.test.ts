/**
 * leaveDefinitions (codegen's plugins leaving their documents' definitions without a visit of every
 * node) gives what codegen's oldVisit gives: with the operations visitor on the benchmark's
 * documents on GitHub's schema (and it is the one taken there), with visitors returning text,
 * nothing, false or null, and it refuses (undefined) a visitor with a function for a kind found under
 * a definition, and a document with a type system definition.
 */
import * as assert from 'node:assert/strict';
import { buildClientSchema, concatAST, lexicographicSortSchema, parse, type IntrospectionQuery } from 'graphql';
import { oldVisit } from '@graphql-codegen/plugin-helpers';
import { leaveDefinitions } from '../../../../src/core/codegen/leaveDefinitions';
import { OperationsVisitor } from '../../../../src/core/codegen/usedSchemaTypes';
import { githubOperationFiles } from '../../../../scripts/bench/codegenInputs';
import { loadInputs } from '../../../../scripts/bench/inputs';

const DOCUMENT = parse('query A { a { ...F } } fragment F on T { b(x: 1) @d { c } } mutation { m(v: [{k: "s"}]) }');

function visited(visitor: object): unknown[] {
  return (oldVisit(DOCUMENT, { leave: visitor as never }) as unknown as { definitions: unknown[] }).definitions;
}

describe('leaveDefinitions: the definitions oldVisit gives, without a visit of every node', function () {
  this.timeout(60_000);

  it("with the operations visitor on GitHub's schema, for every file of the benchmark's documents", () => {
    const json = JSON.parse(loadInputs().introspectionText) as { data?: IntrospectionQuery } & IntrospectionQuery;
    const schema = lexicographicSortSchema(buildClientSchema(json.data ?? json));
    const documents = githubOperationFiles(2).map((f) => parse(f.text));
    const all = concatAST(documents);
    for (const own of documents) {
      const make = () => new OperationsVisitor(schema, {} as never, all, own, 'out.ts');
      const left = leaveDefinitions(own, make());
      assert.ok(left, 'the operations visitor leaves only definitions');
      assert.deepEqual(left, (oldVisit(own, { leave: make() as never }) as unknown as { definitions: unknown[] }).definitions);
    }
  });

  it('with visitors returning text, nothing, false or null', () => {
    const visitors: object[] = [
      { OperationDefinition: (node: { name?: { value: string } }) => `op ${node.name?.value ?? '-'}`, FragmentDefinition: () => 'fragment' },
      { OperationDefinition: () => undefined },
      { FragmentDefinition: () => false, OperationDefinition: () => null },
      { EnumTypeDefinition: () => 'never called', notAKind: 1 },
      {},
    ];
    for (const visitor of visitors) {
      const left = leaveDefinitions(DOCUMENT, visitor);
      assert.ok(left);
      assert.deepEqual(left, visited(visitor));
    }
  });

  it('refuses a visitor for a kind under the definitions, and a type system definition', () => {
    for (const kind of ['Field', 'Name', 'SelectionSet', 'Document', 'Argument', 'Directive', 'StringValue']) {
      assert.equal(leaveDefinitions(DOCUMENT, { [kind]: () => undefined, OperationDefinition: () => 'x' }), undefined, kind);
    }
    assert.equal(leaveDefinitions(parse('query Q { a } type T { a: Int }'), { OperationDefinition: () => 'x' }), undefined);
  });
});
