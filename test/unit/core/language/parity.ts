/**
 * The property behind the parity test: random edits of real documents (characters inserted or
 * deleted anywhere, brackets unbalanced, text cut, definitions pasted), and at random positions
 * of the result the service must answer as graphql-language-service / graphql do on the whole
 * text. Differences that are improvements are listed in ALLOWED_DIFFERENCES, each with its reason and a
 * case that shows it (parityDifferences.test.ts).
 */
import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import {
  getNamedType,
  GraphQLError,
  isInputObjectType,
  parse,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
} from 'graphql';
import { getOutline, type OutlineTree } from 'graphql-language-service';
import { directCompletion } from '../../../../src/core/language/directCalls';
import { directDiagnostics, directHover } from './directCalls';
import type { GraphqlLanguageService } from '../../../../src/core/language/languageService';
import type { LanguageDiagnostic, OutlineItem, Position } from '../../../../src/core/language/types';

/** Kinds of positions checked (see ParityCase.positions). */
export type PositionKind = 'near' | 'after' | 'anywhere' | 'token' | 'closer' | 'label';

/** One edit of a document. */
export type Edit =
  | { readonly kind: 'insert'; readonly at: number; readonly text: string }
  | { readonly kind: 'delete'; readonly at: number; readonly length: number }
  | { readonly kind: 'paste'; readonly at: number; readonly definition: number }
  | { readonly kind: 'bracket'; readonly nth: number; readonly action: 'delete' | 'double' | 'flip' };

/** A generated case: edits applied in order, then checks at the given positions. */
export interface ParityCase {
  readonly edits: readonly Edit[];
  /**
   * Where to check: within 40 characters of the last edit, in the 600 characters after it (where
   * a wrong split shows), anywhere, or just after a token that opens a completion context
   * (`...`, `$`, `@`, `(`, `:`, `{`, `on `), in the first token after a closing bracket (where
   * a definition may or may not end), or in a name followed by `:` (input fields, arguments,
   * aliases); `at` is a fraction of the range.
   */
  readonly positions: readonly { readonly where: PositionKind; readonly at: number }[];
}

/**
 * What may be inserted: single characters that matter to GraphQL's grammar and lexer (brackets,
 * quotes, comment, punctuators, characters no token accepts, line breaks) and a few tokens.
 */
const INSERTS = [
  '{',
  '}',
  '(',
  ')',
  '[',
  ']',
  '"',
  '"""',
  '#',
  ':',
  '$',
  '@',
  '!',
  '.',
  '...',
  '=',
  ',',
  '|',
  '&',
  '\n',
  ' ',
  '\t',
  '\r',
  '\\',
  '~',
  '%',
  '?',
  '-',
  '0',
  '1.5',
  'e',
  'x',
  '_',
  'on',
  'on ',
  'query ',
  'fragment ',
  '{ ',
  ' }',
  '(first: 1)',
  ': ',
  '$v',
  '@skip(if: true)',
  '... on ',
  'null',
  '"s"',
  '\u00e9',
];

/** fast-check arbitrary of parity cases. */
export function parityCaseArbitrary(): fc.Arbitrary<ParityCase> {
  // A uniform fraction: fast-check's doubles and integers lean towards the extremes on purpose.
  const at = fc.noBias(fc.integer({ min: 0, max: 999_999 })).map((n) => n / 1_000_000);
  const edit: fc.Arbitrary<Edit> = fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('insert' as const), at, text: fc.constantFrom(...INSERTS) }) },
    // Any character at all (any code point, lone surrogates included).
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('insert' as const), at, text: fc.string({ unit: 'binary', minLength: 1, maxLength: 2 }) }) },
    // Deletions: a character, a few, a line's worth, or everything from there on (a cut).
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('delete' as const), at, length: fc.constantFrom(1, 1, 1, 2, 5, 20, 80, Number.MAX_SAFE_INTEGER) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('paste' as const), at, definition: fc.noBias(fc.nat()) }) },
    {
      weight: 3,
      arbitrary: fc.record({ kind: fc.constant('bracket' as const), nth: fc.noBias(fc.nat()), action: fc.constantFrom('delete' as const, 'double' as const, 'flip' as const) }),
    },
  ) as fc.Arbitrary<Edit>;
  return fc.record({
    edits: fc.array(edit, { minLength: 1, maxLength: 5 }),
    positions: fc.array(fc.record({ where: fc.constantFrom<PositionKind>('near', 'after', 'anywhere', 'token', 'closer', 'closer', 'label'), at }), { minLength: 1, maxLength: 4 }),
  });
}

