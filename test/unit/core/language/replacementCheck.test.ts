import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { buildSchema, Kind, parse, validate, visit, type ASTNode, type DefinitionNode, type GraphQLSchema } from 'graphql';
import { SANDBOX_SDL } from '../../../../src/sandbox/schema';
import { schemaFromSdl } from '../../../../src/core/schema/loadSchema';
import { schemaFromIntrospection } from '../schema/introspectionSchema';
import {
  ALONE_RULES,
  documentOf,
  isFewer,
  MAX_ERRORS,
  messagesOf,
  narrowBefore,
  narrowBeforeOf,
  narrowVerdict,
  rulesFor,
  taggedProblems,
  withNameReplaced,
  type ReplacedName,
} from '../../../../src/core/language/replacementCheck';

const repo = path.join(__dirname, '../../../..');
const sandbox = schemaFromSdl(SANDBOX_SDL).schema;
const github = schemaFromIntrospection(readFileSync(path.join(repo, 'node_modules/@octokit/graphql-schema/schema.json'), 'utf8')).schema;

/** A small schema with what the other two lack: subscriptions, a repeatable directive, unions, nested inputs. */
const small = buildSchema(`
  directive @tag(name: String!) repeatable on FIELD
  directive @once(n: Int, m: Int @deprecated(reason: "Use n")) on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT
  type Query { a(x: Int, y: Int!): A b: B s: String list(filter: F, first: Int): [A] u: U node(id: ID!): Node }
  type Subscription { onA: A onB(id: ID!): B count: Int }
  interface Node { id: ID! }
  type A implements Node { id: ID! name: String child: A color: Color size(unit: Unit = BYTES): Int }
  type B implements Node { id: ID! name: Int size(unit: Unit): String legacy: Int @deprecated(reason: "Use size") }
  union U = A | B
  enum Color { RED GREEN BLUE }
  enum Unit { BYTES KB MB @deprecated(reason: "Use KB") }
  input F { color: Color name: String nested: F ids: [ID!] unit: Unit }
`);

const SANDBOX_DOCS = `
query Tasks($p: TaskPriority!, $after: String) {
  tasks(filter: { priority: $p }, first: 5, after: $after) {
    edges { node { id name priority done owner { name email } } }
    pageInfo { endCursor hasNextPage }
  }
}
query Files { files(first: 2) { edges { node { name mimeType size owner { id name } } } } me { id groups { name } } }
query T { task(id: "task-1") { name status dueDate assignees { email } } viewer { scopes } }
fragment TaskBits on Task { id name nmae priority @include(if: true) owner { ...UserBits } }
fragment UserBits on User { id name email }
mutation M($id: ID!) { updateTask(id: $id, input: { status: DONE }) { task { id status } } }
`;

const SMALL_DOCS = `
query Q($x: Int, $y: Int!, $f: F, $c: Color = RED) {
  a(x: $x, y: $y) @tag(name: "a") @tag(name: "b") { id name child { id color size(unit: KB) } }
  list(filter: { color: $c, nested: { name: "n", unit: KB }, ids: ["1"] }, first: 2) { ... on A { name } name: color }
  u { ... on A { id name } ... on B { id name size } __typename }
  node(id: "1") { id ... on B { legacy } ...Bits @once(n: 1) }
  s
}
subscription S($skip: Boolean!) { onA { id } count @skip(if: $skip) }
subscription S2 { onB(id: "1") { id name } }
fragment Bits on A { id name color child { ...Bits2 } }
fragment Bits2 on A { size(unit: BYTES) name }
query Broken { a(x: "no", z: 1) { nope id { id } } b { size(unit: GB) } list(filter: { colour: RED }) }
`;

/** Each definition's own text (as the code actions see a definition) with its AST parsed alone. */
function definitionsOf(text: string): { text: string; node: DefinitionNode }[] {
  return parse(text).definitions.map((d) => {
    const own = text.slice(d.loc!.start, d.loc!.end);
    return { text: own, node: parse(own).definitions[0] };
  });
}

/** The name nodes a replacement can swap in a definition, with their kind. */
function targetsOf(node: DefinitionNode): { node: ASTNode; kind: ReplacedName }[] {
  const out: { node: ASTNode; kind: ReplacedName }[] = [];
  visit(node, {
    Field: (n) => void out.push({ node: n.name, kind: 'field' }),
    Argument: (n) => void out.push({ node: n.name, kind: 'argument' }),
    ObjectField: (n) => void out.push({ node: n.name, kind: 'inputField' }),
    NamedType: (n) => void out.push({ node: n.name, kind: 'type' }),
    EnumValue: (n) => void out.push({ node: n, kind: 'enumValue' }),
    Directive: (n) => void out.push({ node: n.name, kind: 'directive' }),
  });
  return out;
}

