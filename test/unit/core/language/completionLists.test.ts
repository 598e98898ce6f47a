/**
 * The completion lists computed in completionLists.ts against graphql-language-service's own, on
 * random documents and positions over GitHub's schema (the bench's) and the Sandbox schema: type
 * names in variable definitions (plain, in a list, non-null), type conditions (at the top, under an
 * abstract and under an object type), fragment spreads (the document's fragments, some defined
 * twice or on unknown types, the workspace's, the host fragment itself), variable names in their
 * definitions and where no input type is expected, field names, and values (an argument's, a list
 * item's, an input field's, a variable where an input type is expected; enums, Booleans and other
 * types, with variables of the operation that spreads the fragment); each with a typed word that is
 * empty, a prefix of a real name, a real name with one edit (substitution, transposition, a letter
 * dropped or added, another case) or anything (so that nothing is within reach and the library
 * ranks every candidate). Each case compares, item by item and in order, `fastCompletion` with the
 * library on the same token, and the service with the library on the whole text; and the filter
 * and ranking alone (`hintList`) is compared with the library's on random lists and words.
 *
 *   TENANT_GRAPHQL_PBT_SEED=<n>   another seed    TENANT_GRAPHQL_PBT_RUNS=<n>   cases per schema
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as fc from 'fast-check';
import {
  getNamedType,
  isAbstractType,
  isCompositeType,
  isEnumType,
  isInputObjectType,
  isInputType,
  isObjectType,
  parse,
  type FragmentDefinitionNode,
  type GraphQLSchema,
} from 'graphql';
import {
  CompletionItemKind,
  getAutocompleteSuggestions,
  getFragmentDefinitions,
  getTokenAtPosition,
  Position as LibPosition,
  type ContextTokenForCodeMirror,
} from 'graphql-language-service';
import { hintList as libraryHintList } from 'graphql-language-service/dist/interface/autocompleteUtils';
import { schemaFromSdl } from '../../../../src/core/schema/loadSchema';
import { SANDBOX_SDL } from '../../../../src/sandbox/schema';
import { CompletionLists, fastCompletion } from '../../../../src/core/language/completionLists';
import { hintList } from '../../../../src/core/language/completionFilter';
import { valueCompletion } from '../../../../src/core/language/completionValues';
import { completionContext, toCompletionItem } from '../../../../src/core/language/completionItems';
import { directCompletion } from '../../../../src/core/language/directCalls';
import { GraphqlLanguageService } from '../../../../src/core/language/languageService';
import { FragmentIndex } from '../../../../src/core/language/fragmentIndex';
import { schemaFromIntrospection } from '../schema/introspectionSchema';

const root = path.join(__dirname, '../../../..');
const SEED = Number(process.env.TENANT_GRAPHQL_PBT_SEED ?? 20261127);
const RUNS = process.env.TENANT_GRAPHQL_PBT_RUNS ? Number(process.env.TENANT_GRAPHQL_PBT_RUNS) : undefined;
const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789'.split('');

/** The position kinds a case can ask for; each must be compared at least a few times per run. */
const KINDS = [
  'variableType',
  'listType',
  'nonNullType',
  'typeCondition',
  'inlineTypeCondition',
  'spread',
  'variableName',
  'variableWithoutType',
  'field',
  'argumentValue',
  'listValue',
  'variableValue',
  'objectFieldValue',
] as const;
type Kind = (typeof KINDS)[number];