const BRACKETS = /[{}()[\]]/g;
const FLIP: Record<string, string> = { '{': '}', '}': '{', '(': ')', ')': '(', '[': ']', ']': '[' };

/** Applies the edits to `text`; returns the edited text and the offset of the last edit. */
export function applyEdits(text: string, edits: readonly Edit[], definitions: readonly string[]): { text: string; focus: number } {
  let out = text;
  let focus = 0;
  for (const edit of edits) {
    const offset = (f: number) => Math.min(out.length, Math.floor(f * (out.length + 1)));
    switch (edit.kind) {
      case 'insert':
        focus = offset(edit.at);
        out = out.slice(0, focus) + edit.text + out.slice(focus);
        break;
      case 'delete':
        focus = offset(edit.at);
        out = out.slice(0, focus) + out.slice(focus + edit.length);
        break;
      case 'paste': {
        const definition = definitions[edit.definition % definitions.length] ?? '';
        focus = offset(edit.at);
        out = out.slice(0, focus) + definition + out.slice(focus);
        break;
      }
      case 'bracket': {
        const all = [...out.matchAll(BRACKETS)];
        if (all.length === 0) {
          break;
        }
        const hit = all[edit.nth % all.length];
        focus = hit.index;
        const ch = hit[0];
        const replacement = edit.action === 'delete' ? '' : edit.action === 'double' ? ch + ch : FLIP[ch];
        out = out.slice(0, focus) + replacement + out.slice(focus + 1);
        break;
      }
    }
  }
  return { text: out, focus };
}

/** The position of `offset` in `text`. */
export function positionOf(text: string, offset: number): Position {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length - 1, character: before[before.length - 1].length };
}

const CONTEXT_TOKENS = /\.\.\.|[$@(:{]|\bon /g;
const AFTER_CLOSER = /[})\]][\s,]*[_A-Za-z0-9]?/g;
const LABEL = /[_A-Za-z][_0-9A-Za-z]*(?=[ \t]*:)/g;

/** The positions a case asks for in the edited text (see ParityCase.positions). */
export function casePositions(text: string, focus: number, picks: ParityCase['positions']): Position[] {
  let tokenEnds: number[] | undefined;
  let closerEnds: number[] | undefined;
  let labels: number[] | undefined;
  return picks.map(({ where, at }) => {
    let offset: number;
    switch (where) {
      case 'near':
        offset = focus - 40 + Math.floor(at * 81);
        break;
      case 'after':
        offset = focus + Math.floor(at * 600);
        break;
      case 'token':
        tokenEnds ??= [...text.matchAll(CONTEXT_TOKENS)].map((m) => m.index + m[0].length);
        offset = tokenEnds.length > 0 ? tokenEnds[Math.floor(at * tokenEnds.length)] : 0;
        break;
      case 'closer':
        closerEnds ??= [...text.matchAll(AFTER_CLOSER)].map((m) => m.index + m[0].length);
        offset = closerEnds.length > 0 ? closerEnds[Math.floor(at * closerEnds.length)] : 0;
        break;
      case 'label':
        labels ??= [...text.matchAll(LABEL)].flatMap((m) => [m.index, m.index + Math.floor(m[0].length / 2), m.index + m[0].length]);
        offset = labels.length > 0 ? labels[Math.floor(at * labels.length)] : 0;
        break;
      default:
        offset = Math.floor(at * (text.length + 1));
    }
    return positionOf(text, Math.max(0, Math.min(offset, text.length)));
  });
}

/** The top-level definitions of a document, as text (for pasting). */
export function definitionsOf(text: string): string[] {
  return parse(text).definitions.map((d) => (d.loc ? text.slice(d.loc.start, d.loc.end) + '\n' : ''));
}

/**
 * Known, deliberate differences from the floor. Each is an improvement; the test applies them
 * explicitly (and only them) before comparing.
 */
