/**
 * The GraphQL language service of one schema version: completion, hover, diagnostics,
 * go-to-definition, outline and workspace symbols for `.graphql` documents, on top of
 * graphql-language-service, taking and returning plain 0-based positions.
 *
 * Why it is faster than calling graphql-language-service directly: the library re-reads the
 * whole document on every call (two parses and a full re-tokenisation), so its cost grows with the
 * file. This service keeps each document split into its top-level definitions, parsed once per
 * text (see documentModel.ts), and hands the library only the definition under the cursor (and
 * what else it reads there: the definitions sharing its variables, the document's fragments in
 * order). Results are the library's own on any text, valid or not: tests compare them item by item
 * with the direct call, on real documents and on thousands of random edits of them
 * (languageService.parity.test.ts, which also lists the few deliberate differences).
 */
import {
  getNamedType,
  GraphQLError,
  Kind,
  NoDeprecatedCustomRule,
  specifiedRules,
  TypeInfo,
  validate,
  validateSchema,
  visit,
  visitWithTypeInfo,
  type ASTNode,
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import {
  getAutocompleteSuggestions,
  getHoverInformation,
  getTokenAtPosition,
  getTypeInfo,
  GraphQLDocumentMode,
  Position as LibPosition,
  type ContextToken,
  type ContextTokenForCodeMirror,
} from 'graphql-language-service';
import { printSchemaWithLocations, type SchemaSdlView } from '../schema/sdlView';
import { completionContext, toCompletionItem } from './completionItems';
import { directCompletion } from './directCalls';
import { DocumentStore, type DocumentModel } from './documentModel';
import { FragmentIndex } from './fragmentIndex';
import type { CompletionItem, DefinitionTarget, HoverResult, LanguageDiagnostic, OutlineItem, OutlineKind, Position, Range, TextDocumentSnapshot, WorkspaceSymbol } from './types';

/** Collaborators a service can share with the services of later schema versions. */
export interface LanguageServiceOptions {
  /** Workspace fragments and operations; a new empty index when omitted. */
  readonly index?: FragmentIndex;
  /** Parsed open documents; pass the previous service's to keep them across a schema refresh. */
  readonly documents?: DocumentStore;
}

const VARIABLE_CONTEXTS = new Set(['Variable', 'Argument', 'FragmentArgument', 'ObjectField', 'ListValue', 'EnumValue']);
/** Completion contexts whose suggestions graphql-language-service reads from the text (variables, interfaces). */
const TEXT_CONTEXTS = new Set([...VARIABLE_CONTEXTS, 'Implements', 'NamedType']);
const UNUSED_FRAGMENT = /^Fragment "[^"]+" is never used\.$/;
const WARM_UP_URI = 'tenant-graphql-warmup:/warmup.graphql';

/** Language features for one schema version. Build it once per schema, never per keystroke. */
export class GraphqlLanguageService {
  readonly index: FragmentIndex;
  readonly documents: DocumentStore;
  private viewMemo: SchemaSdlView | undefined;
  private fragmentsMemo: { uri: string; generation: number; list: FragmentDefinitionNode[] } | undefined;
  private readonly diagnosticsMemo = new WeakMap<DocumentModel, { generation: number; result: LanguageDiagnostic[] }>();
  private readonly outlineMemo = new WeakMap<DocumentModel, OutlineItem[]>();

  constructor(
    readonly schema: GraphQLSchema,
    options: LanguageServiceOptions = {},
  ) {
    this.index = options.index ?? new FragmentIndex();
    this.documents = options.documents ?? new DocumentStore();
  }

  /** Builds a service and warms it up (see warmUp): call when a schema arrives, not on a keystroke. */
  static create(schema: GraphQLSchema, options?: LanguageServiceOptions): GraphqlLanguageService {
    const service = new GraphqlLanguageService(schema, options);
    service.warmUp();
    return service;
  }

