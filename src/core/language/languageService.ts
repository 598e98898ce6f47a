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
import { validateSchema, type FragmentDefinitionNode, type GraphQLSchema } from 'graphql';
import { printSchemaWithLocations, type SchemaSdlView } from '../schema/sdlView';
import { completeAt } from './completion';
import { computeDiagnostics } from './diagnostics';
import { IncrementalValidator } from './incrementalValidation';
import type { DocumentModel } from './documentModel';
import { DocumentStore } from './documentStore';
import { FragmentIndex } from './fragmentIndex';
import { definitionAt, hoverAt } from './navigation';
import { documentOutline, matchWorkspaceSymbols } from './outline';
import type { CompletionItem, DefinitionTarget, HoverResult, LanguageDiagnostic, OutlineItem, Position, TextDocumentSnapshot, WorkspaceSymbol } from './types';

/** Collaborators a service can share with the services of later schema versions. */
export interface LanguageServiceOptions {
  /** Workspace fragments and operations; a new empty index when omitted. */
  readonly index?: FragmentIndex;
  /** Parsed open documents; pass the previous service's to keep them across a schema refresh. */
  readonly documents?: DocumentStore;
}

const WARM_UP_URI = 'tenant-graphql-warmup:/warmup.graphql';

/** Language features for one schema version. Build it once per schema, never per keystroke. */
export class GraphqlLanguageService {
  readonly index: FragmentIndex;
  readonly documents: DocumentStore;
  private viewMemo: SchemaSdlView | undefined;
  private fragmentsMemo: { uri: string; generation: number; list: FragmentDefinitionNode[] } | undefined;
  private readonly diagnosticsMemo = new WeakMap<DocumentModel, { generation: number; result: LanguageDiagnostic[] }>();
  private readonly outlineMemo = new WeakMap<DocumentModel, OutlineItem[]>();
  private readonly validator: IncrementalValidator;

  constructor(
    readonly schema: GraphQLSchema,
    options: LanguageServiceOptions = {},
  ) {
    this.index = options.index ?? new FragmentIndex();
    this.documents = options.documents ?? new DocumentStore();
    this.validator = new IncrementalValidator(schema);
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
    const sources = {
      schema: this.schema,
      externalFragments: (uri: string) => this.externalFragments(uri),
      completionFragments: (uri: string) => this.completionFragments(uri),
    };
    return completeAt(sources, this.documents.get(doc), doc.uri, position);
  }

  /** Type, description and deprecation of what is under the cursor, or null. */
  hover(doc: TextDocumentSnapshot, position: Position): HoverResult | null {
    return hoverAt(this.schema, this.documents.get(doc), position);
  }

  /**
   * Syntax errors, or validation errors against the schema (graphql's specified rules, with
   * fragments from other workspace files known), unused fragments (warnings, unless another file
   * spreads them) and uses of deprecated fields, arguments and enum values (warnings).
   */
  diagnostics(doc: TextDocumentSnapshot): LanguageDiagnostic[] {
    return this.diagnosticsWithin(doc, Infinity) as LanguageDiagnostic[];
  }

  /**
   * The diagnostics, or undefined when more than about `budgetMs` of work is left: call again
   * (after yielding the thread) and it goes on where it stopped. A newly opened large document is
   * parsed, confirmed and validated in such slices; an edit needs one short call.
   */
  diagnosticsWithin(doc: TextDocumentSnapshot, budgetMs: number): LanguageDiagnostic[] | undefined {
    const deadline = budgetMs === Infinity ? Infinity : performance.now() + budgetMs;
    const model = this.documents.get(doc);
    const generation = this.index.generation;
    const memo = this.diagnosticsMemo.get(model);
    if (memo && memo.generation === generation) {
      return memo.result;
    }
    const result = computeDiagnostics(this.validator, this.index, model, deadline);
    if (result) {
      this.diagnosticsMemo.set(model, { generation, result });
    }
    return result;
  }

  /** Where the fragment, type, field, argument, enum value or directive under the cursor is defined. */
  definition(doc: TextDocumentSnapshot, position: Position): DefinitionTarget | null {
    return definitionAt(this, this.documents.get(doc), position);
  }

  /** Operations and fragments with their fields and spreads, for the outline view. */
  outline(doc: TextDocumentSnapshot): OutlineItem[] {
    const model = this.documents.get(doc);
    let items = this.outlineMemo.get(model);
    if (!items) {
      items = documentOutline(model);
      this.outlineMemo.set(model, items);
    }
    return items;
  }

  /** Operations and fragments of the workspace whose names contain the query's characters in order. */
  workspaceSymbols(query: string): WorkspaceSymbol[] {
    return matchWorkspaceSymbols(this.index, query);
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
}