export const ALLOWED_DIFFERENCES = {
  unusedFragments: 'Unused fragments are reported as warnings (unless another workspace file spreads them); graphql-language-service drops the NoUnusedFragments rule.',
  syntaxErrorRange:
    "A syntax error is marked on the token graphql reports it at; graphql-language-service's getRange marks the last token its online parser read on that line, which is often another token. Message and line are the same, and the start is graphql's own location.",
  loneCarriageReturn:
    "graphql counts a lone carriage return as a line break, graphql-language-service's positions do not (its getRange even throws when that puts an error past its last line). Positions here follow the editor's lines of '\\n'; syntax errors are compared by offset, validation results are not compared on such text.",
  errorInAppendedFragments:
    "graphql-language-service validates the text with the other files' fragments printed after it, so an unterminated string or an unclosed bracket reaches into them and the syntax error is reported past the end of the document; it is reported where graphql puts it in the document itself.",
  completionOnEmptyLine:
    "On an empty line graphql-language-service filters and ranks the suggestions by the last word of the whole text (its getTokenAtPosition falls back to the last token read when the cursor's line has none), so they change with whatever is typed at the end of a file that has no final line break. Suggestions there are unfiltered: the reference is the floor's answer on the text with a line break appended.",
  hoverAtEndOfLine:
    "At the end of a line (where no token is) hover answers nothing; graphql-language-service describes the last token of the whole text there, because its getTokenAtPosition runs on to the end of the text when no token of the cursor's line reaches the cursor.",
  validationRangeEnd:
    'A validation error ends where its node ends; graphql-language-service adds the length to the 1-based column, one character too far (and always on the start line). Starts, messages and severities are compared.',
  outlineOfBrokenText:
    'The outline keeps listing the definitions that parse while another one is broken; graphql-language-service has no outline at all until the whole text parses.',
} as const;

const UNUSED_FRAGMENT = /^Fragment "[^"]+" is never used\.$/;

/** Diagnostics as comparable lines; ours without unused-fragment warnings (ALLOWED_DIFFERENCES.unusedFragments). */
function ourDiagnostics(list: readonly LanguageDiagnostic[]): string[] {
  return list
    .filter((d) => !(d.severity === 'warning' && UNUSED_FRAGMENT.test(d.message)))
    .map((d) => `${d.range.start.line}:${d.range.start.character} ${d.severity} ${d.message}`)
    .sort();
}

const SEVERITY: Record<number, string> = { 1: 'error', 2: 'warning', 3: 'information', 4: 'hint' };

/**
 * What the floor reports, as comparable lines. A syntax error's range is graphql's location
 * (ALLOWED_DIFFERENCES.syntaxErrorRange): only its start is compared.
 */
function floorDiagnostics(schema: GraphQLSchema, text: string, external: FragmentDefinitionNode[]): { lines: string[]; syntax: boolean } {
  let syntaxError: GraphQLError | undefined;
  try {
    parse(text);
  } catch (err) {
    syntaxError = err as GraphQLError;
  }
  const loneCr = LONE_CR.test(text);
  if (syntaxError) {
    const at = positionOf(text, syntaxError.positions?.[0] ?? 0);
    const direct = loneCr ? [] : directDiagnostics(schema, text, external);
    const lastLine = text.split('\n').length - 1;
    // ALLOWED_DIFFERENCES.errorInAppendedFragments: the floor may report past the end of the text.
    if (direct.length > 0 && direct[0].range.start.line <= lastLine) {
      assert.equal(direct.length, 1, 'the floor reports one syntax error');
      assert.equal(direct[0].message, syntaxError.message);
      assert.equal(direct[0].range.start.line, at.line);
    }
    return { lines: [`${at.line}:${at.character} error ${syntaxError.message}`], syntax: true };
  }
  if (loneCr) {
    // ALLOWED_DIFFERENCES.loneCarriageReturn: graphql's line numbers are not the editor's.
    return { lines: [], syntax: false };
  }
  const direct = directDiagnostics(schema, text, external);
  return {
    lines: direct.map((d) => `${d.range.start.line}:${d.range.start.character} ${SEVERITY[d.severity ?? 1]} ${d.message}`).sort(),
    syntax: false,
  };
}

const LONE_CR = /\r(?!\n)/;

interface ComparableOutline {
  name: string;
  start: string;
  end: string;
  children: ComparableOutline[];
}