/** Names a replacement may bring, per kind: every such name of the schema (and some it lacks). */
function namesOf(schema: GraphQLSchema): Record<ReplacedName, string[]> {
  const fields = new Set<string>(['__typename', '__schema', '__type', 'fields', 'ofType', 'nope']);
  const args = new Set<string>(['if', 'nope']);
  const inputFields = new Set<string>(['nope']);
  const enumValues = new Set<string>(['NOPE']);
  const types = new Set<string>(['Nope']);
  for (const type of Object.values(schema.getTypeMap())) {
    types.add(type.name);
    if ('getFields' in type) {
      for (const f of Object.values(type.getFields())) {
        (Kind.INPUT_OBJECT_TYPE_DEFINITION === type.astNode?.kind || !('args' in f) ? inputFields : fields).add(f.name);
        if ('args' in f) {
          for (const a of f.args) {
            args.add(a.name);
          }
        }
      }
    }
    if ('getValues' in type) {
      for (const v of type.getValues()) {
        enumValues.add(v.name);
      }
    }
  }
  const directives = schema.getDirectives().map((d) => d.name);
  for (const d of schema.getDirectives()) {
    d.args.forEach((a) => args.add(a.name));
  }
  // A large schema: a sample that keeps names near the document's (the first ones of each list).
  const cap = (s: Set<string>) => [...s].slice(0, 400);
  return { field: cap(fields), argument: cap(args), inputField: cap(inputFields), enumValue: cap(enumValues), type: cap(types), directive: [...directives, 'nope'] };
}

/** Whole validation of a definition's text, as the code actions validated every candidate before. */
function whole(schema: GraphQLSchema, text: string): string[] | undefined {
  try {
    return validate(schema, parse(text), ALONE_RULES, { maxErrors: MAX_ERRORS }).map((e) => e.message);
  } catch {
    return undefined;
  }
}

const sorted = (a: readonly string[] | undefined) => (a ? [...a].sort() : a);