  /**
   * Pays the first-call costs of a new schema object (schema validation, the library's lazy type
   * maps, JIT) so that the first keystroke does not: 10-40 ms on a schema of GitHub's size.
   */
  warmUp(): void {
    validateSchema(this.schema);
    const doc = { uri: WARM_UP_URI, version: 0, text: '{\n  __typename\n}\n' };
    this.complete(doc, { line: 1, character: 2 });
    this.hover(doc, { line: 1, character: 4 });
    this.diagnostics(doc);
    this.documents.delete(WARM_UP_URI);
  }

  /** Suggestions at a position (fields, arguments, input fields, enum values, variables, ...). */
  complete(doc: TextDocumentSnapshot, position: Position): CompletionItem[] {
    const model = this.documents.get(doc);
    if (model.mode === 'TYPE_SYSTEM') {
      return directCompletion(this.schema, model.text, position, this.externalFragments(model.uri), doc.uri);
    }
    const offset = model.offsetAt(position);
    const chunk = model.chunkAt(offset, true);
    let text = chunk.info.text;
    let cursor = new LibPosition(position.line - chunk.startLine, position.character);
    let token: ContextToken = getTokenAtPosition(text, cursor, 1);
    if (VARIABLE_CONTEXTS.has(completionContext(token).kind ?? '')) {
      // Variables come from every definition sharing the scope, and for a fragment from the
      // operations that reach it: give the library those definitions too, in document order.
      const chunkIndex = model.chunkIndexAt(offset, true);
      const related = relatedChunks(model, chunkIndex);
      if (related.length > 1 || model.chunks[chunkIndex].info !== chunk.info) {
        const parts: string[] = [];
        let line = 0;
        for (const i of related) {
          const c = model.chunks[i];
          if (i === chunkIndex) {
            cursor = new LibPosition(line + position.line - c.startLine, position.character);
          }
          parts.push(c.info.text);
          line += c.lineCount;
        }
        text = parts.join('\n');
        token = getTokenAtPosition(text, cursor, 1);
      }
    }
    const context = completionContext(token);
    // Given the token, the library reads the text for the fragments it defines (first of all, on
    // every call), and for variables and interfaces where those are suggested; nothing else.
    if (context.kind === 'FragmentSpread') {
      // It offers the fragments of the text first, then the ones passed in: make the text the
      // document's fragments in the order the whole text has them (the definition under the
      // cursor may hold several).
      text = model.wholeTextFragments.map((f) => `fragment ${f.name.value} on ${f.typeCondition.name.value} { __typename }`).join('\n');
    } else if (!TEXT_CONTEXTS.has(context.kind ?? '')) {
      text = '';
    }
    // Fragments matter to the library only after `...` (above); elsewhere those of other files
    // are all it needs, and the document's need not be gathered.
    const items = getAutocompleteSuggestions(this.schema, text, cursor, token as ContextTokenForCodeMirror, this.completionFragments(model.uri), {
      uri: doc.uri,
      mode: GraphQLDocumentMode[model.mode],
    });
    return items.map((item) => toCompletionItem(item, context));
  }

  /** Type, description and deprecation of what is under the cursor, or null. */
  hover(doc: TextDocumentSnapshot, position: Position): HoverResult | null {
    const model = this.documents.get(doc);
    if (atLineEnd(model, position)) {
      // No token there. (graphql-language-service would describe the last token of the whole
      // text: its getTokenAtPosition runs on to the end when no token of the line reaches the cursor.)
      return null;
    }
    const { text, cursor, token } = this.tokenAt(model, position);
    const contents = getHoverInformation(this.schema, text, cursor, token, { useMarkdown: true });
    if (typeof contents !== 'string' || contents === '') {
      return null;
    }
    const range = wordRange(model, position);
    return range ? { markdown: contents, range } : { markdown: contents };
  }

  /**
   * Syntax errors, or validation errors against the schema (graphql's specified rules, with
   * fragments from other workspace files known), unused fragments (warnings, unless another file
   * spreads them) and uses of deprecated fields, arguments and enum values (warnings).
   */
  diagnostics(doc: TextDocumentSnapshot): LanguageDiagnostic[] {
    const model = this.documents.get(doc);
    const generation = this.index.generation;
    const memo = this.diagnosticsMemo.get(model);
    if (memo && memo.generation === generation) {
      return memo.result;
    }
    const result = this.computeDiagnostics(model);
    this.diagnosticsMemo.set(model, { generation, result });
    return result;
  }

