/**
 * What the code actions share: the definition at an offset (parsed alone, so the work is
 * proportional to the definition, not the document), typed walks over it, edits and titles.
 */
import { Kind, parse, TypeInfo, visit, visitWithTypeInfo, type ASTNode, type DefinitionNode, type GraphQLSchema } from 'graphql';
import { splitDefinitions } from './definitionSplitter';
import type { DefinitionParses } from './documentModel';
import { LineIndex } from '../text/lineIndex';
import type { Range } from '../text/position';

/** One replacement in the GraphQL text. */
export interface TextEdit {
  readonly range: Range;
  readonly newText: string;
}

/** What a code action's title says: an id the editor adapter turns into localised text, with its arguments. */
export type CodeActionTitleId =
  | 'didYouMean'
  | 'declareVariable'
  | 'removeUnusedVariable'
  | 'useReplacement'
  | 'showDeprecationReason'
  | 'removeUnusedFragment'
  | 'addRequiredArgument'
  | 'addSelection'
  | 'addTypename'
  | 'nameOperation'
  | 'extractFragment'
  | 'inlineFragment'
  | 'inlineAllSpreads'
  | 'addToSidecar'
  | 'extractVariable';

/** The kinds of code action (VS Code's CodeActionKind values). */
export type CoreCodeActionKind = 'quickfix' | 'refactor.extract' | 'refactor.inline' | 'refactor.rewrite';

/** One quick fix or refactoring, as edits of the GraphQL text. */
export interface CoreCodeAction {
  readonly title: { readonly id: CodeActionTitleId; readonly args: readonly string[] };
  readonly kind: CoreCodeActionKind;
  readonly isPreferred?: boolean;
  readonly edits: readonly TextEdit[];
  /** Indexes (into the diagnostics given) of the problems it fixes. */
  readonly diagnostics?: readonly number[];
  /** Extract fragment: the name is asked first; `edits` is empty and the adapter calls extractFragment. */
  readonly needsName?: 'fragment';
  /** Show deprecation reason: the reason's text (from the schema). */
  readonly reason?: string;
}

/** What the quick fixes need besides the text and the schema. */
export interface QuickFixContext {
  /** The fragments the workspace defines, with their type conditions (for unknown fragment spreads). */
  readonly fragments?: readonly { readonly name: string; readonly typeCondition: string }[];
}

/**
 * A family of quick fixes (quickFixes.ts lists them): the fixes for a problem whose message is one
 * of the family's, at `local` (an offset of the definition's own text); undefined for any other message.
 */
export type QuickFixFamily = (
  doc: ActionText,
  schema: GraphQLSchema,
  def: ParsedDefinition,
  local: number,
  message: string,
  context: QuickFixContext,
) => CoreCodeAction[] | undefined;

/** A top-level definition of the text, parsed alone; offsets of its nodes plus `base` are offsets of the text. */
export interface ParsedDefinition {
  readonly node: DefinitionNode;
  readonly base: number;
  readonly start: number;
  readonly end: number;
}

/** The text with its line index and the spans of its definitions. */
export class ActionText {
  readonly lines: LineIndex;
  private spans: readonly { readonly start: number; readonly end: number }[] | undefined;
  private readonly parsed = new Map<number, ParsedDefinition | null>();
  private readonly memo = new Map<string, unknown>();
  private readonly bySchema = new WeakMap<object, Map<string, unknown>>();

  /** @param prepared the text's definitions as the language service split and parsed them (else split and parsed here, as needed). */
  constructor(
    readonly text: string,
    private readonly prepared?: DefinitionParses,
  ) {
    this.lines = new LineIndex(text);
  }

  private allSpans(): readonly { readonly start: number; readonly end: number }[] {
    this.spans ??= this.prepared?.spans ?? splitDefinitions(this.text).spans;
    return this.spans;
  }

  /** The definition whose span holds `offset` (its end included), parsed; undefined on a syntax error or outside definitions. */
  definitionAt(offset: number): ParsedDefinition | undefined {
    const spans = this.allSpans();
    const i = spans.findIndex((s) => s.start <= offset && offset <= s.end);
    return i < 0 ? undefined : this.parseSpan(i);
  }

  /** Every definition of the text that parses. */
  definitions(): ParsedDefinition[] {
    return this.allSpans().flatMap((_, i) => this.parseSpan(i) ?? []);
  }

