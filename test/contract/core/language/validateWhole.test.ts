import assert from 'node:assert/strict';
import fc from 'fast-check';
import { buildSchema, Kind, NoDeprecatedCustomRule, parse, specifiedRules, validate, type DefinitionNode, type GraphQLError } from 'graphql';
import { validateWhole } from '../../../../src/core/language/incrementalValidation';

const SCHEMA = buildSchema(`
  directive @tag(name: String) on VARIABLE_DEFINITION | FIELD
  interface Node { id: ID! }
  type Task implements Node { id: ID! name: String status: Status tags(first: Int, after: String = "a"): [String!] owner: User old(n: Int @deprecated): String count(first: Int! = 10, last: Int!): Int }
  type User implements Node { id: ID! login: String tasks(status: [Status!], filter: TaskInput): [Task!] }
  enum Status { OPEN DONE OLD @deprecated }
  input TaskInput { name: String! status: Status = OPEN tags: [String!] priority: Int! = 1 }
  type Query { node(id: ID!): Node tasks(status: Status): [Task!] me: User }
  input TaskKey @oneOf { id: ID name: String }
  type Mutation { addTask(input: TaskInput!): Task removeTask(key: TaskKey!): Task }
`);

/**
 * Definitions that use variables every way graphql's variable rules look at them (in arguments,
 * lists, input objects, directives of fields and of the operation, a directive on a variable
 * definition, default values; in fragments defined before and after the operations that spread
 * them, fragments without variables, undefined, unused and wrongly typed variables), mixed with
 * fragments defined twice and spread cycles.
 */
const POOL = [
  'query V1($s: Status, $n: Int = 3) { tasks(status: $s) { tags(first: $n) ...Tags } }',
  'fragment Tags on Task { tags(first: $n, after: $after) owner { ...Login } }',
  'fragment Login on User { login @include(if: $flag) }',
  'query V2($flag: Boolean!, $id: ID!) @skip(if: $flag) { node(id: $id) { ...Tags ... on Task { ...Tags } } }',
  'query V3($i: TaskInput = {name: "x"}, $s: Status = OPEN) { tasks(status: $s) { id } me { tasks(filter: $i) { id } } }',
  'mutation V4($name: String!, $st: Status) { addTask(input: {name: $name, status: $st, tags: [$name, "b"]}) { ...Tags } }',
  'query V5($x: Int @tag(name: "x"), $y: String) { me { tasks { old(n: $x) } } }',
  'query V6 { tasks { tags(first: $undefined) } }',
  'query V7($unused: [Int!]!) { tasks { ...NoVars } }',
  'fragment NoVars on Task { id name old }',
  'query V8($flag: Boolean = true, $list: [Status!]) { me { tasks(status: $list) { ...NoVars ...Owner } } }',
  'fragment Owner on Task { owner { login @skip(if: $flag) ...Login } }',
  'query V9($s: String) { tasks(status: $s) { id @tag(name: $s) } }',
  'fragment Tags on Task { name @tag(name: $tagName) ...Cycle }',
  'fragment Cycle on Task { ...Tags }',
  '{ tasks { ...Owner } }',
  'query V10($s: [Status!] = [OPEN, OLD]) { me { tasks(status: $s) { ...Tags } } }',
  'query V11($c: Int, $d: Int = 2) { tasks { count(first: $c, last: $d) ...Counts } }',
  'fragment Counts on Task { count(first: $c, last: $c) }',
  'mutation V12($p: Int, $q: Int) { addTask(input: {name: "n", priority: $p}) { count(first: $q, last: 1) } }',
  'mutation V13($id: ID, $name: String!) { removeTask(key: {id: $id}) { id } again: removeTask(key: {name: $name}) { id } }',
];

/** Each error's message and the places of its nodes, in the order reported. */
function inOrder(errors: readonly GraphQLError[]): string[] {
  return errors.map((e) => `${e.message} @ ${(e.nodes ?? []).map((n) => `${n.loc?.source.name}:${n.loc?.start}-${n.loc?.end}`).join(',')}`);
}

describe('validateWhole (the workspace after a schema change)', () => {
  it("property: equals graphql's validate, in order, for documents that use variables in operations and fragments", () => {
    let withUsages = 0;
    fc.assert(
      fc.property(fc.array(fc.nat(POOL.length - 1), { minLength: 1, maxLength: 9 }), (picks) => {
        const definitions = picks.map((i, n) => {
          const def = parse(POOL[i]).definitions[0] as DefinitionNode;
          (def.loc?.source as { name: string }).name = `p${i}c${n}`;
          return def;
        });
        const document = { kind: Kind.DOCUMENT, definitions } as const;
        const ours = validateWhole(SCHEMA, definitions);
        assert.deepEqual(inOrder(ours.errors), inOrder(validate(SCHEMA, document, specifiedRules)));
        assert.deepEqual(inOrder(ours.deprecations), inOrder(validate(SCHEMA, document, [NoDeprecatedCustomRule])));
        if (ours.errors.some((e) => /Variable "\$\w+" (is not defined|is never used|of type)/.test(e.message))) {
          withUsages++;
        }
      }),
      { numRuns: 400 },
    );
    // The variable rules reported something in many documents: the property says something about their usages.
    assert.ok(withUsages > 100, `documents with variable errors: ${withUsages}`);
  });
});
