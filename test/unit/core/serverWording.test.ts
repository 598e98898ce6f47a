// The places that read graphql's message text (quick fixes, the variables file), against the words
// of servers on graphql 16 and on graphql 17. Every message is produced here by running each
// version's own validate / getVariableValues / graphql on the same schema and document: none is
// typed by hand, so a new release's wording shows up as a failing row.
import * as assert from 'node:assert/strict';
import * as graphql17 from 'graphql';
import * as graphql16 from 'graphql-16';
import { parseUnknownName } from '../../../src/core/language/quickFixDidYouMean';
import { isDeprecationMessage } from '../../../src/core/language/quickFixDeprecated';
import { parseDeclarationProblem } from '../../../src/core/language/quickFixDeclarations';
import { parseFieldProblem } from '../../../src/core/language/quickFixFields';
import { checkVariables } from '../../../src/core/run/variables';
import { variableNamedIn, variablesErrorOffset } from '../../../src/core/run/variablesFile';

/** The part of graphql's API used here, which both versions have with the same shape. */
interface Graphql {
  version: string;
  buildSchema(sdl: string): unknown;
  parse(source: string): unknown;
  validate(schema: unknown, document: unknown, rules: readonly unknown[]): readonly { message: string }[];
  specifiedRules: readonly unknown[];
  NoDeprecatedCustomRule: unknown;
  graphql(args: { schema: unknown; source: string; variableValues?: Record<string, unknown> }): Promise<{ errors?: readonly { message: string }[] }>;
}

const VERSIONS: readonly [string, Graphql][] = [
  ['16', graphql16 as unknown as Graphql],
  ['17', graphql17 as unknown as Graphql],
];

const SDL = `
  enum Priority { LOW HIGH OLD @deprecated(reason: "Use LOW") }
  input TaskInput { title: String!, priority: Priority, old: String @deprecated(reason: "Use title") }
  directive @flag(on: Boolean!, was: Int @deprecated(reason: "Gone")) on FIELD
  type Task {
    id: ID!
    title: String
    old: String @deprecated(reason: "Use title")
    sub(first: Int!, last: Int @deprecated(reason: "Use first")): Task
  }
  type Query { task(id: ID!): Task, tasks(filter: TaskInput, p: Priority): [Task], count(l: [Int!]): Int }
`;

/** What a reader makes of one message; undefined when it is not the reader's kind. */
function readAll(message: string): unknown {
  return parseUnknownName(message) ?? parseFieldProblem(message) ?? parseDeclarationProblem(message) ?? (isDeprecationMessage(message) ? { deprecated: true } : undefined);
}

/** Validation: a document, and what the readers must make of its messages (in any order: 16 and 17 order some differently). */
const VALIDATION: readonly { document: string; read: unknown[] }[] = [
  { document: '{ task(id: 1) { titel } }', read: [{ what: 'field', name: 'titel', suggestions: ['title'] }] },
  { document: '{ task(id: 1, idd: 2) { id } }', read: [{ what: 'argument', name: 'idd', suggestions: ['id'] }] },
  { document: '{ task(id: 1) @flag(on: true, onn: false) { id } }', read: [{ what: 'argument', name: 'onn', suggestions: ['on'] }] },
  // The required field's message is not one the quick fixes read; the unknown field's is.
  { document: '{ tasks(filter: { title: "a", titel: "x" }) { id } }', read: [{ what: 'inputField', name: 'titel', suggestions: ['title'] }] },
  { document: '{ tasks(filter: { title: "a", priorty: LOW }) { id } }', read: [{ what: 'inputField', name: 'priorty', suggestions: ['priority'] }] },
  { document: '{ tasks(filter: { title: "a", zzz: LOW }) { id } }', read: [{ what: 'inputField', name: 'zzz', suggestions: [] }] },
  {
    document: 'query Q($x: Taks) { task(id: 1) { id } }',
    read: [
      { problem: 'unusedVariable', name: 'x' },
      { what: 'type', name: 'Taks', suggestions: ['Task'] },
    ],
  },
  { document: '{ tasks(p: HIHG) { id } }', read: [{ what: 'enumValue', name: 'HIHG', suggestions: ['HIGH'] }] },
  { document: '{ task(id: 1) { ...Frag } }', read: [{ what: 'fragment', name: 'Frag', suggestions: [] }] },
  { document: '{ task(id: 1) @flg { id } }', read: [{ what: 'directive', name: 'flg', suggestions: [] }] },
  { document: '{ task(id: 1) { sub { id } } }', read: [{ lacks: 'argument', field: 'sub', argument: 'first' }] },
  { document: '{ task(id: 1) }', read: [{ lacks: 'selection', field: 'task' }] },
  // A directive's required argument: no quick fix reads it, in either wording.
  { document: '{ task(id: 1) @flag { id } }', read: [] },
  { document: '{ task(id: $v) { id } }', read: [{ problem: 'undefinedVariable', name: 'v' }] },
  { document: 'query Q($u: Int) { task(id: 1) { id } }', read: [{ problem: 'unusedVariable', name: 'u' }] },
  { document: 'fragment F on Task { id } { task(id: 1) { id } }', read: [{ problem: 'unusedFragment', name: 'F' }] },
  {
    document: '{ task(id: 1) @flag(on: true, was: 1) { old sub(first: 1, last: 2) { id } } tasks(p: OLD, filter: { title: "a", old: "b" }) { id } }',
    read: [{ deprecated: true }, { deprecated: true }, { deprecated: true }, { deprecated: true }, { deprecated: true }],
  },
];