describe('Code actions: the narrow check of a replaced name', () => {
  it('splits the rules of a definition validated alone, for every kind of name', () => {
    for (const kind of ['field', 'argument', 'inputField', 'type', 'enumValue', 'directive'] as const) {
      const { changed, unchanged } = rulesFor(kind);
      assert.deepEqual(new Set([...changed, ...unchanged]), new Set(ALONE_RULES), kind);
      assert.equal(changed.length + unchanged.length, ALONE_RULES.length, kind);
      assert.ok(changed.length > 0 && unchanged.length > 0, kind);
    }
  });

  it('replaces one name with the nodes around it copied and the rest shared', () => {
    const def = parse('{ a(x: 1) { id name } b }').definitions[0];
    const target = targetsOf(def).find((t) => t.kind === 'field' && (t.node as { value: string }).value === 'name')!.node;
    const after = withNameReplaced(def, target, 'color')!;
    assert.ok(after !== def);
    assert.equal(JSON.stringify(after).includes('"value":"color"'), true);
    assert.equal(JSON.stringify(def).includes('"value":"color"'), false, 'the parsed definition is not changed');
    const sel = (d: DefinitionNode) => (d.kind === Kind.OPERATION_DEFINITION ? d.selectionSet.selections : []);
    assert.equal(sel(after)[1], sel(def)[1], 'a sibling outside the path is shared');
    assert.equal(withNameReplaced(def, parse('{ c }').definitions[0], 'x'), undefined);
  });

  it('leaves it to whole validation where graphql’s error limit could cut it short', () => {
    const text = `{ ${Array.from({ length: 60 }, (_, i) => `f${i}`).join(' ')} tasks { id } }`;
    const def = parse(text).definitions[0];
    const target = targetsOf(def).find((t) => (t.node as { value: string }).value === 'f0')!.node;
    assert.equal(narrowVerdict(sandbox, def, target, 'me', 'field', narrowBefore(sandbox, def, 'field'), true), undefined);
  });

  it('one validation with each problem tagged by its rule gives what the two validations apart give, for every kind', () => {
    const texts = [
      { schema: sandbox, text: SANDBOX_DOCS },
      { schema: small, text: SMALL_DOCS },
      { schema: github, text: readFileSync(path.join(repo, 'scripts/bench/github.graphql'), 'utf8') },
      // Past graphql's error limit in one pass with every rule (each rule set apart below it, and both above it).
      { schema: sandbox, text: `{ ${Array.from({ length: 30 }, (_, i) => `f${i}`).join(' ')} tasks(first: "x") { id } task(id: 1, nope: 2) { id } }` },
      { schema: sandbox, text: `{ ${Array.from({ length: 60 }, (_, i) => `f${i}`).join(' ')} tasks { id } }` },
    ];
    const seen = { tagged: 0, limit: 0, withProblems: 0 };
    for (const { schema, text } of texts) {
      for (const def of definitionsOf(text)) {
        const all = taggedProblems(schema, def.node);
        seen[all === 'limit' ? 'limit' : 'tagged']++;
        for (const kind of ['field', 'argument', 'inputField', 'type', 'enumValue', 'directive'] as const) {
          const apart = narrowBefore(schema, def.node, kind);
          const one = narrowBeforeOf(schema, def.node, kind, all);
          assert.deepEqual(one && { ...one, changed: sorted(one.changed) }, apart && { ...apart, changed: sorted(apart.changed) }, `${kind} in ${def.text.slice(0, 60)}`);
          if (apart && apart.changed.length + apart.unchangedCount > 0) {
            seen.withProblems++;
          }
        }
      }
    }
    // Not vacuous: definitions with problems, and the error limit's case.
    assert.ok(seen.tagged > 10 && seen.limit >= 1 && seen.withProblems > 10, JSON.stringify(seen));
  });

  it('property: the rules left out report the same before and after, and the narrow verdict is whole validation’s', () => {
    const cases = [
      { name: 'sandbox', schema: sandbox, defs: definitionsOf(SANDBOX_DOCS) },
      { name: 'small', schema: small, defs: definitionsOf(SMALL_DOCS) },
      { name: 'github', schema: github, defs: definitionsOf(readFileSync(path.join(repo, 'scripts/bench/github.graphql'), 'utf8')) },
    ].map((c) => ({ ...c, names: namesOf(c.schema), targets: c.defs.map((d) => targetsOf(d.node)) }));
    const seen = { true: 0, false: 0, changedProblems: 0 };
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.nat(), fc.nat(), fc.boolean(), fc.boolean(), (c, d, t, n, strictly, near) => {
        const { schema, defs, targets, names } = cases[c % cases.length];
        const i = d % defs.length;
        const def = defs[i];
        const target = targets[i][t % targets[i].length];
        // Half the time a name from the same definition (siblings, merges, duplicates), else any of the schema's.
        const pool = near
          ? targetsOf(def.node)
              .filter((x) => x.kind === target.kind)
              .map((x) => (x.node as { value: string }).value)
          : names[target.kind];
        const replacement = pool[n % pool.length];
        const start = target.node.loc!.start;
        const end = target.node.loc!.end;
        const before = whole(schema, def.text);
        const after = whole(schema, def.text.slice(0, start) + replacement + def.text.slice(end));
        const expected = before !== undefined && after !== undefined && isFewer(before, after, strictly);

        const replaced = withNameReplaced(def.node, target.node, replacement)!;
        const { changed, unchanged } = rulesFor(target.kind);
        if (!['true', 'false', 'null'].includes(replacement) || target.kind !== 'enumValue') {
          assert.deepEqual(
            sorted(messagesOf(schema, documentOf(replaced), unchanged)),
            sorted(messagesOf(schema, documentOf(def.node), unchanged)),
            'the rules left out do not change',
          );
          const c0 = messagesOf(schema, documentOf(def.node), changed);
          const c1 = messagesOf(schema, documentOf(replaced), changed);
          if (JSON.stringify(sorted(c0)) !== JSON.stringify(sorted(c1))) {
            seen.changedProblems++;
          }
        }
        const narrow = narrowBeforeOf(schema, def.node, target.kind, taggedProblems(schema, def.node)); // as the code actions compute it
        const verdict = narrowVerdict(schema, def.node, target.node, replacement, target.kind, narrow, strictly);
        if (verdict !== undefined) {
          assert.equal(verdict, expected, `${target.kind} -> ${replacement} in ${def.text.slice(0, 60)}`);
          seen[verdict ? 'true' : 'false']++;
        }
      }),
      { numRuns: 1000, seed: 24 },
    );
    // Not vacuous: both answers, and replacements that changed what the narrowed rules report.
    assert.ok(seen.true > 50 && seen.false > 200 && seen.changedProblems > 200, JSON.stringify(seen));
  });
});
