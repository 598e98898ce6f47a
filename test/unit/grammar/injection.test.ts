import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseRawGrammar, Registry, type IGrammar } from 'vscode-textmate';
import { OnigScanner, OnigString } from 'vscode-oniguruma';
import { findLine, grammarPath, loadOniguruma, repoRoot, scopesInLine, tokenizeDocument, type TokenizedLine } from './textmate';

const hosts = path.join(repoRoot, 'test', 'fixtures', 'grammar', 'hosts');
const GRAMMARS: Record<string, string> = {
  'source.graphql': grammarPath,
  'source.graphql.template': path.join(repoRoot, 'syntaxes', 'graphql.template.tmLanguage.json'),
  'inline.graphql': path.join(repoRoot, 'syntaxes', 'graphql.injection.tmLanguage.json'),
  'inline.graphql.substitution': path.join(repoRoot, 'syntaxes', 'graphql.substitution.tmLanguage.json'),
  'source.ts': path.join(hosts, 'TypeScript.tmLanguage.json'),
  'source.tsx': path.join(hosts, 'TypeScriptReact.tmLanguage.json'),
  'source.js': path.join(hosts, 'JavaScript.tmLanguage.json'),
};

interface Contribution {
  scopeName?: string;
  path: string;
  injectTo?: string[];
  embeddedLanguages?: Record<string, string>;
}
const contributed = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { contributes: { grammars: Contribution[] } }).contributes.grammars;

/** Loads a host grammar with our injections, as VS Code does from package.json's injectTo. */
async function load(scopeName: string): Promise<IGrammar> {
  await loadOniguruma();
  const registry = new Registry({
    onigLib: Promise.resolve({ createOnigScanner: (p: string[]) => new OnigScanner(p), createOnigString: (s: string) => new OnigString(s) }),
    loadGrammar: async (name: string) => (GRAMMARS[name] ? parseRawGrammar(readFileSync(GRAMMARS[name], 'utf8'), GRAMMARS[name]) : null),
    getInjections: (name: string) => contributed.filter((g) => g.injectTo?.includes(name)).map((g) => g.scopeName!),
  });
  const grammar = await registry.loadGrammar(scopeName);
  assert.ok(grammar, `${scopeName} loads`);
  return grammar;
}

const isGraphql = (scopes: string[]) => scopes.includes('meta.embedded.block.graphql');