/** A word as typed: empty, a real name cut short or with one edit, or anything. */
function wordArbitrary(names: readonly string[]): fc.Arbitrary<string> {
  const name = fc.constantFrom(...names);
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant('') },
    { weight: 3, arbitrary: fc.tuple(name, fc.nat()).map(([n, cut]) => n.slice(0, 1 + (cut % n.length))) },
    {
      weight: 4,
      arbitrary: fc.tuple(name, fc.nat(), fc.constantFrom('substitute', 'swap', 'drop', 'add', 'case', 'none'), fc.constantFrom(...LETTERS)).map(([n, at, edit, ch]) => {
        const i = at % n.length;
        switch (edit) {
          case 'substitute':
            return n.slice(0, i) + ch + n.slice(i + 1);
          case 'swap':
            return i + 1 < n.length ? n.slice(0, i) + n[i + 1] + n[i] + n.slice(i + 2) : n;
          case 'drop':
            return n.length > 1 ? n.slice(0, i) + n.slice(i + 1) : n;
          case 'add':
            return n.slice(0, i) + ch + n.slice(i);
          case 'case':
            return n.toLowerCase();
          default:
            return n;
        }
      }),
    },
    { weight: 2, arbitrary: fc.array(fc.constantFrom(...LETTERS), { minLength: 1, maxLength: 9 }).map((a) => (/^[0-9]/.test(a.join('')) ? `x${a.join('')}` : a.join(''))) },
  );
}

interface Case {
  readonly kind: Kind;
  readonly word: string;
  /** How many characters of the word are before the cursor (the rest after it). */
  readonly cut: number;
  readonly host: string;
  readonly fragments: readonly { readonly name: string; readonly on: string }[];
  readonly pick: number;
}

interface Subject {
  readonly name: string;
  readonly schema: GraphQLSchema;
  readonly runs: number;
}

const namesMemo = new WeakMap<GraphQLSchema, ReturnType<typeof namesOf>>();

/** The schema's names the cases pick from, once per schema. */
function names(schema: GraphQLSchema): ReturnType<typeof namesOf> {
  let n = namesMemo.get(schema);
  if (!n) {
    n = namesOf(schema);
    namesMemo.set(schema, n);
  }
  return n;
}

function namesOf(schema: GraphQLSchema) {
  const types = Object.values(schema.getTypeMap());
  const composite = types.filter((t) => isCompositeType(t)).map((t) => t.name);
  return {
    all: types.map((t) => t.name),
    input: types.filter((t) => isInputType(t)).map((t) => t.name),
    composite,
    abstract: types.filter((t) => isAbstractType(t)).map((t) => t.name),
    objects: types.filter((t) => isObjectType(t) && !t.name.startsWith('__')).map((t) => t.name),
    fields: [...new Set(types.filter((t) => isObjectType(t)).flatMap((t) => (isObjectType(t) ? Object.keys(t.getFields()) : [])))].slice(0, 2000),
    /** Every argument of an object type's field: where values are completed. */
    args: types.flatMap((t) =>
      isObjectType(t) && !t.name.startsWith('__')
        ? Object.values(t.getFields()).flatMap((f) => f.args.map((a) => ({ owner: t.name, field: f.name, arg: a.name, type: String(a.type), named: getNamedType(a.type) })))
        : [],
    ),
    enumValues: types.flatMap((t) => (isEnumType(t) ? t.getValues().map((v) => v.name) : [])).slice(0, 3000),
  };
}

function caseArbitrary(schema: GraphQLSchema): fc.Arbitrary<Case> {
  const n = names(schema);
  const fragmentNames = ['Alpha', 'Beta', 'BetaTwo', 'Gamma', 'Host', 'on_', 'PageInfoFields', 'Actor', 'Deprecated'];
  return fc.record({
    kind: fc.constantFrom(...KINDS),
    word: wordArbitrary([...n.all, ...n.fields, ...fragmentNames, ...n.enumValues, 'true', 'false', 'a', 'b', 'c']),
    cut: fc.nat(),
    host: fc.constantFrom(...n.composite.filter((t) => !t.startsWith('__'))),
    fragments: fc.array(fc.record({ name: fc.constantFrom(...fragmentNames), on: fc.oneof(fc.constantFrom(...n.composite), fc.constantFrom(...n.all), fc.constant('Unknown')) }), {
      maxLength: 8,
    }),
    pick: fc.nat(),
  });
}