  /** Where the fragment, type, field, argument, enum value or directive under the cursor is defined. */
  definition(doc: TextDocumentSnapshot, position: Position): DefinitionTarget | null {
    const model = this.documents.get(doc);
    if (atLineEnd(model, position)) {
      return null;
    }
    const { token } = this.tokenAt(model, position);
    const state = token.state.kind === 'Invalid' ? token.state.prevState : token.state;
    if (!state) {
      return null;
    }
    if (state.kind === 'FragmentSpread' && state.name) {
      return this.fragmentTarget(model, state.name);
    }
    const info = getTypeInfo(this.schema, token.state);
    const named = (t: unknown) => (t ? getNamedType(t as Parameters<typeof getNamedType>[0]) : undefined);
    let key: string | undefined;
    switch (state.kind) {
      case 'Field':
      case 'AliasedField':
      case 'Argument':
        if (info.directiveDef && state.kind === 'Argument') {
          key = `@${info.directiveDef.name}`;
        } else if (info.fieldDef && info.parentType) {
          key = `${named(info.parentType)?.name}.${info.fieldDef.name}`;
        }
        break;
      case 'NamedType':
      case 'TypeCondition':
        key = state.name ?? named(info.type)?.name;
        break;
      case 'Directive':
        key = state.name ? `@${state.name}` : undefined;
        break;
      case 'EnumValue':
        key = named(info.inputType) && state.name ? `${named(info.inputType)?.name}.${state.name}` : undefined;
        break;
      case 'ObjectField': {
        // inputType is the field's own type by now; the object it belongs to is inputObjectType,
        // unknown to the library in a variable's default value: there graphql's TypeInfo knows it.
        const owner = info.inputObjectType?.name ?? this.inputObjectAt(model, position);
        key = owner && state.name ? `${owner}.${state.name}` : undefined;
        break;
      }
      case 'Variable':
        key = named(info.type)?.name;
        break;
      default:
        key = named(info.type)?.name;
    }
    if (!key) {
      return null;
    }
    const view = this.schemaView();
    let line = view.lines.get(key);
    if (line === undefined && key.includes('.')) {
      key = key.slice(0, key.indexOf('.'));
      line = view.lines.get(key);
    }
    return line === undefined ? null : { kind: 'schema', key, sdlLine: line };
  }

  /** Operations and fragments with their fields and spreads, for the outline view. */
  outline(doc: TextDocumentSnapshot): OutlineItem[] {
    const model = this.documents.get(doc);
    let items = this.outlineMemo.get(model);
    if (!items) {
      items = [];
      for (const chunk of model.chunks) {
        for (const def of chunk.info.ast?.definitions ?? []) {
          const item = outlineOf(model, def);
          if (item) {
            items.push(item);
          }
        }
      }
      this.outlineMemo.set(model, items);
    }
    return items;
  }

  /** Operations and fragments of the workspace whose names contain the query's characters in order. */
  workspaceSymbols(query: string): WorkspaceSymbol[] {
    const q = query.toLowerCase();
    const matches = (name: string) => {
      let at = 0;
      for (const ch of name.toLowerCase()) {
        if (at < q.length && ch === q[at]) {
          at++;
        }
      }
      return at === q.length;
    };
    const out: WorkspaceSymbol[] = [];
    for (const op of this.index.operations()) {
      if (op.name && matches(op.name)) {
        out.push({ name: op.name, kind: op.operation, uri: op.uri, range: op.range });
      }
    }
    for (const frag of this.index.all()) {
      if (matches(frag.name)) {
        out.push({ name: frag.name, kind: 'fragment', uri: frag.uri, range: frag.range, containerName: `on ${frag.typeCondition}` });
      }
    }
    return out;
  }

  /** The schema as SDL with the line of every definition (printed once, on first use). */
  schemaView(): SchemaSdlView {
    this.viewMemo ??= printSchemaWithLocations(this.schema);
    return this.viewMemo;
  }

