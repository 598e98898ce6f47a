import assert from 'node:assert/strict';
import fc from 'fast-check';
import { buildSchema, Kind, NoDeprecatedCustomRule, parse, specifiedRules, validate, visit, type DefinitionNode, type GraphQLError } from 'graphql';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { GraphqlLanguageService } from '../../../../src/core/language/languageService';
import { schemaFromSdl } from '../../../../src/core/schema/loadSchema';
import { SANDBOX_SDL } from '../../../../src/sandbox/schema';
import { DOCUMENT_RULES, IncrementalValidator, PART_RULES, WHOLE_RULES, validateWhole } from '../../../../src/core/language/incrementalValidation';

const SCHEMA = buildSchema(`
  interface Node { id: ID! }
  type Task implements Node { id: ID! name: String status: Status tags(first: Int): [String!] owner: User old: String @deprecated(reason: "use name") }
  type User implements Node { id: ID! name: Int login: String tasks: [Task!] }
  union Item = Task | User
  enum Status { OPEN DONE OLD @deprecated }
  input TaskInput { name: String! status: Status }
  type Query { node(id: ID!): Node item: Item tasks(status: Status): [Task!] me: User }
  type Mutation { addTask(input: TaskInput!): Task }
  type Subscription { taskAdded: Task taskRemoved: Task }
`);

/**
 * Definitions chosen to meet every rule group: conflicting fields through fragments under
 * mutually exclusive and non-exclusive parents (OverlappingFieldsCanBeMerged's memo by fragment
 * pair), duplicate and unknown names, cycles, unused and undefined variables, deprecations.
 */
const POOL = [
  'query A { tasks { ...TaskName ...TaskStatus } }',
  'query A { me { login } }',
  'query B($s: Status) { tasks(status: $s) { ...TaskName name: status } }',
  'query C { item { ... on Task { ...TaskName } ... on User { ...UserName } } }',
  'query D { item { ...TaskName ...UserName } }',
  '{ tasks { id } }',
  '{ me { id } }',
  'query E($unused: Int) { tasks { old status } }',
  'query F { tasks(status: OLD) { id x: name x: status } }',
  'query G { node(id: $missing) { id ...Missing } }',
  'mutation H($input: TaskInput!) { addTask(input: $input) { ...TaskName } }',
  'subscription I { taskAdded { id } taskRemoved { id } }',
  'query J { __schema { types { fields { type { fields { type { fields { name } } } } } } } }',
  'fragment TaskName on Task { name ...TaskStatus }',
  'fragment TaskName on Task { name: status }',
  'fragment TaskStatus on Task { status name: id }',
  'fragment UserName on User { name }',
  'fragment UserName on User { name: login ...Cycle }',
  'fragment Cycle on User { ...UserName }',
  'fragment OnScalar on String { x }',
  'fragment Unused on Task { id }',
  'query K($v: Nope, $w: [Tsk!]) { tasks { id ... on Nop { x } } }',
  'fragment OnUnknown on Nope { x }',
  'fragment Conflict on Item { ... on Task { value: name } ... on User { value: name } }',
];

function comparable(errors: readonly GraphQLError[]): string[] {
  return errors.map((e) => `${e.message} @ ${(e.nodes ?? []).map((n) => `${n.loc?.source.name}:${n.loc?.start}-${n.loc?.end}`).join(',')}`).sort();
}

