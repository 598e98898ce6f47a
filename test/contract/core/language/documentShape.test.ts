import assert from 'node:assert/strict';
import fc from 'fast-check';
import { buildSchema, Kind, NoDeprecatedCustomRule, parse, specifiedRules, validate, type DefinitionNode, type GraphQLError } from 'graphql';
import { IncrementalValidator } from '../../../../src/core/language/incrementalValidation';
import { documentShape } from '../../../../src/core/language/documentShape';

const SCHEMA = buildSchema(`
  type Task { id: ID! name: String status: Status owner: User old: String @deprecated(reason: "use name") }
  type User { id: ID! name: Int login: String tasks: [Task!] }
  enum Status { OPEN DONE }
  type Query { tasks(status: Status): [Task!] me: User }
`);

/**
 * Variants of definitions, grouped by shape (kind, name, fragment spreads): an edit to another
 * variant of the same group keeps the document's shape, as typing inside a selection set does.
 * Some variants break per-definition or component rules; some documents break whole-document ones
 * (duplicate names, unused fragments, two anonymous operations, a cycle).
 */
const GROUPS = [
  ['query A { tasks { ...TaskName } }', 'query A { tasks { id ...TaskName } }', 'query A { tasks { ...TaskName name: status } }', 'query A { tasks { nope ...TaskName } }'],
  ['query B { me { login } }', 'query B { me { id name } }', 'query B { me { old: login tasks { old } } }'],
  ['query C { me { ...UserName tasks { ...TaskName } } }', 'query C { me { id ...UserName tasks { id ...TaskName } } }'],
  ['fragment TaskName on Task { name }', 'fragment TaskName on Task { name: status }', 'fragment TaskName on Task { status old }'],
  ['fragment UserName on User { name }', 'fragment UserName on User { login }', 'fragment UserName on User { name: login }'],
  ['{ tasks { id } }', '{ me { id } }'],
  ['fragment Loop on User { ...Loop2 }', 'fragment Loop on User { id ...Loop2 }'],
  ['fragment Loop2 on User { ...Loop }', 'fragment Loop2 on User { login ...Loop }'],
];

function comparable(errors: readonly GraphQLError[]): string[] {
  return errors.map((e) => `${e.message} @ ${(e.nodes ?? []).map((n) => `${n.loc?.source.name}:${n.loc?.start}-${n.loc?.end}`).join(',')}`).sort();
}

interface Def {
  readonly g: number;
  readonly node: DefinitionNode;
}

/** One random edit applied to a copy of a document's definitions: insert a definition, remove one, or change one to another variant (the same shape, mostly). */
function applyEdit(defs: readonly Def[], s: { at: number; group: number; variant: number; kind: string }, parsed: (g: number, v: number) => DefinitionNode): Def[] {
  const next = [...defs];
  const at = next.length === 0 ? 0 : s.at % next.length;
  if (s.kind === 'insert' || next.length === 0) {
    next.splice(at, 0, { g: s.group, node: parsed(s.group, s.variant) });
  } else if (s.kind === 'remove') {
    next.splice(at, 1);
  } else {
    next[at] = { g: next[at].g, node: parsed(next[at].g, s.variant) };
  }
  return next;
}