  /** Forgets a closed document's parse cache. */
  forget(uri: string): void {
    this.documents.delete(uri);
  }

  /** The input object type whose field name is at `position`, from the AST (when it parses). */
  private inputObjectAt(model: DocumentModel, position: Position): string | undefined {
    const offset = model.offsetAt(position);
    const chunk = model.chunkAt(offset, false);
    if (!chunk.info.ast) {
      return undefined;
    }
    const at = offset - chunk.start + chunk.startCol;
    const typeInfo = new TypeInfo(this.schema);
    let owner: string | undefined;
    visit(
      chunk.info.ast,
      visitWithTypeInfo(typeInfo, {
        ObjectField(node) {
          if (node.name.loc && node.name.loc.start <= at && at <= node.name.loc.end) {
            owner = getNamedType(typeInfo.getParentInputType())?.name;
          }
        },
      }),
    );
    return owner;
  }

  private tokenAt(model: DocumentModel, position: Position): { text: string; cursor: LibPosition; token: ContextToken } {
    const chunk = model.chunkAt(model.offsetAt(position), false);
    const text = chunk.info.text;
    const cursor = new LibPosition(position.line - chunk.startLine, position.character);
    return { text, cursor, token: getTokenAtPosition(text, cursor, 0) };
  }

  private externalFragments(uri: string): FragmentDefinitionNode[] {
    return this.index
      .all()
      .filter((f) => f.uri !== uri)
      .map((f) => f.node);
  }

  /** Fragments of the other workspace files (memoized per document and index generation). */
  private completionFragments(uri: string): FragmentDefinitionNode[] {
    const generation = this.index.generation;
    const memo = this.fragmentsMemo;
    if (memo && memo.uri === uri && memo.generation === generation) {
      return memo.list;
    }
    const list = this.externalFragments(uri);
    this.fragmentsMemo = { uri, generation, list };
    return list;
  }

  private fragmentTarget(model: DocumentModel, name: string): DefinitionTarget | null {
    for (const chunk of model.chunks) {
      for (const def of chunk.info.ast?.definitions ?? []) {
        if (def.kind === Kind.FRAGMENT_DEFINITION && def.name.value === name) {
          const range = model.rangeOf(def);
          if (range) {
            return { kind: 'fragment', name, uri: model.uri, range };
          }
        }
      }
    }
    const entry = this.index.getAll(name).find((e) => e.uri !== model.uri);
    return entry ? { kind: 'fragment', name, uri: entry.uri, range: entry.range } : null;
  }

  private computeDiagnostics(model: DocumentModel): LanguageDiagnostic[] {
    // graphql stops at the first syntax error of the document, and so do we: what follows it
    // has no meaning graphql agrees on.
    const syntax: LanguageDiagnostic[] = [];
    const broken = model.chunks.find((c) => c.info.syntaxError);
    const error = broken?.info.syntaxError;
    if (broken && error) {
      const start = model.positionAt(model.documentOffset(broken, error.positions?.[0] ?? broken.startCol));
      syntax.push({ range: tokenRange(model, start), message: error.message, severity: 'error', source: 'GraphQL' });
    }
    if (syntax.length > 0 || model.mode === 'TYPE_SYSTEM') {
      return syntax;
    }
    const definitions: DefinitionNode[] = model.chunks.flatMap((c) => c.info.ast?.definitions ?? []);
    const document: DocumentNode = {
      kind: Kind.DOCUMENT,
      definitions: [...definitions, ...this.neededExternalFragments(model.uri, definitions)],
    };
    const out: LanguageDiagnostic[] = [];
    const report = (error: GraphQLError, severity: LanguageDiagnostic['severity'], deprecated: boolean) => {
      for (const node of error.nodes ?? []) {
        const range = model.rangeOf(highlightNode(node));
        if (range) {
          out.push(deprecated ? { range, message: error.message, severity, source: 'GraphQL', deprecated } : { range, message: error.message, severity, source: 'GraphQL' });
        }
      }
    };
    for (const error of validate(this.schema, document, specifiedRules)) {
      if (UNUSED_FRAGMENT.test(error.message)) {
        const node = error.nodes?.[0];
        if (node?.kind === Kind.FRAGMENT_DEFINITION && this.index.isSpreadOutside(node.name.value, model.uri)) {
          continue;
        }
        report(error, 'warning', false);
      } else {
        report(error, 'error', false);
      }
    }
    for (const error of validate(this.schema, document, [NoDeprecatedCustomRule])) {
      report(error, 'warning', true);
    }
    return out;
  }