  private parseSpan(i: number): ParsedDefinition | undefined {
    const known = this.parsed.get(i);
    if (known !== undefined) {
      return known ?? undefined;
    }
    const span = this.allSpans()[i];
    let result: ParsedDefinition | null = null;
    try {
      const { ast, base } = this.prepared?.parsed(i) ?? { ast: parse(this.text.slice(span.start, span.end)), base: span.start };
      const first = ast?.definitions[0];
      if (ast?.definitions.length === 1 && first) {
        const start = base + (first.loc?.start ?? span.start - base);
        result = { node: first, base, start, end: base + (first.loc?.end ?? span.end - base) };
      }
    } catch {
      result = null;
    }
    this.parsed.set(i, result);
    return result ?? undefined;
  }

  /** A value computed once per key for this text. */
  remember<T>(key: string, compute: () => T): T {
    if (!this.memo.has(key)) {
      this.memo.set(key, compute());
    }
    return this.memo.get(key) as T;
  }

  /** A value computed once per key for this text and a schema (e.g. a definition's validation; VS Code asks again at every cursor move). */
  rememberFor<T>(schema: object, key: string, compute: () => T): T {
    let memo = this.bySchema.get(schema);
    if (!memo) {
      memo = new Map();
      this.bySchema.set(schema, memo);
    }
    if (!memo.has(key)) {
      memo.set(key, compute());
    }
    return memo.get(key) as T;
  }

  offsetAt(range: Range): number {
    return this.lines.offsetAt(range.start);
  }

  /** An edit inserting text at a text offset. */
  insertAt(offset: number, newText: string): TextEdit {
    return { range: this.lines.rangeOf(offset, offset), newText };
  }

  replace(start: number, end: number, newText: string): TextEdit {
    return { range: this.lines.rangeOf(start, end), newText };
  }

  /** The indentation (spaces and tabs) of the line an offset is on. */
  indentAt(offset: number): string {
    const line = this.lines.positionAt(offset).line;
    const start = this.lines.offsetAt({ line, character: 0 });
    return /^[ \t]*/.exec(this.text.slice(start, start + 200))?.[0] ?? '';
  }
}

/** A text as code actions see it: a caller that asks several times about one version passes the same ActionText (its lines, spans and parses are kept). */
export function actionText(text: string | ActionText): ActionText {
  return typeof text === 'string' ? new ActionText(text) : text;
}

/** Start offset (in the definition's own text) of a node. */
export function startOf(node: ASTNode): number {
  return node.loc?.start ?? -1;
}

export function endOf(node: ASTNode): number {
  return node.loc?.end ?? -1;
}

/**
 * Visits a definition with graphql's TypeInfo; `enter` sees each node with the type information
 * at it. Returning true stops the walk. With `around` (an offset of the definition's own text),
 * only the nodes whose range holds it are visited (and their type information is the same): a
 * node's children lie inside its range, so nothing else can hold it. The actions that look for
 * what is at the cursor walk one path of the tree instead of all of it.
 */
export function walkTyped(schema: GraphQLSchema, def: DefinitionNode, enter: (node: ASTNode, info: TypeInfo) => boolean | void, around?: number): void {
  const info = new TypeInfo(schema);
  const doc = { kind: Kind.DOCUMENT, definitions: [def] } as const;
  let stopped = false;
  visit(
    doc,
    visitWithTypeInfo(info, {
      enter(node) {
        if (stopped) {
          return false;
        }
        if (around !== undefined && node.kind !== Kind.DOCUMENT && !(startOf(node) <= around && around <= endOf(node))) {
          return false;
        }
        if (enter(node, info) === true) {
          stopped = true;
          return false;
        }
        return undefined;
      },
    }),
  );
}

/** The quoted names of a message, in order (`"a"`, `"b"`). */
export function quotedNames(message: string): string[] {
  return [...message.matchAll(/"([^"]*)"/g)].map((m) => m[1]);
}

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** True for a GraphQL name. */
export function isName(s: string): boolean {
  return NAME.test(s);
}

/** The edit removing a definition with the blanks after it (before it, when it is the last). */
export function removeDefinition(doc: ActionText, fragment: ParsedDefinition): TextEdit {
  let end = fragment.end;
  while (end < doc.text.length && /[ \t\r\n,]/.test(doc.text[end])) {
    end++;
  }
  let start = fragment.start;
  if (end === doc.text.length) {
    while (start > 0 && /[ \t\r\n,]/.test(doc.text[start - 1])) {
      start--;
    }
    end = fragment.end;
  }
  return doc.replace(start, end, '');
}