/** The case's document, with `‸` at the cursor. */
function documentOf(schema: GraphQLSchema, c: Case): string {
  const n = names(schema);
  const cut = c.word.length === 0 ? 0 : c.cut % (c.word.length + 1);
  const w = `${c.word.slice(0, cut)}‸${c.word.slice(cut)}`;
  const abstract = n.abstract.length > 0 ? n.abstract[c.pick % n.abstract.length] : c.host;
  const defined = c.fragments.map((f) => `fragment ${f.name} on ${f.on} {\n  __typename\n}\n`).join('');
  switch (c.kind) {
    case 'variableType':
      return `query Q($a: Int, $b: ${w}) {\n  __typename\n}\n`;
    case 'listType':
      return `query Q($b: [${w}]) {\n  __typename\n}\n`;
    case 'nonNullType':
      return `mutation M($b: [${w}!]!, $c: String) {\n  __typename\n}\n`;
    case 'typeCondition':
      return `${defined}fragment F on ${w} {\n  __typename\n}\n`;
    case 'inlineTypeCondition':
      return `fragment F on ${c.pick % 2 === 0 ? abstract : c.host} {\n  ... on ${w}\n}\n`;
    case 'spread':
      return `${defined}fragment ${c.pick % 3 === 0 ? 'Host' : 'Other'} on ${c.pick % 2 === 0 ? abstract : c.host} {\n  id\n  ...${w}\n}\n${c.pick % 5 === 0 ? `{\n  ...${c.word}\n}\n` : ''}`;
    case 'variableName':
      return `query Q($a: Int, $${w}: String) {\n  __typename\n}\n`;
    case 'variableWithoutType':
      return `query Q($a: Int) {\n  ${n.fields[c.pick % n.fields.length]}(unknownArgument: $${w})\n  __typename(x: $${w.replace('‸', '')})\n}\n`;
    case 'field':
      return `fragment F on ${c.host} {\n  ${w}\n}\n`;
    case 'argumentValue':
    case 'listValue':
    case 'variableValue':
    case 'objectFieldValue': {
      // An argument of some field, its value typed; the operation that spreads the fragment
      // defines two variables of the argument's type, one of another input type and a Boolean.
      const pool = c.kind === 'objectFieldValue' ? n.args.filter((a) => isInputObjectType(a.named) && Object.keys(a.named.getFields()).length > 0) : n.args;
      const a = pool[c.pick % pool.length];
      let value = c.kind === 'listValue' ? `[${w}]` : c.kind === 'variableValue' ? `$${w}` : w;
      if (c.kind === 'objectFieldValue' && isInputObjectType(a.named)) {
        const fields = Object.keys(a.named.getFields());
        value = `{ ${fields[c.cut % fields.length]}: ${w} }`;
      }
      const other = n.input[c.cut % n.input.length];
      return `query Q($a: ${a.type}, $b: ${other}, $c: Boolean, $dd: ${a.type}) {\n  ...F\n}\n\nfragment F on ${a.owner} {\n  ${a.field}(${a.arg}: ${value})\n}\n`;
    }
  }
}

function cursorOf(marked: string): { text: string; line: number; character: number } {
  const at = marked.indexOf('‸');
  const text = marked.slice(0, at) + marked.slice(at + 1);
  const before = text.slice(0, at).split('\n');
  return { text, line: before.length - 1, character: before[before.length - 1].length };
}

const EXTERNAL = 'fragment Shared on Node { id }\nfragment Alpha on Query { __typename }\nfragment SharedActor on Actor { login }\nfragment SharedActor on User { id }\n';