  /** Fragments this document spreads but does not define, with what they spread, from the index. */
  private neededExternalFragments(uri: string, definitions: readonly DefinitionNode[]): FragmentDefinitionNode[] {
    const local = new Set<string>();
    const wanted: string[] = [];
    for (const def of definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) {
        local.add(def.name.value);
      }
      visit(def, {
        FragmentSpread(node) {
          wanted.push(node.name.value);
        },
      });
    }
    const out: FragmentDefinitionNode[] = [];
    const seen = new Set(local);
    while (wanted.length > 0) {
      const name = wanted.pop() as string;
      if (seen.has(name)) {
        continue;
      }
      seen.add(name);
      const entry = this.index.getAll(name).find((e) => e.uri !== uri);
      if (entry) {
        out.push(entry.node);
        wanted.push(...entry.spreads);
      }
    }
    return out;
  }
}

/** Chunks whose definitions decide the variables visible in chunk `index`, in document order. */
function relatedChunks(model: DocumentModel, index: number): number[] {
  const own = model.chunks[index].info.scopes.all;
  const reaching = new Set(own);
  const fragmentKey = 'FragmentDefinition:';
  const pending = [...own].filter((k) => k.startsWith(fragmentKey)).map((k) => k.slice(fragmentKey.length));
  const done = new Set<string>();
  while (pending.length > 0) {
    const name = pending.pop() as string;
    if (done.has(name)) {
      continue;
    }
    done.add(name);
    for (const chunk of model.chunks) {
      for (const [key, spreads] of chunk.info.scopes.spreads) {
        if (spreads.has(name) && !reaching.has(key)) {
          reaching.add(key);
          if (key.startsWith(fragmentKey)) {
            pending.push(key.slice(fragmentKey.length));
          }
        }
      }
    }
  }
  const out: number[] = [];
  model.chunks.forEach((chunk, i) => {
    if (i === index || [...chunk.info.scopes.spreads.keys()].some((k) => reaching.has(k))) {
      out.push(i);
    }
  });
  return out;
}

/** The node an error is shown on, as graphql-language-service chooses it: the name when there is one. */
function highlightNode(node: ASTNode): ASTNode {
  if (node.kind !== Kind.VARIABLE && 'name' in node && node.name) {
    return node.name;
  }
  if ('variable' in node && node.variable) {
    return node.variable;
  }
  return node;
}

/** Whether `position` is at (or past) the end of its line, where no token starts or goes on. */
function atLineEnd(model: DocumentModel, position: Position): boolean {
  const next = model.lineStarts[position.line + 1];
  const lineEnd = next === undefined ? model.text.length : next - 1;
  return model.offsetAt(position) >= lineEnd;
}

const WORD = /[_0-9A-Za-z]/;

/** The identifier at (or just before) a position. */
function wordRange(model: DocumentModel, position: Position): Range | undefined {
  const lineStart = model.lineStarts[position.line];
  if (lineStart === undefined) {
    return undefined;
  }
  const lineEnd = position.line + 1 < model.lineStarts.length ? model.lineStarts[position.line + 1] - 1 : model.text.length;
  const line = model.text.slice(lineStart, lineEnd);
  let start = Math.min(position.character, line.length);
  if (!WORD.test(line[start] ?? '') && start > 0 && WORD.test(line[start - 1])) {
    start--;
  }
  if (!WORD.test(line[start] ?? '')) {
    return undefined;
  }
  let end = start;
  while (start > 0 && WORD.test(line[start - 1])) {
    start--;
  }
  while (end < line.length && WORD.test(line[end])) {
    end++;
  }
  return { start: { line: position.line, character: start }, end: { line: position.line, character: end } };
}