describe('GraphQL injection grammars (VS Code TypeScript/JavaScript grammars, real TextMate engine)', () => {
  let ts: IGrammar;
  let tsx: IGrammar;
  let js: IGrammar;
  before(async () => {
    [ts, tsx, js] = await Promise.all([load('source.ts'), load('source.tsx'), load('source.js')]);
  });

  it('are contributed for TS, TSX, JS, JSX, Vue and Svelte, with GraphQL as the embedded language', () => {
    const inline = contributed.find((g) => g.scopeName === 'inline.graphql');
    assert.ok(inline && contributed.find((g) => g.scopeName === 'inline.graphql.substitution'));
    for (const host of ['source.ts', 'source.tsx', 'source.js', 'source.js.jsx', 'source.vue', 'text.html.vue', 'source.svelte']) {
      assert.ok(inline.injectTo?.includes(host), `injected into ${host}`);
    }
    assert.deepEqual(inline.embeddedLanguages, { 'meta.embedded.block.graphql': 'graphql' });
  });

  const source = [
    'const A = gql`query A { tasks(first: 1) { id } }`;', // 0 tagged, one line
    'const B = gql<Result, Vars>`', // 1 generic
    '  query B($id: ID!) {',
    '    task(id: $id) { ...TaskFields ${inner} name }',
    '  }',
    '  ${TASK_FIELDS}',
    '`;',
    'const C = graphql.experimental`fragment C on Task { id }`;', // 7 member tag
    'const D = graphql(`{ viewer { kind } }`);', // 8 call
    'const E = /* GraphQL */ `query E { e }`;', // 9 comment marker
    'const F = `#graphql', // 10 hash
    '  query F { f }',
    '`;',
    'const G = gql`{ unclosed {`; const after = 1;', // 13 backtick ends GraphQL inside a brace
    'const H = html`<p>{ not graphql }</p>`;', // 14 other tag
    'const I = String.raw`query I { i }`;', // 15 untagged-like
    'const J = gql`{ a }`\r', // 16 CRLF line
    "const K = 'gql`{ x }`';", // 17 in a string
    '// gql`{ y }`', // 18 in a comment
    'const L = gql`{ l(arg: "${`nested ${gql`{ deep }`}`}") }`;', // 19 nested
    'const M = gql`{ m } # a comment`; const afterComment = 1;', // 20 comment before the backtick
    'const N = gql`{ n(x: "unclosed`; const afterString = 1;', // 21 string not closed before the backtick
    'const O = gql`', // 22 block string not closed before the backtick
    '  """ a description',
    '`; const afterBlock = 1;',
    'const P = graphql<Q>(`{ p }`);', // 25 generic call
    'const R = gql`{ r(x: "a \\` b") s }`; const afterEscape = 1;', // 26 escaped backtick
    'const S = gql`{ a { b # inside a selection`; const afterNested = 1;', // 27 comment in a selection set
  ].join('\n');

  let lines: TokenizedLine[];
  before(() => {
    lines = tokenizeDocument(ts, source);
  });
  const scopes = (line: number | string, token: string, nth?: number) => scopesInLine(findLine(lines, line), token, nth);

  const cases: [string, number | string, string, string][] = [
    ['a tagged template', 0, 'tasks', 'meta.embedded.block.graphql'],
    ['the keyword of a tagged template', 0, 'query', 'keyword.operation.graphql'],
    ['a generic tag gql<T>', '  query B($id: ID!) {', 'query', 'keyword.operation.graphql'],
    ['a fragment spread', '    task(id: $id) { ...TaskFields ${inner} name }', 'TaskFields', 'meta.embedded.block.graphql'],
    ['a field after an interpolation inside a selection', '    task(id: $id) { ...TaskFields ${inner} name }', 'name', 'meta.embedded.block.graphql'],
    ['a member tag', 7, 'fragment', 'meta.embedded.block.graphql'],
    ['the graphql(`...`) call form', 8, 'viewer', 'meta.embedded.block.graphql'],
    ['a /* GraphQL */ template', 9, 'query', 'keyword.operation.graphql'],
    ['a #graphql template', '  query F { f }', 'query', 'keyword.operation.graphql'],
    ['a CRLF line', 16, 'a', 'meta.embedded.block.graphql'],
  ];
  for (const [name, line, token, scope] of cases) {
    it(`colours ${name} as GraphQL`, () => {
      assert.ok(scopes(line, token).includes(scope), `${token} has ${scope}: ${scopes(line, token).join(' ')}`);
    });
  }

  it('tokenizes ${...} as TypeScript again, in a selection set and at the end', () => {
    const inner = scopes('    task(id: $id) { ...TaskFields ${inner} name }', 'inner');
    assert.ok(
      inner.some((s) => s.startsWith('meta.template.expression')),
      inner.join(' '),
    );
    assert.ok(inner.includes('variable.other.readwrite.ts'), inner.join(' '));
    const atEnd = scopes('  ${TASK_FIELDS}', 'TASK_FIELDS');
    assert.ok(
      atEnd.some((s) => s.startsWith('meta.template.expression')),
      atEnd.join(' '),
    );
  });

  it('ends GraphQL at the closing backtick even inside an unclosed brace, and the code after is TypeScript', () => {
    const after = scopes(13, 'after');
    assert.ok(!isGraphql(after), after.join(' '));
    assert.ok(scopes(13, 'const', 2).includes('storage.type.ts'));
    assert.ok(!isGraphql(scopes(14, 'const')) && scopes(14, 'const').includes('storage.type.ts'), 'the next line is TypeScript');
    assert.ok(!isGraphql(scopes(12, ';')), 'after the closing backtick of the #graphql template');
  });

  it('leaves other tags, strings and comments alone', () => {
    assert.ok(!isGraphql(scopes(14, 'not')), 'html`...` is not GraphQL');
    assert.ok(!isGraphql(scopes(15, 'query')), 'String.raw`...` is not GraphQL');
    assert.ok(!isGraphql(scopes(17, 'x')), 'a backtick in a string is not a template');
    assert.ok(!isGraphql(scopes(18, 'y')), 'a template in a comment is not coloured');
  });

  it('ends a GraphQL comment, string or block string at the closing backtick: the code after is TypeScript', () => {
    for (const [line, name] of [
      [20, 'afterComment'],
      [21, 'afterString'],
      [24, 'afterBlock'],
      [27, 'afterNested'],
    ] as const) {
      const after = scopes(line, name);
      assert.ok(!isGraphql(after) && after.includes('variable.other.constant.ts'), `${name}: ${after.join(' ')}`);
    }
    assert.ok(scopes(20, 'comment').includes('comment.line.number-sign.graphql'), 'the comment is still a GraphQL comment');
    assert.ok(scopes(21, 'unclosed').includes('string.quoted.double.graphql'), 'the string is still a GraphQL string');
    assert.ok(
      scopes(23, 'description').some((x) => x.endsWith('.graphql')),
      'the description is still GraphQL',
    );
  });

  it('colours graphql<Q>(`...`) calls, and an escaped backtick does not end the template', () => {
    assert.ok(isGraphql(scopes(25, 'p')), scopes(25, 'p').join(' '));
    assert.ok(isGraphql(scopes(26, 's')), `after the escaped backtick: ${scopes(26, 's').join(' ')}`);
    assert.ok(!isGraphql(scopes(26, 'afterEscape')));
  });

  it('colours a template nested in an interpolation', () => {
    assert.ok(isGraphql(scopes(19, 'deep')), scopes(19, 'deep').join(' '));
    assert.ok(isGraphql(scopes(19, 'l')), scopes(19, 'l').join(' '));
  });

  it('works the same in TSX and JavaScript', () => {
    for (const grammar of [tsx, js]) {
      const t = tokenizeDocument(grammar, 'const el = <div>{x}</div>;\nconst Q = gql`query Q { tasks { id } }`;\nconst n = 1;');
      assert.ok(isGraphql(scopesInLine(t[1], 'tasks')), scopesInLine(t[1], 'tasks').join(' '));
      assert.ok(!isGraphql(scopesInLine(t[2], 'n')));
    }
  });
});
