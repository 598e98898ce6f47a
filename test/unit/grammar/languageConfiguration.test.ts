import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from './textmate';

interface LanguageConfiguration {
  comments: { lineComment?: string; blockComment?: [string, string] };
  brackets: [string, string][];
  autoClosingPairs: { open: string; close: string; notIn?: string[] }[];
  surroundingPairs: [string, string][];
  folding: { markers: { start: string; end: string } };
  wordPattern: string;
  indentationRules: { increaseIndentPattern: string; decreaseIndentPattern: string };
}

/** The word VS Code would take at `offset` of `line` with this word pattern (the match that contains the offset). */
function wordAt(pattern: RegExp, line: string, offset: number): string | undefined {
  const global = new RegExp(pattern.source, 'g');
  for (const match of line.matchAll(global)) {
    if (match.index <= offset && offset < match.index + match[0].length) {
      return match[0];
    }
  }
  return undefined;
}

describe('language-configuration.json', () => {
  const file = path.join(repoRoot, 'language-configuration.json');
  // Strict JSON: JSON.parse rejects comments and trailing commas.
  const config = JSON.parse(readFileSync(file, 'utf8')) as LanguageConfiguration;

  it('is the configuration package.json contributes for the graphql language', () => {
    const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      contributes: { languages: { id: string; extensions: string[]; configuration: string }[] };
    };
    const language = manifest.contributes.languages.find((l) => l.id === 'graphql');
    assert.ok(language);
    assert.equal(path.resolve(repoRoot, language.configuration), file);
    assert.deepEqual(language.extensions, ['.graphql', '.gql', '.graphqls']);
  });

  it('comments lines with # and has no block comments (GraphQL has none)', () => {
    assert.deepEqual(config.comments, { lineComment: '#' });
  });

  it('matches braces, brackets and parentheses', () => {
    assert.deepEqual(config.brackets, [
      ['{', '}'],
      ['[', ']'],
      ['(', ')'],
    ]);
  });

  const pairs: [open: string, close: string, notInStringsAndComments: boolean][] = [
    ['{', '}', false],
    ['[', ']', false],
    ['(', ')', false],
    ['"""', '"""', true],
    ['"', '"', true],
  ];
  for (const [open, close, quoted] of pairs) {
    it(`auto-closes ${open} with ${close}${quoted ? ', except inside strings and comments' : ''}`, () => {
      const pair = config.autoClosingPairs.find((p) => p.open === open);
      assert.ok(pair, `no auto-closing pair for ${open}`);
      assert.equal(pair.close, close);
      assert.deepEqual(pair.notIn?.slice().sort(), quoted ? ['comment', 'string'] : undefined);
    });
  }

  it('surrounds a selection with brackets and quotes', () => {
    assert.deepEqual(config.surroundingPairs, [
      ['{', '}'],
      ['[', ']'],
      ['(', ')'],
      ['"', '"'],
    ]);
  });

  const markers: [line: string, start: boolean, end: boolean][] = [
    ['#region', true, false],
    ['  # region Queries', true, false],
    ['#endregion', false, true],
    ['  #  endregion Queries', false, true],
    ['# regional settings', false, false],
    ['type Region { a: Int } # region', false, false],
  ];
  for (const [line, start, end] of markers) {
    it(`folding markers: ${JSON.stringify(line)} starts=${start} ends=${end}`, () => {
      assert.equal(new RegExp(config.folding.markers.start).test(line), start);
      assert.equal(new RegExp(config.folding.markers.end).test(line), end);
    });
  }

  const words: [line: string, offset: number, word: string | undefined][] = [
    ['query Hero($episode: Episode) {', 13, '$episode'],
    ['query Hero($episode: Episode) {', 11, '$episode'],
    ['  heroAlias: secretIdentity', 4, 'heroAlias'],
    ['  friends @include(if: $x)', 12, 'include'],
    ['  __typename', 5, '__typename'],
    ['  id: ID!', 7, 'ID'],
    ['  a(n: -1.5e3)', 9, '-1.5e3'],
    ['  a(n: 10)', 7, '10'],
    ['  ...FriendFields', 6, 'FriendFields'],
    ['  ...FriendFields', 3, undefined],
    ['  a(s: "x")', 6, undefined],
  ];
  for (const [line, offset, word] of words) {
    it(`word at ${offset} of ${JSON.stringify(line)} is ${JSON.stringify(word)}`, () => {
      assert.equal(wordAt(new RegExp(config.wordPattern), line, offset), word);
    });
  }

  const indentation: [line: string, increase: boolean, decrease: boolean][] = [
    ['query Hero {', true, false],
    ['  hero(', true, false],
    ['  tags: [', true, false],
    ['  hero(episode: "x") {', true, false],
    ['  hero { name }', false, false],
    ['  a(x: 1)', false, false],
    ['# comment {', false, false],
    ['}', false, true],
    ['  )', false, true],
    ['  ] @dir', false, true],
  ];
  for (const [line, increase, decrease] of indentation) {
    it(`indentation: ${JSON.stringify(line)} increase=${increase} decrease=${decrease}`, () => {
      assert.equal(new RegExp(config.indentationRules.increaseIndentPattern).test(line), increase);
      assert.equal(new RegExp(config.indentationRules.decreaseIndentPattern).test(line), decrease);
    });
  }
});