function comparableOurs(items: readonly OutlineItem[]): ComparableOutline[] {
  return items.map((i) => ({
    name: i.name,
    start: `${i.range.start.line}:${i.range.start.character}`,
    end: `${i.range.end.line}:${i.range.end.character}`,
    children: comparableOurs(i.children),
  }));
}

function comparableFloor(trees: readonly OutlineTree[]): ComparableOutline[] {
  return trees.map((t) => {
    const tokens = t.tokenizedText ?? [];
    let name = t.representativeName ?? '';
    if (t.kind === 'Field' || t.kind === 'FragmentSpread') {
      name = tokens.map((tok) => tok.value).join('');
    } else if (t.kind === 'OperationDefinition' && !t.representativeName) {
      name = `<anonymous ${tokens[0]?.value}>`;
    }
    return {
      name,
      start: `${t.startPosition.line}:${t.startPosition.character}`,
      end: `${t.endPosition?.line}:${t.endPosition?.character}`,
      children: comparableFloor(t.children),
    };
  });
}

/**
 * Go to definition on the name of an input object field, by graphql's own TypeInfo on the whole
 * text: the `Type.field` key of the field, or null when the position is on no such name.
 */
function inputFieldAt(schema: GraphQLSchema, ast: DocumentNode, offset: number): string | null {
  const typeInfo = new TypeInfo(schema);
  let key: string | null = null;
  visit(
    ast,
    visitWithTypeInfo(typeInfo, {
      ObjectField(node) {
        const loc = node.name.loc;
        const owner = getNamedType(typeInfo.getParentInputType());
        if (loc && loc.start <= offset && offset <= loc.end && isInputObjectType(owner) && owner.getFields()[node.name.value]) {
          key = `${owner.name}.${node.name.value}`;
        }
      },
    }),
  );
  return key;
}

function offsetOf(text: string, pos: Position): number {
  let offset = 0;
  for (let line = 0; line < pos.line; line++) {
    offset = text.indexOf('\n', offset) + 1;
  }
  return offset + pos.character;
}

/** What a run compared: positions (completion and hover at each), and so on. */
export interface ParityCounts {
  positions: number;
  definitions: number;
  diagnostics: number;
  outlines: number;
}

/** Compares every feature of `service` with the floor on `text` at `positions`; throws on the first difference. */
export function assertParity(
  service: GraphqlLanguageService,
  schema: GraphQLSchema,
  uri: string,
  version: number,
  text: string,
  positions: readonly Position[],
  external: FragmentDefinitionNode[],
  counts: ParityCounts,
): void {
  const doc = { uri, version, text };
  const lines = text.split('\n');
  let ast: DocumentNode | undefined;
  try {
    ast = parse(text);
  } catch {
    ast = undefined;
  }
  for (const pos of positions) {
    const where = `at ${pos.line}:${pos.character}`;
    // ALLOWED_DIFFERENCES.completionOnEmptyLine: there the reference is the text ending with a line break.
    const reference = (lines[pos.line] ?? '') === '' && !text.endsWith('\n') ? `${text}\n` : text;
    assert.deepEqual(service.complete(doc, pos), directCompletion(schema, reference, pos, external, uri), `completion ${where}`);
    if (pos.character < (lines[pos.line] ?? '').length) {
      assert.equal(service.hover(doc, pos)?.markdown ?? '', directHover(schema, text, pos), `hover ${where}`);
    } else {
      // ALLOWED_DIFFERENCES.hoverAtEndOfLine
      assert.equal(service.hover(doc, pos), null, `hover ${where}`);
    }
    counts.positions++;
    const field = ast ? inputFieldAt(schema, ast, offsetOf(text, pos)) : null;
    if (field) {
      const target = service.definition(doc, pos);
      assert.equal(target?.kind === 'schema' ? target.key : target, field, `definition ${where}`);
      counts.definitions++;
    }
  }
  const floor = floorDiagnostics(schema, text, external);
  const ours = ourDiagnostics(service.diagnostics(doc));
  if (floor.syntax || !LONE_CR.test(text)) {
    assert.deepEqual(ours, floor.lines, floor.syntax ? 'syntax error' : 'diagnostics');
  }
  const outline = getOutline(text);
  counts.diagnostics++;
  if (outline) {
    assert.deepEqual(comparableOurs(service.outline(doc)), comparableFloor(outline.outlineTrees), 'outline');
    counts.outlines++;
  }
}