/** Variables sent to a server: the variable each message must be found to name. */
const OPERATION = `query Q($id: ID!, $f: TaskInput, $p: Priority, $l: [Int!]) { task(id: $id) { id } tasks(filter: $f, p: $p) { id } count(l: $l) }`;
const VARIABLES: readonly { values: Record<string, unknown>; named: string[] }[] = [
  { values: {}, named: ['id'] },
  { values: { id: null }, named: ['id'] },
  { values: { id: {} }, named: ['id'] },
  { values: { id: 1, f: { titel: 'x' } }, named: ['f', 'f'] },
  { values: { id: 1, p: 'HIHG' }, named: ['p'] },
  { values: { id: 1, l: [1, 'a'] }, named: ['l'] },
  { values: { id: 1, l: [null] }, named: ['l'] },
];

describe("graphql's wording, servers on 16 and 17 alike", () => {
  it('runs both versions', () => {
    assert.deepEqual(
      VERSIONS.map(([major, g]) => g.version.split('.')[0] === major),
      [true, true],
    );
  });

  for (const [major, g] of VERSIONS) {
    describe(`graphql ${major}`, () => {
      const schema = g.buildSchema(SDL);
      for (const c of VALIDATION) {
        it(`validation: ${c.document}`, () => {
          const messages = g.validate(schema, g.parse(c.document), [...g.specifiedRules, g.NoDeprecatedCustomRule]).map((e) => e.message);
          assert.ok(messages.length > 0, 'the document has problems');
          const sorted = (read: unknown[]) => read.map((r) => JSON.stringify(r)).sort();
          assert.deepEqual(sorted(messages.map(readAll).filter((r) => r !== undefined)), sorted(c.read), messages.join('\n'));
        });
      }

      for (const c of VARIABLES) {
        it(`variables: ${JSON.stringify(c.values)}`, async () => {
          const result = await g.graphql({ schema, source: OPERATION, variableValues: c.values });
          const messages = (result.errors ?? []).map((e) => e.message);
          assert.deepEqual(messages.map(variableNamedIn), c.named, messages.join('\n'));
          // The variables file shows each at the variable's own entry, or the operation's when it has none.
          const sidecar = `{\n  "Q": ${JSON.stringify(c.values)}\n}`;
          for (const [i, message] of messages.entries()) {
            const key = c.named[i] in c.values ? c.named[i] : 'Q';
            const offset = variablesErrorOffset(sidecar, 'Q', message);
            assert.equal(sidecar.slice(offset, offset + key.length + 2), JSON.stringify(key), message);
          }
        });
      }
    });
  }
});

describe('checkVariables without a schema speaks graphql’s words', () => {
  const schema = graphql17.buildSchema(SDL);
  const cases: readonly Record<string, unknown>[] = [{}, { id: null }, { id: 1, l: [1, 'a'] }, { id: 1, l: [null] }, { id: 1, l: 'x' }];
  for (const values of cases) {
    it(JSON.stringify(values), () => {
      const operation = graphql17.parse('query Q($id: ID!, $l: [Int!]) { task(id: $id) { id } count(l: $l) }').definitions[0] as graphql17.OperationDefinitionNode;
      // With the schema, graphql's getVariableValues; without, the same words for what it can know.
      assert.deepEqual(checkVariables(undefined, operation, values), checkVariables(schema, operation, values));
    });
  }

  it('a type it does not know: only whether a required value is given and not null', () => {
    const operation = graphql17.parse('query Q($f: TaskInput!) { tasks(filter: $f) { id } }').definitions[0] as graphql17.OperationDefinitionNode;
    assert.deepEqual(checkVariables(undefined, operation, { f: { anything: 1 } }), []);
    assert.deepEqual(checkVariables(undefined, operation, {}), checkVariables(schema, operation, {}));
    assert.deepEqual(checkVariables(undefined, operation, { f: null }), checkVariables(schema, operation, { f: null }));
  });
});