describe('incremental validation', () => {
  it('sorts every specified rule into a group whose state it keeps (a graphql upgrade with a rule not looked at fails here)', () => {
    // Rules read per component: what they report while visiting a definition depends on it, the
    // fragments it reaches by name and the schema (their memos are by fragment name). Read in
    // graphql 16.15's and 17.1's sources; a rule missing here has to be read before it is sorted.
    const local = new Set([
      ...['SingleFieldSubscriptionsRule', 'KnownTypeNamesRule', 'FragmentsOnCompositeTypesRule', 'VariablesAreInputTypesRule', 'ScalarLeafsRule'],
      ...['FieldsOnCorrectTypeRule', 'KnownFragmentNamesRule', 'PossibleFragmentSpreadsRule', 'UniqueVariableNamesRule', 'NoUndefinedVariablesRule'],
      ...['NoUnusedVariablesRule', 'KnownDirectivesRule', 'UniqueDirectivesPerLocationRule', 'KnownArgumentNamesRule', 'UniqueArgumentNamesRule'],
      ...['ValuesOfCorrectTypeRule', 'ProvidedRequiredArgumentsRule', 'VariablesInAllowedPositionRule', 'OverlappingFieldsCanBeMergedRule'],
      ...['UniqueInputFieldNamesRule', 'MaxIntrospectionDepthRule', 'KnownOperationTypesRule', 'DeferStreamDirectiveOnRootFieldRule'],
      ...['DeferStreamDirectiveOnValidOperationsRule', 'StreamDirectiveOnListFieldRule'],
    ]);
    assert.deepEqual(
      PART_RULES.map((r) => r.name).filter((name) => !local.has(name)),
      [],
    );
    assert.deepEqual(
      WHOLE_RULES.map((r) => r.name),
      specifiedRules.some((r) => r.name === 'DeferStreamDirectiveLabelRule') ? ['DeferStreamDirectiveLabelRule'] : [],
    );
    const groups = [...DOCUMENT_RULES, ...PART_RULES, ...WHOLE_RULES];
    assert.equal(groups.length, specifiedRules.length);
    assert.deepEqual(new Set(groups), new Set(specifiedRules));
  });

  it("finds a definition's fragment spreads as graphql's visit does, in its order (pool, GitHub's bench document, nesting, type system definitions)", () => {
    const spreadsByVisit = (def: DefinitionNode) => {
      const names: string[] = [];
      visit(def, {
        FragmentSpread(node) {
          names.push(node.name.value);
        },
      });
      return names;
    };
    const nested = `query N { ${'me { ...A tasks { ... on Task { ...B owner { '.repeat(150)}id${' } } ...C } ...D }'.repeat(150)} }`;
    const texts = [
      ...POOL,
      readFileSync(path.join(__dirname, '../../../fixtures/parity/github.graphql'), 'utf8'),
      nested,
      'type T { a: Int } extend type T @d(x: 1)',
      'fragment F on T @d(a: [1]) { ...G a(x: {y: 1}) { ... @skip(if: true) { ...H } } ...G }',
    ];
    let spreads = 0;
    for (const text of texts) {
      for (const def of parse(text).definitions) {
        const ours = new IncrementalValidator(SCHEMA).spreadsOf(def);
        assert.deepEqual(ours, spreadsByVisit(def), text.slice(0, 60));
        spreads += ours.length;
      }
    }
    assert.ok(spreads > 600, `spreads compared: ${spreads}`);
  });

  it('equals whole-document validation over random edit sequences that keep unchanged definitions', () => {
    // Each pool entry is parsed once per "source" so the same text can appear as distinct nodes.
    const parsed = (i: number, copy: number): DefinitionNode => {
      const def = parse(POOL[i], { noLocation: false }).definitions[0];
      (def.loc?.source as { name: string }).name = `p${i}c${copy}`;
      return def;
    };
    const step = fc.record({ at: fc.nat(), pool: fc.nat(POOL.length - 1), kind: fc.constantFrom('insert', 'replace', 'remove', 'touch') });
    fc.assert(
      fc.property(fc.array(fc.nat(POOL.length - 1), { minLength: 1, maxLength: 8 }), fc.array(step, { minLength: 1, maxLength: 12 }), (start, steps) => {
        const validator = new IncrementalValidator(SCHEMA);
        let copy = 0;
        let defs = start.map((i) => parsed(i, copy++));
        const check = () => {
          const document = { kind: Kind.DOCUMENT, definitions: defs } as const;
          const ours = validator.validate(defs);
          assert.deepEqual(comparable(ours.errors), comparable(validate(SCHEMA, document, specifiedRules)));
          assert.deepEqual(comparable(ours.deprecations), comparable(validate(SCHEMA, document, [NoDeprecatedCustomRule])));
          const whole = validateWhole(SCHEMA, defs);
          assert.deepEqual(comparable(whole.errors), comparable(ours.errors));
          assert.deepEqual(comparable(whole.deprecations), comparable(ours.deprecations));
        };
        check();
        for (const s of steps) {
          const at = defs.length === 0 ? 0 : s.at % defs.length;
          defs = [...defs];
          if (s.kind === 'insert' || defs.length === 0) {
            defs.splice(at, 0, parsed(s.pool, copy++));
          } else if (s.kind === 'replace') {
            defs[at] = parsed(s.pool, copy++);
          } else if (s.kind === 'remove') {
            defs.splice(at, 1);
          } else {
            // the same text, parsed again (an edit that was undone)
            const src = defs[at].loc?.source.body ?? POOL[0];
            defs[at] = parsed(POOL.indexOf(src) >= 0 ? POOL.indexOf(src) : 0, copy++);
          }
          check();
        }
      }),
      { numRuns: 300, seed: 20261123 },
    );
  });

  it('re-validates only what changed: an unchanged definition keeps its errors objects', () => {
    const validator = new IncrementalValidator(SCHEMA);
    const a = parse('query A { tasks { nope } }').definitions[0];
    const b = parse('query B { me { nope } }').definitions[0];
    const first = validator.validate([a, b]);
    const b2 = parse('query B { me { alsoNope } }').definitions[0];
    const second = validator.validate([a, b2]);
    assert.equal(first.full, false);
    assert.equal(
      second.errors.find((e) => e.message.includes('"nope" on type "Task"')),
      first.errors.find((e) => e.message.includes('"nope" on type "Task"')),
    );
    assert.ok(second.errors.some((e) => e.message.includes('"alsoNope"')));
  });

  it('validates the whole document at once where graphql would stop at 100 errors', () => {
    const text = Array.from({ length: 60 }, (_, i) => `query Q${i} { tasks { a${i} b${i} } }`).join('\n');
    const defs = parse(text).definitions;
    const ours = new IncrementalValidator(SCHEMA).validate(defs);
    const full = validate(SCHEMA, parse(text), specifiedRules);
    assert.equal(ours.full, true);
    assert.equal(full.length, 101);
    assert.deepEqual(
      ours.errors.map((e) => e.message),
      full.map((e) => e.message),
    );
  });

  it("reports graphql's 'Validation aborted.' where one definition spends graphql's whole fragment budget, instead of throwing", () => {
    // One fragment spreading another 60,000 times: graphql's budget of fragment work (50,000) is spent
    // inside one definition's own validation context, which throws graphql's abort; validate() reports it.
    const text = `query Q { tasks { ...Spread } }\nfragment Spread on Task { ${'...Name '.repeat(60_000)} }\nfragment Name on Task { name }`;
    const full = validate(SCHEMA, parse(text), specifiedRules);
    assert.deepEqual(
      full.map((e) => e.message),
      ['Validation aborted.'],
    );
    const ours = new IncrementalValidator(SCHEMA).validate(parse(text).definitions);
    assert.equal(ours.full, true);
    assert.deepEqual(
      ours.errors.map((e) => e.message),
      full.map((e) => e.message),
    );
    assert.deepEqual(ours.deprecations, validate(SCHEMA, parse(text), [NoDeprecatedCustomRule]));
  });
});

