import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { INITIAL, parseRawGrammar, Registry, type IGrammar, type IToken, type StateStack } from 'vscode-textmate';
import { loadWASM, OnigScanner, OnigString } from 'vscode-oniguruma';

/** Repository root (this file lives in test/unit/grammar). */
export const repoRoot = path.resolve(__dirname, '..', '..', '..');

/** Path of the grammar contributed in package.json. */
export const grammarPath = path.join(repoRoot, 'syntaxes', 'graphql.tmLanguage.json');

/** Directory holding the fixture documents tokenized by the grammar tests. */
export const fixturesDir = path.join(repoRoot, 'test', 'fixtures', 'grammar');

let onigReady: Promise<void> | undefined;

/** Loads the Oniguruma WebAssembly engine once per process (vscode-oniguruma allows a single load). */
export function loadOniguruma(): Promise<void> {
  if (!onigReady) {
    const bytes = readFileSync(path.join(repoRoot, 'node_modules', 'vscode-oniguruma', 'release', 'onig.wasm'));
    // A Buffer may be a view into a larger pooled ArrayBuffer: hand over exactly the file's bytes.
    onigReady = loadWASM(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  }
  return onigReady;
}

/** Loads `source.graphql` from syntaxes/ with the real TextMate engine, as VS Code does. */
export async function loadGraphqlGrammar(): Promise<IGrammar> {
  await loadOniguruma();
  const registry = new Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns: string[]) => new OnigScanner(patterns),
      createOnigString: (text: string) => new OnigString(text),
    }),
    loadGrammar: async (scopeName: string) => (scopeName === 'source.graphql' ? parseRawGrammar(readFileSync(grammarPath, 'utf8'), grammarPath) : null),
  });
  const grammar = await registry.loadGrammar('source.graphql');
  if (!grammar) {
    throw new Error('source.graphql did not load');
  }
  return grammar;
}

/** One tokenized line: its text, its tokens and the rule stack after it. */
export interface TokenizedLine {
  readonly text: string;
  readonly tokens: readonly IToken[];
  readonly stateAfter: StateStack;
}

/** Tokenizes a whole document line by line, carrying the rule stack across lines like an editor. */
export function tokenizeDocument(grammar: IGrammar, text: string): TokenizedLine[] {
  let state = INITIAL;
  return text.split(/\r?\n/).map((line) => {
    const result = grammar.tokenizeLine(line, state);
    state = result.ruleStack;
    return { text: line, tokens: result.tokens, stateAfter: state };
  });
}

const isWordChar = (ch: string | undefined): boolean => ch !== undefined && /[_0-9A-Za-z]/.test(ch);

/**
 * Start offsets of `tokenText` in `line`, as a whole token: when it begins or ends with a word
 * character, the neighbouring character must not be a word character (so `on` is not found in `Droid on`'s `Droid`).
 */
export function tokenOffsets(line: string, tokenText: string): number[] {
  const offsets: number[] = [];
  for (let at = line.indexOf(tokenText); at !== -1; at = line.indexOf(tokenText, at + 1)) {
    const before = isWordChar(tokenText[0]) && isWordChar(line[at - 1]);
    const after = isWordChar(tokenText[tokenText.length - 1]) && isWordChar(line[at + tokenText.length]);
    if (!before && !after) {
      offsets.push(at);
    }
  }
  return offsets;
}

/**
 * Picks a line: a number is a 0-based index; a string selects the one line whose trimmed text equals it,
 * or else the one line containing it. Anything ambiguous or missing throws, so a table row cannot pass by accident.
 */
export function findLine(lines: readonly TokenizedLine[], line: string | number): TokenizedLine {
  if (typeof line === 'number') {
    const found = lines[line];
    if (!found) {
      throw new Error(`no line ${line}`);
    }
    return found;
  }
  const exact = lines.filter((l) => l.text.trim() === line);
  const candidates = exact.length > 0 ? exact : lines.filter((l) => l.text.includes(line));
  if (candidates.length !== 1) {
    throw new Error(`${candidates.length} lines match ${JSON.stringify(line)}; make the row unambiguous`);
  }
  return candidates[0];
}

/**
 * Scopes shared by every token that overlaps the `nth` (1-based) whole-token occurrence of `tokenText`
 * in the selected line. When the text spans several tokens (`$id` is `$` + `id`), only the scopes they
 * all carry are returned, so an assertion holds for the whole text.
 */
export function scopesInLine(lineTokens: TokenizedLine, tokenText: string, nth?: number): string[] {
  const offsets = tokenOffsets(lineTokens.text, tokenText);
  if (nth === undefined && offsets.length !== 1) {
    throw new Error(`${JSON.stringify(tokenText)} occurs ${offsets.length} times in ${JSON.stringify(lineTokens.text)}; give nth`);
  }
  const start = offsets[(nth ?? 1) - 1];
  if (start === undefined) {
    throw new Error(`${JSON.stringify(tokenText)} occurrence ${nth} not in ${JSON.stringify(lineTokens.text)}`);
  }
  const end = start + tokenText.length;
  const overlapping = lineTokens.tokens.filter((t) => t.startIndex < end && t.endIndex > start);
  return overlapping.map((t) => t.scopes).reduce((common, scopes) => common.filter((s) => scopes.includes(s)));
}
