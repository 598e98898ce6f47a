import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { INITIAL, type IGrammar, type StateStack } from 'vscode-textmate';
import { OnigScanner } from 'vscode-oniguruma';
import { findLine, fixturesDir, grammarPath, loadGraphqlGrammar, loadOniguruma, repoRoot, scopesInLine, tokenizeDocument, type TokenizedLine } from './textmate';

/** A table row: in the line selected by `line`, the token `token` carries a scope containing `scope`. */
type ScopeCase = [line: string | number, token: string, scope: string, options?: { nth?: number; not?: string }];

const operations = readFileSync(path.join(fixturesDir, 'operations.graphql'), 'utf8');
const schema = readFileSync(path.join(fixturesDir, 'schema.graphqls'), 'utf8');

describe('GraphQL TextMate grammar', () => {
  let grammar: IGrammar;
  /** The rule stack at the top level of a document, outside every definition. */
  let topLevel: StateStack;
  const tokenized = new Map<string, TokenizedLine[]>();

  before(async () => {
    grammar = await loadGraphqlGrammar();
    topLevel = grammar.tokenizeLine('', INITIAL).ruleStack;
  });

  function linesOf(text: string): TokenizedLine[] {
    let lines = tokenized.get(text);
    if (!lines) {
      lines = tokenizeDocument(grammar, text);
      tokenized.set(text, lines);
    }
    return lines;
  }

  /** Scopes of `tokenText` on `line` (index, exact trimmed text, or unique substring) of document `text`. */
  function scopesAt(text: string, line: string | number, tokenText: string, nth?: number): string[] {
    return scopesInLine(findLine(linesOf(text), line), tokenText, nth);
  }

  function checkTable(text: string, cases: readonly ScopeCase[]): void {
    for (const [line, token, scope, options] of cases) {
      const scopes = scopesAt(text, line, token, options?.nth);
      const where = `${JSON.stringify(token)} in ${JSON.stringify(line)}: [${scopes.join(', ')}]`;
      assert.ok(
        scopes.some((s) => s.includes(scope)),
        `expected ${scope} for ${where}`,
      );
      if (options?.not !== undefined) {
        const forbidden = options.not;
        assert.ok(!scopes.some((s) => s.includes(forbidden)), `did not expect ${forbidden} for ${where}`);
      }
    }
  }

  describe('the grammar file', () => {
    type Rule = Record<string, unknown>;
    const raw = JSON.parse(readFileSync(grammarPath, 'utf8')) as Rule & { repository: Record<string, Rule> };

    function* rules(node: unknown): Generator<Rule> {
      if (Array.isArray(node)) {
        for (const child of node) {
          yield* rules(child);
        }
      } else if (node !== null && typeof node === 'object') {
        yield node as Rule;
        for (const child of Object.values(node)) {
          yield* rules(child);
        }
      }
    }

    it('is the grammar package.json contributes for the graphql language', () => {
      const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
        contributes: { grammars: { language: string; scopeName: string; path: string }[] };
      };
      const contribution = manifest.contributes.grammars.find((g) => g.language === 'graphql');
      assert.ok(contribution);
      assert.equal(path.resolve(repoRoot, contribution.path), grammarPath);
      assert.equal(contribution.scopeName, raw.scopeName);
      assert.equal(raw.scopeName, 'source.graphql');
    });

    it('includes only rules that exist in its repository', () => {
      const missing = [...rules([raw.patterns, raw.repository])]
        .map((r) => r.include)
        .filter((inc): inc is string => typeof inc === 'string')
        .filter((inc) => !(inc === '$self' || (inc.startsWith('#') && inc.slice(1) in raw.repository)));
      assert.deepEqual(missing, []);
    });

    it('pairs every begin with an end and compiles every regex with Oniguruma', async () => {
      await loadOniguruma();
      const regexes: string[] = [];
      for (const rule of rules([raw.patterns, raw.repository])) {
        assert.equal('begin' in rule, 'end' in rule, `begin/end mismatch in ${JSON.stringify(rule).slice(0, 80)}`);
        for (const key of ['match', 'begin', 'end']) {
          if (typeof rule[key] === 'string') {
            regexes.push(rule[key]);
          }
        }
      }
      assert.ok(regexes.length > 40);
      for (const regex of regexes) {
        assert.doesNotThrow(() => new OnigScanner([regex]).dispose(), regex);
      }
    });

    it('ends every scope name with .graphql so themes and tests can rely on the suffix', () => {
      const names = [...rules([raw.patterns, raw.repository])]
        .flatMap((r) => [r.name, r.contentName])
        .filter((n): n is string => typeof n === 'string')
        .flatMap((n) => n.split(' '));
      assert.ok(names.length > 40);
      assert.deepEqual(
        names.filter((n) => !n.endsWith('.graphql')),
        [],
      );
    });
  });

  describe('operations fixture', () => {
    const q = 'query HeroForEpisode';
    const cases: ScopeCase[] = [
      ['# Operations', '#', 'punctuation.definition.comment.graphql'],
      ['# Operations', 'fragments and values', 'comment.line.number-sign.graphql'],
      [q, 'query', 'keyword.operation.graphql'],
      [q, 'HeroForEpisode', 'entity.name.function.graphql'],
      [q, '(', 'punctuation.definition.parameters.begin.graphql'],
      [q, '$episode', 'variable.other.graphql'],
      [q, '$', 'punctuation.definition.variable.graphql', { nth: 1 }],
      [q, '$episode', 'meta.variables.graphql'],
      [q, ':', 'punctuation.separator.type-annotation.graphql', { nth: 1 }],
      [q, 'Episode', 'support.type.graphql', { not: 'builtin' }],
      [q, '=', 'keyword.operator.assignment.graphql', { nth: 1 }],
      [q, 'JEDI', 'constant.character.enum.graphql'],
      [q, 'JEDI', 'meta.default-value.graphql'],
      [q, ',', 'punctuation.separator.comma.graphql', { nth: 1 }],
      [q, 'Boolean', 'support.type.builtin.graphql'],
      [q, '!', 'keyword.operator.nonnull.graphql', { nth: 1 }],
      [q, '@deprecated', 'entity.name.function.directive.graphql'],
      [q, '@deprecated', 'meta.variables.graphql'],
      [q, '[', 'punctuation.definition.list-type.begin.graphql', { nth: 1 }],
      [q, 'ID', 'meta.type.list.graphql'],
      [q, 'ID', 'support.type.builtin.graphql'],
      [q, ']', 'punctuation.definition.list-type.end.graphql', { nth: 1 }],
      [q, '!', 'keyword.operator.nonnull.graphql', { nth: 3 }],
      [q, '"1"', 'string.quoted.double.graphql'],
      [q, '"1"', 'meta.list.graphql'],
      [q, ')', 'punctuation.definition.parameters.end.graphql'],
      [q, '@live', 'entity.name.function.directive.graphql', { not: 'meta.variables' }],
      [q, '{', 'punctuation.section.selectionset.begin.graphql'],
      ['hero(episode: $episode) {', 'hero', 'variable.other.property.graphql'],
      ['hero(episode: $episode) {', '(', 'punctuation.definition.arguments.begin.graphql'],
      ['hero(episode: $episode) {', 'episode', 'variable.parameter.graphql', { nth: 1 }],
      ['hero(episode: $episode) {', ':', 'punctuation.separator.key-value.graphql'],
      ['hero(episode: $episode) {', '$episode', 'variable.other.graphql'],
      ['hero(episode: $episode) {', '$episode', 'meta.arguments.graphql'],
      ['heroAlias: secretIdentity', 'heroAlias', 'variable.other.alias.graphql'],
      ['heroAlias: secretIdentity', ':', 'punctuation.separator.alias.graphql'],
      ['heroAlias: secretIdentity', 'secretIdentity', 'variable.other.property.graphql'],
      ['friends @include', '@include', 'entity.name.function.directive.graphql'],
      ['friends @include', '@', 'punctuation.definition.directive.graphql'],
      ['friends @include', 'if', 'variable.parameter.graphql'],
      ['friends @include', '$withFriends', 'variable.other.graphql'],
      ['...FriendFields', '...', 'keyword.operator.spread.graphql'],
      ['...FriendFields', 'FriendFields', 'entity.name.fragment.graphql'],
      ['... on Droid', 'on', 'keyword.on.graphql'],
      ['... on Droid', 'Droid', 'support.type.graphql'],
      ['... on Droid', 'primaryFunction', 'variable.other.property.graphql'],
      ['... @skip', '...', 'keyword.operator.spread.graphql'],
      ['... @skip', '@skip', 'entity.name.function.directive.graphql'],
      ['... @skip', 'false', 'constant.language.boolean.graphql'],
      ['... @skip', 'id', 'variable.other.property.graphql'],
      ['mutation {', 'mutation', 'keyword.operation.graphql'],
      ['createReview(', 'createReview', 'variable.other.property.graphql'],
      ['createReview(', 'review', 'variable.parameter.graphql'],
      ['createReview(', '{', 'punctuation.definition.object.begin.graphql', { nth: 1 }],
      ['createReview(', 'stars', 'support.type.property-name.graphql'],
      ['createReview(', 'stars', 'meta.object.graphql'],
      ['createReview(', '5', 'constant.numeric.integer.graphql'],
      ['createReview(', '"Great!', 'string.quoted.double.graphql'],
      ['createReview(', '\\n', 'constant.character.escape.graphql'],
      ['createReview(', '\\u00e9', 'constant.character.escape.graphql'],
      ['createReview(', '\\"', 'constant.character.escape.graphql', { nth: 1 }],
      ['createReview(', 'quoted', 'string.quoted.double.graphql'],
      ['createReview(', 'ACTION', 'constant.character.enum.graphql'],
      ['createReview(', 'ACTION', 'meta.list.graphql'],
      ['createReview(', 'null', 'constant.language.null.graphql'],
      ['createReview(', '-1.5e3', 'constant.numeric.float.graphql'],
      ['createReview(', '0', 'constant.numeric.integer.graphql'],
      ['createReview(', '}', 'punctuation.definition.object.end.graphql'],
      ['createReview(', ')', 'punctuation.definition.arguments.end.graphql'],
      ['stars, commentary', ',', 'punctuation.separator.comma.graphql'],
      ['stars, commentary', 'commentary', 'variable.other.property.graphql'],
      ['subscription OnReview', 'subscription', 'keyword.operation.graphql'],
      ['subscription OnReview', 'OnReview', 'entity.name.function.graphql'],
      ['subscription OnReview', 'reviewAdded', 'variable.other.property.graphql'],
      // The anonymous `{ }` shorthand, whose fields are spelled like keywords.
      ['type', 'type', 'variable.other.property.graphql', { not: 'keyword' }],
      ['query', 'query', 'variable.other.property.graphql', { not: 'keyword' }],
      ['on', 'on', 'variable.other.property.graphql', { not: 'keyword' }],
      ['fragment', 'fragment', 'variable.other.property.graphql', { not: 'keyword' }],
      ['mutation: schema', 'mutation', 'variable.other.alias.graphql', { not: 'keyword' }],
      ['mutation: schema', 'schema', 'variable.other.property.graphql', { not: 'keyword' }],
      ['search(text:', '"""', 'punctuation.definition.string.begin.graphql', { nth: 1 }],
      ['search(text:', 'block "text"', 'string.quoted.block.graphql'],
      ['search(text:', '\\"""', 'constant.character.escape.graphql'],
      ['search(text:', 'more', 'string.quoted.block.graphql'],
      ['search(text:', '"""', 'punctuation.definition.string.end.graphql', { nth: 3 }],
      ['search(text:', 'exact', 'variable.parameter.graphql'],
      ['search(text:', 'true', 'constant.language.boolean.graphql'],
      ['search(text:', '10', 'constant.numeric.integer.graphql'],
      ['fragment FriendFields', 'fragment', 'keyword.fragment.graphql'],
      ['fragment FriendFields', 'FriendFields', 'entity.name.fragment.graphql'],
      ['fragment FriendFields', 'on', 'keyword.on.graphql'],
      ['fragment FriendFields', 'Character', 'support.type.graphql'],
      ['fragment FriendFields', '@dir', 'entity.name.function.directive.graphql'],
      ['fragment FriendFields', 'a', 'variable.parameter.graphql'],
      ['fragment FriendFields', '1', 'constant.numeric.integer.graphql'],
      ['fragment FriendFields', '{', 'meta.selectionset.graphql'],
    ];

    it('scopes every construct of executable documents', () => {
      checkTable(operations, cases);
    });

    it('nests selection sets and returns to the top level after each operation', () => {
      assert.equal(scopesAt(operations, '... on Droid', 'primaryFunction').filter((s) => s === 'meta.selectionset.graphql').length, 4);
      const lines = linesOf(operations);
      const topLevelAfter = lines.filter((l) => l.text === '}').map((l) => l.stateAfter.equals(topLevel));
      assert.deepEqual(topLevelAfter, [true, true, true, true]);
    });
  });

  describe('schema fixture (SDL)', () => {
    const person = 'type Person implements';
    const friends = 'friends(first:';
    const queryField = 'query(filter:';
    const directive = 'directive @cacheControl';
    const cases: ScopeCase[] = [
      [0, '"""', 'punctuation.definition.description.begin.graphql'],
      [0, '"""', 'comment.block.description.graphql'],
      ['The schema of the', '**example**', 'comment.block.description.graphql', { not: 'string' }],
      ['schema @tenant {', 'schema', 'keyword.schema.graphql'],
      ['schema @tenant {', '@tenant', 'entity.name.function.directive.graphql'],
      ['schema @tenant {', '{', 'punctuation.section.block.begin.graphql'],
      ['query: Query', 'query', 'keyword.operation.graphql'],
      ['query: Query', 'Query', 'support.type.graphql'],
      ['extend schema @audit', 'extend', 'keyword.extend.graphql'],
      ['extend schema @audit', 'schema', 'keyword.schema.graphql'],
      ['subscription: Subscription', 'subscription', 'keyword.operation.graphql'],
      ['"A node with an ID"', 'A node with an ID', 'comment.line.description.graphql', { not: 'string' }],
      ['"A node with an ID"', '"', 'punctuation.definition.description.begin.graphql', { nth: 1 }],
      ['interface Node {', 'interface', 'keyword.interface.graphql'],
      ['interface Node {', 'Node', 'entity.name.type.graphql'],
      ['interface Named implements', 'Named', 'entity.name.type.graphql'],
      ['interface Named implements', 'implements', 'keyword.implements.graphql'],
      ['interface Named implements', 'Node', 'support.type.graphql'],
      ['interface Named implements', '&', 'keyword.operator.and.graphql'],
      ['interface Named implements', 'Entity', 'support.type.graphql'],
      ['name: String', 'name', 'variable.other.property.definition.graphql'],
      ['name: String', 'String', 'support.type.builtin.graphql'],
      ['A person, with', '\\"""', 'constant.character.escape.graphql'],
      ['A person, with', 'escaped quotes', 'comment.block.description.graphql'],
      [person, 'type', 'keyword.type.graphql'],
      [person, 'Person', 'entity.name.type.graphql'],
      [person, 'Named', 'support.type.graphql'],
      [person, '@key', 'entity.name.function.directive.graphql'],
      [person, 'fields', 'variable.parameter.graphql'],
      [person, '"id"', 'string.quoted.double.graphql', { not: 'description' }],
      [person, '{', 'punctuation.section.block.begin.graphql'],
      ['"The unique ID."', '"The unique ID."', 'comment.line.description.graphql'],
      ['type: String', 'type', 'variable.other.property.definition.graphql', { not: 'keyword' }],
      ['type: String', 'type', 'meta.fields.graphql'],
      [friends, 'friends', 'variable.other.property.definition.graphql'],
      [friends, '(', 'punctuation.definition.parameters.begin.graphql', { nth: 1 }],
      [friends, 'first', 'variable.parameter.graphql'],
      [friends, 'first', 'meta.arguments.definition.graphql'],
      [friends, 'Int', 'support.type.builtin.graphql'],
      [friends, '10', 'constant.numeric.integer.graphql'],
      [friends, '10', 'meta.default-value.graphql'],
      [friends, '"Cursor to start after"', 'comment.line.description.graphql'],
      [friends, 'after', 'variable.parameter.graphql', { nth: 2 }],
      [friends, 'Order', 'support.type.graphql'],
      [friends, 'Order', 'meta.type.list.graphql'],
      [friends, 'ASC', 'constant.character.enum.graphql'],
      [friends, 'Person', 'support.type.graphql'],
      [friends, '!', 'keyword.operator.nonnull.graphql', { nth: 3 }],
      [friends, '@deprecated', 'entity.name.function.directive.graphql'],
      [friends, 'reason', 'variable.parameter.graphql'],
      [friends, '"Use `connections`."', 'string.quoted.double.graphql'],
      [queryField, 'query', 'variable.other.property.definition.graphql', { not: 'keyword' }],
      [queryField, 'TaskFilter', 'support.type.graphql'],
      [queryField, 'priority', 'support.type.property-name.graphql'],
      [queryField, 'HIGH', 'constant.character.enum.graphql'],
      [queryField, '"a"', 'string.quoted.double.graphql'],
      [queryField, 'Task', 'support.type.graphql'],
      ['extend type Person', 'extend', 'keyword.extend.graphql'],
      ['extend type Person', 'type', 'keyword.type.graphql'],
      ['extend type Person', '@shareable', 'entity.name.function.directive.graphql'],
      ['age: Int', 'age', 'variable.other.property.definition.graphql'],
      ['union SearchResult @dir', 'union', 'keyword.union.graphql'],
      ['union SearchResult @dir', 'SearchResult', 'entity.name.type.graphql'],
      ['union SearchResult @dir', '@dir', 'entity.name.function.directive.graphql'],
      ['union SearchResult @dir', '=', 'keyword.operator.assignment.graphql'],
      ['union SearchResult @dir', 'Person', 'support.type.graphql'],
      ['union SearchResult @dir', '|', 'keyword.operator.or.graphql'],
      ['union SearchResult @dir', 'Droid', 'support.type.graphql'],
      ['| Photo', 'Photo', 'support.type.graphql'],
      ['| Video', 'Video', 'meta.definition.union.graphql'],
      ['enum Priority @flags', 'enum', 'keyword.enum.graphql'],
      ['enum Priority @flags', 'Priority', 'entity.name.type.graphql'],
      ['"Lowest"', 'Lowest', 'comment.line.description.graphql'],
      ['LOW', 'LOW', 'constant.character.enum.graphql'],
      ['HIGH @deprecated', 'HIGH', 'constant.character.enum.graphql'],
      ['HIGH @deprecated', '@deprecated', 'entity.name.function.directive.graphql'],
      ['input TaskFilter {', 'input', 'keyword.input.graphql'],
      ['input TaskFilter {', 'TaskFilter', 'entity.name.type.graphql'],
      ['priority: Priority = HIGH', 'priority', 'variable.other.property.definition.graphql'],
      ['priority: Priority = HIGH', 'Priority', 'support.type.graphql'],
      ['priority: Priority = HIGH', 'HIGH', 'constant.character.enum.graphql'],
      ['limit: Float = 1.5', '1.5', 'constant.numeric.float.graphql'],
      ['scalar DateTime @specifiedBy', 'scalar', 'keyword.scalar.graphql'],
      ['scalar DateTime @specifiedBy', 'DateTime', 'entity.name.type.graphql'],
      ['scalar DateTime @specifiedBy', '@specifiedBy', 'entity.name.function.directive.graphql'],
      ['scalar DateTime @specifiedBy', 'url', 'variable.parameter.graphql'],
      [directive, 'directive', 'keyword.directive.graphql'],
      [directive, '@cacheControl', 'entity.name.function.directive.graphql'],
      [directive, 'maxAge', 'variable.parameter.graphql'],
      [directive, 'CacheScope', 'support.type.graphql'],
      [directive, 'PUBLIC', 'constant.character.enum.graphql'],
      [directive, 'repeatable', 'keyword.repeatable.graphql'],
      [directive, 'on', 'keyword.on.graphql'],
      [directive, 'FIELD_DEFINITION', 'constant.language.directive-location.graphql'],
      [directive, '|', 'keyword.operator.or.graphql'],
      [directive, 'OBJECT', 'constant.language.directive-location.graphql'],
      ['| QUERY', 'QUERY', 'constant.language.directive-location.graphql'],
      ['| FIELD', 'FIELD', 'constant.language.directive-location.graphql'],
      ['extend enum Priority', 'enum', 'keyword.enum.graphql'],
      ['extend enum Priority', 'URGENT', 'constant.character.enum.graphql'],
      ['extend input TaskFilter', 'input', 'keyword.input.graphql'],
      ['extend input TaskFilter', 'done', 'variable.other.property.definition.graphql'],
      ['extend interface Node @dir', 'interface', 'keyword.interface.graphql'],
      ['extend union SearchResult', 'union', 'keyword.union.graphql'],
      ['extend union SearchResult', 'Robot', 'support.type.graphql'],
      ['extend scalar DateTime @tag', 'scalar', 'keyword.scalar.graphql'],
      ['type Empty', 'Empty', 'entity.name.type.graphql'],
      ['# region types', 'region types', 'comment.line.number-sign.graphql'],
      ['type Last { field: Int }', 'type', 'keyword.type.graphql', { not: 'meta.fields' }],
      ['type Last { field: Int }', 'field', 'variable.other.property.definition.graphql'],
    ];

    it('scopes every construct of type system documents', () => {
      checkTable(schema, cases);
    });

    it('starts every definition at the top level, not inside the previous one', () => {
      const definitionKeyword = /^(?:extend\s+)?(type|interface|input|enum|union|scalar|directive|schema)\b/;
      for (const line of linesOf(schema).filter((l) => definitionKeyword.test(l.text))) {
        const keyword = definitionKeyword.exec(line.text)?.[1] ?? '';
        const scopes = scopesInLine(line, keyword, 1);
        assert.deepEqual(scopes, ['source.graphql', `meta.definition.${keyword}.graphql`, `keyword.${keyword}.graphql`], line.text);
      }
    });
  });

  describe('tricky and broken input', () => {
    const cases: { name: string; doc: string; rows: ScopeCase[] }[] = [
      {
        name: 'an unterminated string stops at the end of its line',
        doc: '{\n  a(s: "open\n  )\n  b\n}',
        rows: [
          ['a(s: "open', 'open', 'string.quoted.double.graphql'],
          [')', ')', 'punctuation.definition.arguments.end.graphql', { not: 'string' }],
          ['b', 'b', 'variable.other.property.graphql', { not: 'string' }],
        ],
      },
      {
        name: 'an unterminated description stops at the end of its line',
        doc: '"open description\ntype T { f: Int }',
        rows: [['type T { f: Int }', 'type', 'keyword.type.graphql', { not: 'comment' }]],
      },
      {
        name: 'a missing ) in variable definitions ends at the selection set',
        doc: 'query Q($a: Int {\n  field\n}\ntype After',
        rows: [
          ['field', 'field', 'variable.other.property.graphql', { not: 'meta.variables' }],
          ['type After', 'type', 'keyword.type.graphql'],
        ],
      },
      {
        name: 'a missing ) in arguments ends at the closing brace',
        doc: '{\n  a { x(y: 1 }\n  b\n}\ntype After',
        rows: [
          ['b', 'b', 'variable.other.property.graphql', { not: 'meta.arguments' }],
          ['type After', 'type', 'keyword.type.graphql'],
        ],
      },
      {
        name: 'a missing ] in a list value ends at the closing parenthesis',
        doc: '{ a(l: [1, 2) b }\ntype After',
        rows: [
          ['{ a(l: [1, 2) b }', 'b', 'variable.other.property.graphql', { not: 'meta.list' }],
          ['type After', 'type', 'keyword.type.graphql'],
        ],
      },
      {
        name: 'an unterminated selection set keeps tokenizing fields to the end of the file',
        doc: 'query {\n  a {\n    b\n    type',
        rows: [
          ['b', 'b', 'variable.other.property.graphql'],
          ['type', 'type', 'variable.other.property.graphql', { not: 'keyword' }],
        ],
      },
      {
        name: 'a header without a body ends at the next definition',
        doc: 'union U = A | B\ntype C { f: Int }\ndirective @d on FIELD\nscalar S\ninterface I',
        rows: [
          ['type C { f: Int }', 'type', 'keyword.type.graphql', { not: 'union' }],
          ['type C { f: Int }', 'C', 'entity.name.type.graphql'],
          ['scalar S', 'scalar', 'keyword.scalar.graphql', { not: 'directive' }],
          ['interface I', 'interface', 'keyword.interface.graphql', { not: 'scalar' }],
        ],
      },
      {
        name: 'a spread of a fragment whose name starts with "on"',
        doc: '{ ...onFoo ... on Bar { x } }',
        rows: [
          ['{ ...onFoo', 'onFoo', 'entity.name.fragment.graphql'],
          ['{ ...onFoo', 'on', 'keyword.on.graphql'],
          ['{ ...onFoo', 'Bar', 'support.type.graphql'],
        ],
      },
      {
        name: 'keywords as names of fields, arguments, object fields and enum values',
        doc: [
          'type Query { type: Int, enum: E, input: I, union: U, scalar: S, directive: D, extend: E, implements: I }',
          '{ a(query: 1, on: {fragment: 2}) }',
          'query fragment { x }',
        ].join('\n'),
        rows: [
          ['type Query', 'type', 'variable.other.property.definition.graphql', { nth: 2, not: 'keyword' }],
          ['type Query', 'enum', 'variable.other.property.definition.graphql', { not: 'keyword' }],
          ['type Query', 'union', 'variable.other.property.definition.graphql', { not: 'keyword' }],
          ['type Query', 'directive', 'variable.other.property.definition.graphql', { not: 'keyword' }],
          ['type Query', 'extend', 'variable.other.property.definition.graphql', { not: 'keyword' }],
          ['type Query', 'implements', 'variable.other.property.definition.graphql', { not: 'keyword' }],
          ['{ a(query: 1', 'query', 'variable.parameter.graphql', { not: 'keyword' }],
          ['{ a(query: 1', 'on', 'variable.parameter.graphql', { not: 'keyword' }],
          ['{ a(query: 1', 'fragment', 'support.type.property-name.graphql', { not: 'keyword' }],
          ['query fragment', 'fragment', 'entity.name.function.graphql', { not: 'keyword' }],
        ],
      },
      {
        name: 'comments and strings do not open or close anything',
        doc: '{ # { it\'s "quoted\n  a(s: "} # not a comment")\n}\ntype After',
        rows: [
          ['{ # {', 'it\'s "quoted', 'comment.line.number-sign.graphql'],
          ['a(s:', '} # not a comment', 'string.quoted.double.graphql', { not: 'comment' }],
          ['a(s:', 'a', 'variable.other.property.graphql', { nth: 1 }],
          ['type After', 'type', 'keyword.type.graphql'],
        ],
      },
      {
        name: 'invalid numbers and escapes are marked',
        doc: '{ a(n: 01, m: 1., s: "\\q \\u{1F600}") }',
        rows: [
          ['{', '01', 'invalid.illegal.numeric.graphql'],
          ['{', '1.', 'invalid.illegal.numeric.graphql'],
          ['{', '\\q', 'invalid.illegal.escape.graphql'],
          ['{', '\\u{1F600}', 'constant.character.escape.graphql'],
        ],
      },
      {
        name: 'multi-line arguments, object values and block strings',
        doc: ['{', '  a(', '    o: {', '      k: $v', '    }', '    t: """', '    line "quoted"', '    """', '  ) { b }', '}'].join('\n'),
        rows: [
          ['k: $v', 'k', 'support.type.property-name.graphql'],
          ['k: $v', '$v', 'variable.other.graphql'],
          ['k: $v', '$v', 'meta.object.graphql'],
          ['line "quoted"', 'line "quoted"', 'string.quoted.block.graphql'],
          [') { b }', 'b', 'variable.other.property.graphql', { not: 'meta.arguments' }],
        ],
      },
      {
        name: 'headers spread over several lines',
        doc: 'type T\n  implements I\n  & J @key(fields: "id")\n{\n  """\n  Doc\n  """\n  f(\n    a: Int\n  ): [String]\n}',
        rows: [
          ['implements I', 'implements', 'keyword.implements.graphql'],
          ['implements I', 'I', 'support.type.graphql'],
          ['& J', 'J', 'support.type.graphql'],
          ['Doc', 'Doc', 'comment.block.description.graphql'],
          ['f(', 'f', 'variable.other.property.definition.graphql'],
          ['a: Int', 'a', 'variable.parameter.graphql'],
          ['a: Int', 'Int', 'support.type.builtin.graphql'],
          ['): [String]', 'String', 'support.type.builtin.graphql'],
        ],
      },
      {
        name: 'enum values that are not allowed',
        doc: 'enum E { true, OK }',
        rows: [
          ['enum E', 'true', 'invalid.illegal.enum-value.graphql'],
          ['enum E', 'OK', 'constant.character.enum.graphql'],
        ],
      },
    ];

    for (const { name, doc, rows } of cases) {
      it(name, () => {
        checkTable(doc, rows);
      });
    }

    it('tracks deeply nested selection sets and closes every one of them', () => {
      const depth = 60;
      const doc = [...Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}f${i} {`), 'leaf', '}'.repeat(depth), 'type After'].join('\n');
      const scopes = scopesAt(doc, 'leaf', 'leaf');
      assert.equal(scopes.filter((s) => s === 'meta.selectionset.graphql').length, depth);
      assert.ok(scopes.includes('variable.other.property.graphql'));
      assert.ok(findLine(linesOf(doc), '}'.repeat(depth)).stateAfter.equals(topLevel));
      assert.ok(scopesAt(doc, 'type After', 'type').includes('keyword.type.graphql'));
    });

    it('tokenizes long pathological lines and recovers after them', () => {
      const flat = ['a', 'ab ', '"', '\\', '1', '@', '$a', 'a:', '...', '!', '"#', '('].map((unit) => unit.repeat(6000));
      // Every open bracket is a scope on every later token of the line, so nesting stays moderate.
      const nested = ['[', '{'].map((unit) => unit.repeat(300));
      const docs = [...flat.map((body) => `{\n${body}\n}\ntype After`), ...[...flat, ...nested].map((body) => `{ f(\n${body}\n) }\ntype After`)];
      for (const doc of docs) {
        // Line-bounded constructs end with the line; open brackets are closed by the enclosing `)` or `}`.
        const scopes = scopesAt(doc, 'type After', 'type');
        assert.deepEqual(scopes, ['source.graphql', 'meta.definition.type.graphql', 'keyword.type.graphql'], `after ${doc.slice(0, 12)}...`);
      }
    });

    it('stays balanced over the whole GitHub public schema', () => {
      const sdl = readFileSync(path.join(repoRoot, 'node_modules', '@octokit', 'graphql-schema', 'schema.graphql'), 'utf8');
      const lines = linesOf(sdl);
      const starts = /^(type|interface|input|enum|union|scalar|directive)\s/;
      let definitions = 0;
      for (const line of lines) {
        const keyword = starts.exec(line.text)?.[1];
        if (keyword !== undefined) {
          definitions++;
          const scopes = scopesInLine(line, keyword, 1);
          assert.deepEqual(scopes, ['source.graphql', `meta.definition.${keyword}.graphql`, `keyword.${keyword}.graphql`], line.text);
        }
      }
      assert.ok(definitions > 1000);
      // Every field line is a field definition (or a description), never a stray top-level name.
      const fieldLine = /^ {2}([_A-Za-z]\w*)[(:]/;
      const strays = lines.filter((l) => {
        const name = fieldLine.exec(l.text)?.[1];
        if (name === undefined) {
          return false;
        }
        const scopes = scopesInLine(l, name, 1);
        return !scopes.includes('variable.other.property.definition.graphql') && !scopes.includes('comment.block.description.graphql');
      });
      assert.deepEqual(strays.map((l) => l.text).slice(0, 5), []);
    });
  });
});