describe('diagnostics in slices', () => {
  it('a large new document: each call leaves when its budget is spent, the last one returns what one call would', () => {
    const schema = schemaFromSdl(SANDBOX_SDL).schema;
    const base = readFileSync(path.resolve(__dirname, '../../../fixtures/parity/sandbox.graphql'), 'utf8');
    // Copies with renamed definitions and one broken field each, so there is something to report.
    const text = Array.from(
      { length: 60 },
      (_, i) =>
        base.replace(/\b(query|mutation|subscription|fragment) (\w+)/g, `$1 $2_${i}`).replace(/\.\.\.(\w+)/g, `...$1_${i}`) + `\nquery Broken_${i} { tasks { nope_${i} } }\n`,
    ).join('\n');
    const doc = { uri: 'file:///ws/large.graphql', version: 1, text };
    const sliced = GraphqlLanguageService.create(schema);
    let calls = 0;
    let result = sliced.diagnosticsWithin(doc, 1);
    while (!result) {
      calls++;
      assert.ok(calls < 10_000, 'the slices make progress');
      result = sliced.diagnosticsWithin(doc, 1);
    }
    assert.ok(calls > 1, `split into slices (${calls})`);
    const whole = GraphqlLanguageService.create(schema).diagnostics(doc);
    assert.ok(whole.some((d) => d.message.includes('nope_59')));
    assert.deepEqual(result, whole);
  });
});