/** The token at a syntax error's position: a word, or one character, or an empty range at the end. */
function tokenRange(model: DocumentModel, start: Position): Range {
  const word = wordRange(model, start);
  if (word && word.start.character === start.character) {
    return word;
  }
  const offset = model.offsetAt(start);
  const ch = model.text[offset];
  const end = ch === undefined || ch === '\n' || ch === '\r' ? start : { line: start.line, character: start.character + 1 };
  return { start, end };
}

function outlineOf(model: DocumentModel, def: DefinitionNode): OutlineItem | undefined {
  const range = model.rangeOf(def);
  if (!range) {
    return undefined;
  }
  const nameRange = ('name' in def && def.name && model.rangeOf(def.name)) || { start: range.start, end: range.start };
  const item = (name: string, kind: OutlineKind, children: OutlineItem[]): OutlineItem => ({
    name,
    kind,
    range,
    selectionRange: nameRange,
    children,
  });
  switch (def.kind) {
    case Kind.OPERATION_DEFINITION:
      return item(def.name?.value ?? `<anonymous ${def.operation}>`, def.operation, selectionOutline(model, def.selectionSet));
    case Kind.FRAGMENT_DEFINITION:
      return item(def.name.value, 'fragment', selectionOutline(model, def.selectionSet));
    case Kind.OBJECT_TYPE_DEFINITION:
    case Kind.INTERFACE_TYPE_DEFINITION:
    case Kind.INPUT_OBJECT_TYPE_DEFINITION: {
      const kind: OutlineKind = def.kind === Kind.OBJECT_TYPE_DEFINITION ? 'type' : def.kind === Kind.INTERFACE_TYPE_DEFINITION ? 'interface' : 'input';
      const children: OutlineItem[] = [];
      for (const field of def.fields ?? []) {
        const r = model.rangeOf(field);
        const n = model.rangeOf(field.name);
        if (r && n) {
          children.push({ name: field.name.value, kind: kind === 'input' ? 'inputValue' : 'field', range: r, selectionRange: n, children: [] });
        }
      }
      return item(def.name.value, kind, children);
    }
    case Kind.ENUM_TYPE_DEFINITION: {
      const children: OutlineItem[] = [];
      for (const value of def.values ?? []) {
        const r = model.rangeOf(value);
        if (r) {
          children.push({ name: value.name.value, kind: 'enumValue', range: r, selectionRange: r, children: [] });
        }
      }
      return item(def.name.value, 'enum', children);
    }
    case Kind.UNION_TYPE_DEFINITION:
      return item(def.name.value, 'union', []);
    case Kind.SCALAR_TYPE_DEFINITION:
      return item(def.name.value, 'scalar', []);
    case Kind.DIRECTIVE_DEFINITION:
      return item(`@${def.name.value}`, 'directive', []);
    case Kind.SCHEMA_DEFINITION:
      return item('schema', 'schema', []);
    default:
      return undefined;
  }
}

function selectionOutline(model: DocumentModel, selectionSet: SelectionSetNode | undefined): OutlineItem[] {
  const out: OutlineItem[] = [];
  for (const selection of selectionSet?.selections ?? []) {
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      // Shown flattened into the parent, as graphql-language-service's outline does.
      out.push(...selectionOutline(model, selection.selectionSet));
      continue;
    }
    const range = model.rangeOf(selection);
    const nameRange = model.rangeOf(selection.name);
    if (!range || !nameRange) {
      continue;
    }
    if (selection.kind === Kind.FIELD) {
      const name = selection.alias ? `${selection.alias.value}: ${selection.name.value}` : selection.name.value;
      out.push({ name, kind: 'field', range, selectionRange: nameRange, children: selectionOutline(model, selection.selectionSet) });
    } else {
      out.push({ name: `...${selection.name.value}`, kind: 'fragmentSpread', range, selectionRange: nameRange, children: [] });
    }
  }
  return out;
}