describe('completion lists computed as graphql-language-service computes them', function () {
  this.timeout(180_000);
  const subjects: Subject[] = [
    {
      name: "GitHub's schema (the bench's)",
      schema: schemaFromIntrospection(readFileSync(path.join(root, 'node_modules/@octokit/graphql-schema/schema.json'), 'utf8')).schema,
      runs: 500,
    },
    { name: 'the Sandbox schema', schema: schemaFromSdl(SANDBOX_SDL).schema, runs: 500 },
  ];
  for (const subject of subjects) {
    it(`equal the library's, item by item, at random positions on ${subject.name}`, () => {
      const { schema } = subject;
      const lists = new CompletionLists(schema);
      const external: FragmentDefinitionNode[] = parse(EXTERNAL).definitions as FragmentDefinitionNode[];
      const index = new FragmentIndex();
      index.update('file:///ws/shared.graphql', EXTERNAL);
      const service = GraphqlLanguageService.create(schema, { index });
      const serviceExternal = index.all().map((f) => f.node);
      const compared = new Map<Kind, number>(KINDS.map((k) => [k, 0]));
      let version = 0;
      const details = fc.check(
        fc.property(caseArbitrary(schema), (c) => {
          const { text, line, character } = cursorOf(documentOf(schema, c));
          const cursor = new LibPosition(line, character);
          const token = getTokenAtPosition(text, cursor, 1);
          const context = completionContext(token);
          const own = getFragmentDefinitions(text);
          const fast = fastCompletion(lists, token, context, { owner: {}, own: () => own, external: () => external }) ?? valueCompletion(lists, token, context, text);
          if (fast !== undefined) {
            const library = getAutocompleteSuggestions(schema, text, cursor, token as ContextTokenForCodeMirror, external).map((item) => toCompletionItem(item, context));
            assert.deepEqual(fast, library, `${c.kind} in ${JSON.stringify(text)} at ${line}:${character}`);
            compared.set(c.kind, (compared.get(c.kind) ?? 0) + 1);
          }
          const uri = 'file:///ws/doc.graphql';
          assert.deepEqual(
            service.complete({ uri, version: ++version, text }, { line, character }),
            directCompletion(schema, text, { line, character }, serviceExternal, uri),
            `service: ${c.kind} in ${JSON.stringify(text)} at ${line}:${character}`,
          );
        }),
        { seed: SEED, numRuns: RUNS ?? subject.runs },
      );
      if (details.failed) {
        throw new Error(`seed ${details.seed}, path ${details.counterexamplePath}: ${fc.stringify(details.counterexample)}\n${String(details.errorInstance)}`);
      }
      // Every kind of position was answered by the lists and compared (not left to the library).
      console.log(`      ${subject.name}: ${[...compared].map(([k, v]) => `${k} ${v}`).join(', ')}`);
      for (const [kind, count] of compared) {
        assert.ok(count >= 10, `${kind}: only ${count} cases answered by the lists`);
      }
    });
  }

  it("filters and ranks as the library's hintList, on random lists and words", () => {
    const label = fc.array(fc.constantFrom(...LETTERS, '-', '.', ' ', 'é'), { minLength: 0, maxLength: 14 }).map((a) => a.join(''));
    fc.assert(
      fc.property(fc.array(fc.record({ label, deprecated: fc.boolean() }), { maxLength: 40 }), fc.oneof(label, fc.constantFrom('', ':', '{', ' ', '$', '...')), (list, word) => {
        const token = { start: 0, end: word.length, string: word, state: { kind: 'Field', step: 0 } as never, style: '' };
        const libraryItems = list.map((e, i) => ({ label: e.label, isDeprecated: e.deprecated, kind: CompletionItemKind.Field, detail: String(i) }));
        const entries = list.map((e, i) => ({
          label: e.label,
          normalized: e.label.toLowerCase().replaceAll(/\W/g, ''),
          isDeprecated: e.deprecated,
          item: { label: e.label, kind: 'field' as const, detail: String(i) },
        }));
        const expected = libraryHintList(token, libraryItems).map((item) => `${item.label}#${item.detail}`);
        assert.deepEqual(
          hintList(token, entries).map((item) => `${item.label}#${item.detail}`),
          expected,
        );
      }),
      { seed: SEED, numRuns: RUNS ?? 3000 },
    );
  });
});