describe('document shape (the whole-document rules and components kept across edits)', () => {
  it('is equal for variants of the same definitions, and tells kinds, names and spreads apart', () => {
    const spreads = (text: string) => {
      const found: string[] = [];
      for (const m of text.matchAll(/\.\.\.(\w+)/g)) {
        found.push(m[1]);
      }
      return found;
    };
    const shapeOf = (texts: string[]) => {
      const defs = texts.map((t) => parse(t).definitions[0]);
      return documentShape(defs, (def) => spreads(texts[defs.indexOf(def)]));
    };
    for (const group of GROUPS) {
      assert.equal(new Set(group.map((t) => shapeOf([t]))).size, 1, group[0]);
    }
    const all = GROUPS.map((g) => shapeOf([g[0]]));
    assert.equal(new Set(all).size, GROUPS.length);
    assert.notEqual(shapeOf([GROUPS[0][0], GROUPS[1][0]]), shapeOf([GROUPS[1][0], GROUPS[0][0]]));
  });

  it('validation over random edits, most keeping the shape, equals whole-document validation and a fresh validator', () => {
    let copy = 0;
    const parsed = (g: number, v: number): DefinitionNode => {
      const def = parse(GROUPS[g][v % GROUPS[g].length]).definitions[0];
      (def.loc?.source as { name: string }).name = `g${g}v${v}c${copy++}`;
      return def;
    };
    const edited = new Set<unknown>();
    let documentRuns = 0;
    const proto = IncrementalValidator.prototype as unknown as { runDocumentRules: (...args: unknown[]) => number };
    const original = proto.runDocumentRules;
    proto.runDocumentRules = function (this: unknown, ...args: unknown[]) {
      documentRuns += edited.has(this) ? 1 : 0;
      return original.apply(this, args);
    };
    let validations = 0;
    try {
      const step = fc.record({ at: fc.nat(), group: fc.nat(GROUPS.length - 1), variant: fc.nat(3), kind: fc.constantFrom('variant', 'variant', 'variant', 'insert', 'remove') });
      fc.assert(
        fc.property(fc.array(fc.nat(GROUPS.length - 1), { minLength: 1, maxLength: 7 }), fc.array(step, { minLength: 1, maxLength: 12 }), (start, steps) => {
          const validator = new IncrementalValidator(SCHEMA);
          edited.add(validator);
          let defs = start.map((g) => ({ g, node: parsed(g, 0) }));
          const check = () => {
            const nodes = defs.map((d) => d.node);
            const document = { kind: Kind.DOCUMENT, definitions: nodes } as const;
            const ours = validator.validate(nodes);
            validations++;
            assert.deepEqual(comparable(ours.errors), comparable(validate(SCHEMA, document, specifiedRules)));
            assert.deepEqual(comparable(ours.deprecations), comparable(validate(SCHEMA, document, [NoDeprecatedCustomRule])));
            const fresh = new IncrementalValidator(SCHEMA).validate(nodes);
            assert.deepEqual(comparable(ours.errors), comparable(fresh.errors));
          };
          check();
          for (const s of steps) {
            defs = applyEdit(defs, s, parsed);
            check();
          }
        }),
        { numRuns: 300, seed: 20261127 },
      );
    } finally {
      proto.runDocumentRules = original;
    }
    // Documents the whole-document rules find nothing in, edited within the shape, skip them.
    assert.ok(documentRuns < validations * 0.95, `${documentRuns} runs for ${validations} validations`);
  });

  it('one validator shared by documents of the same shape (a language service holds one per schema) gives each its whole-document validation', () => {
    // Also variants with the same names and other spreads (another shape): a fragment unused, another spread.
    const variantsOf = GROUPS.map((g, i) => (i === 0 ? [...g, 'query A { tasks { id } }'] : i === 2 ? [...g, 'query C { me { ...UserName } }'] : g));
    let copy = 0;
    const parsed = (g: number, v: number): DefinitionNode => {
      const def = parse(variantsOf[g][v % variantsOf[g].length]).definitions[0];
      (def.loc?.source as { name: string }).name = `shared-g${g}v${v}c${copy++}`;
      return def;
    };
    // Documents start from one list of groups (most often the same shape), then take turns: each edit to one
    // document is validated, then another document is validated with the memo the first left.
    const step = fc.record({
      doc: fc.nat(2),
      at: fc.nat(),
      group: fc.nat(GROUPS.length - 1),
      variant: fc.nat(4),
      kind: fc.constantFrom('variant', 'variant', 'variant', 'insert', 'remove'),
    });
    fc.assert(
      fc.property(
        fc.array(fc.nat(GROUPS.length - 1), { minLength: 1, maxLength: 6 }),
        fc.array(fc.nat(4), { minLength: 3, maxLength: 3 }),
        fc.array(step, { minLength: 1, maxLength: 15 }),
        (groups, variants, steps) => {
          const validator = new IncrementalValidator(SCHEMA);
          const docs = variants.map((v) => groups.map((g) => ({ g, node: parsed(g, v) })));
          const check = (d: number) => {
            const nodes = docs[d].map((x) => x.node);
            const document = { kind: Kind.DOCUMENT, definitions: nodes } as const;
            const ours = validator.validate(nodes);
            assert.deepEqual(comparable(ours.errors), comparable(validate(SCHEMA, document, specifiedRules)));
            assert.deepEqual(comparable(ours.deprecations), comparable(validate(SCHEMA, document, [NoDeprecatedCustomRule])));
          };
          docs.forEach((_, d) => check(d));
          for (const s of steps) {
            docs[s.doc] = applyEdit(docs[s.doc], s, parsed);
            check(s.doc);
            check((s.doc + 1) % docs.length);
          }
        },
      ),
      { numRuns: 200, seed: 20261127 },
    );
  });

  it('runs the whole-document rules once while edits keep the shape, and again when it changes', () => {
    const calls: unknown[] = [];
    const proto = IncrementalValidator.prototype as unknown as { runDocumentRules: (...args: unknown[]) => number };
    const original = proto.runDocumentRules;
    proto.runDocumentRules = function (this: unknown, ...args: unknown[]) {
      calls.push(this);
      return original.apply(this, args);
    };
    try {
      const validator = new IncrementalValidator(SCHEMA);
      const doc = (variant: number, extra: string[] = []) =>
        [0, 2, 3, 4].map((g) => parse(GROUPS[g][variant % GROUPS[g].length]).definitions[0]).concat(extra.map((t) => parse(t).definitions[0]));
      for (let v = 0; v < 6; v++) {
        const defs = doc(v);
        const errors = comparable(validator.validate(defs).errors);
        assert.deepEqual(errors, comparable(validate(SCHEMA, { kind: Kind.DOCUMENT, definitions: defs }, specifiedRules)));
      }
      assert.equal(calls.length, 1);
      // A new name: the shape changed. An unused fragment: reported, and run again on the next version.
      for (const v of [0, 1]) {
        const defs = doc(v, ['fragment Spare on Task { id }']);
        const ours = comparable(validator.validate(defs).errors);
        assert.deepEqual(ours, comparable(validate(SCHEMA, { kind: Kind.DOCUMENT, definitions: defs }, specifiedRules)));
        assert.ok(ours.some((e) => e.startsWith('Fragment "Spare" is never used.')));
      }
      assert.equal(calls.length, 3);
    } finally {
      proto.runDocumentRules = original;
    }
  });
});
