import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { findTemplates } from '../../../../src/core/embedded/templates';
import { generatedCodeFile } from '../../../fixtures/codeFile';
import { referenceFindTemplates } from './referenceScanner';

/**
 * The scanner jumps to the characters that matter and reads back from them; the token-by-token
 * scanner it replaced (referenceScanner.ts) reads every token. On any code made of the pieces
 * below (every tag form, strings, comments, regexes and divisions, nested templates, generics,
 * keywords, unicode, CRLF) both must find the same templates, texts, tags and interpolations.
 */
const PIECES = [
  'gql`{ a }`',
  'graphql`query Q { q }`',
  'gql<T>`{ g }`',
  "gql<'a' | { b: C[] }>`{ h }`",
  'gql<Q<A>>`{ n }`',
  'graphql<Q>(`{ c }`)',
  'graphql(`{ d }`)',
  'graphql( /* c */ `{ e }`)',
  'graphql.experimental`{ f }`',
  'a.b.gql`{ m }`',
  'x().gql`{ x }`',
  'gql . /* c */ graphql`{ w }`',
  '/* GraphQL */ `{ k }`',
  '/* GraphQL */ /* other */ `{ k2 }`',
  '/* GraphQL */ foo`{ no }`',
  '`#graphql\n{ i }`',
  '`plain ${x}`',
  'html`<b>${gql`{ inner }`}</b>`',
  'gql`{ a ${F} b }`',
  'gql`${ {a: `}`} }`',
  '${',
  '}',
  '{',
  '`',
  "'str`'",
  '"s\\"`"',
  "'unterminated\n",
  '// c `gql`\n',
  '/* `gql` */',
  '/re`/g',
  'return /gql`x`/',
  'typeof /a/',
  'x = /[/`]/',
  'i++ / 2',
  'i-- / 2',
  'a+++/b/',
  ') / gql`{ p }` / 1',
  '] / 2',
  'a / b',
  '1 / 2',
  '1.gql`{ num }`',
  '\r\n',
  '\n',
  ' ',
  'é😀',
  'mygql`{ no2 }`',
  'gql.',
  'gql',
  '(',
  ')',
  '<',
  '>',
  '=>',
  '.',
  '\\',
  '$',
  'return',
  'const a = ',
  ';',
];

describe('template scanner: the same templates as the token-by-token reference', () => {
  it('on random code made of every form and trap', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 14 }), fc.constantFrom('', ' ', '\n'), (pieces, sep) => {
        const code = pieces.join(sep);
        assert.deepEqual(findTemplates(code), referenceFindTemplates(code), JSON.stringify(code));
        const tags = ['gql', 'sql.graphql', 'query'];
        assert.deepEqual(findTemplates(code, { tags }), referenceFindTemplates(code, { tags }), JSON.stringify(code));
      }),
      { numRuns: Number(process.env.SCANNER_RUNS ?? 4000) },
    );
  });

  it('on random strings of the characters that matter', () => {
    const alphabet = fc.constantFrom(...'`\'"/{}$\\()<>.*#+-=\n\r gqlraphtyeofrun1GQL'.split(''));
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }), (chars) => {
        const code = `gql${chars.join('')}`;
        assert.deepEqual(findTemplates(code), referenceFindTemplates(code), JSON.stringify(code));
      }),
      { numRuns: Number(process.env.SCANNER_RUNS ?? 4000) },
    );
  });

  it('on real-looking files (the generated TypeScript file of the bench)', () => {
    for (const code of [generatedCodeFile(), generatedCodeFile(false), generatedCodeFile().replace(/\n/g, '\r\n')]) {
      assert.deepEqual(findTemplates(code), referenceFindTemplates(code));
    }
  });
});
