import * as vscode from 'vscode';
import { buildSchema, type GraphQLSchema } from 'graphql';
import { GraphqlLanguageService } from '../core/language/languageService';
import type { DefinitionParses } from '../core/language/documentModel';
import { DocumentStore } from '../core/language/documentStore';
import { FragmentIndex } from '../core/language/fragmentIndex';
import type { Range, TextDocumentSnapshot } from '../core/language/types';
import { EmbeddedFiles, graphqlAt, toTemplatePosition, type TemplateSource } from '../core/embedded/templateSources';
import type { Position } from '../core/text/position';
import type { Schemas, SchemaSnapshot } from '../services/schemas';
import { isCodeDocument } from '../platform/codeFiles';
import type { CodeFileSettings } from '../services/config';
import { toRange } from './convert';

import { MAX_DOCUMENT_CHARS } from '../core/text/limits';

export { MAX_DOCUMENT_CHARS };

/** A GraphQL template of an open code file, as the language service sees it. */
export interface TemplateAt {
  readonly source: TemplateSource;
  /** The template as a document of its own (its id, the host's version, its GraphQL text). */
  readonly snap: TextDocumentSnapshot;
  /** The position asked about, in the template's text. */
  readonly position: Position;
}

/** A document's language service and the schema it stands on. */
export interface ServiceForDocument {
  readonly service: GraphqlLanguageService;
  readonly snapshot: SchemaSnapshot;
}

/**
 * Hands each document the language service of its schema (the folder's graphql-config schema,
 * else the active environment's): one service per schema version, built when the schema arrives,
 * sharing the workspace fragment index and the parsed documents across versions.
 */
export class LanguageHost implements vscode.Disposable {
  readonly index = new FragmentIndex();
  private liveTemplates = new WeakMap<vscode.TextDocument, { version: number; sources: readonly TemplateSource[] }>();
  private readonly documents = new DocumentStore();
  private readonly services = new WeakMap<GraphQLSchema, GraphqlLanguageService>();
  private readonly snapshots = new WeakMap<vscode.TextDocument, TextDocumentSnapshot>();
  /** Each open document's text at a version (see textOf). */
  private readonly texts = new WeakMap<vscode.TextDocument, { readonly version: number; readonly text: string }>();
  private fallback: GraphqlLanguageService | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly disposables: vscode.Disposable[] = [];
  /** Fires when the schema of some documents changed (a new version, another environment, a folder config). */
  readonly onDidChangeSchemas = this.changed.event;

  /**
   * @param embedded the GraphQL templates of the code files looked at (open editors, indexed
   * workspace files): the window's one template cache, shared with the run feature
   */
  constructor(
    readonly schemas: Schemas,
    readonly embedded: EmbeddedFiles,
    private readonly codeFiles: Pick<CodeFileSettings, 'templateTags' | 'onDidChangeTemplateTags'>,
  ) {
    this.disposables.push(
      this.changed,
      schemas.onDidChange(() => {
        // Build the environment schema's service when it arrives, before anyone asks.
        const env = schemas.current();
        if (env) {
          this.serviceOf(env.schema);
        }
        this.changed.fire();
      }),
      codeFiles.onDidChangeTemplateTags(() => {
        this.liveTemplates = new WeakMap();
        this.changed.fire();
      }),
    );
  }

  /** The tag names that mark GraphQL templates (`tenantGraphql.embedded.tags`). */
  get templateTags(): readonly string[] {
    return this.codeFiles.templateTags();
  }

  /**
   * The GraphQL templates of an open code file at its current version (none for other files or
   * a file over the size limit), scanned once per version.
   */
  templatesOf(document: vscode.TextDocument): readonly TemplateSource[] {
    const known = this.liveTemplates.get(document);
    if (known && known.version === document.version) {
      return known.sources;
    }
    const text = isCodeDocument(document) ? this.textOf(document) : '';
    const sources =
      text.length > 0 && text.length <= MAX_DOCUMENT_CHARS ? this.embedded.update(document.uri.toString(), text, { tags: this.codeFiles.templateTags() }).sources : [];
    this.liveTemplates.set(document, { version: document.version, sources });
    return sources;
  }

  /** A document's definitions as the language service splits and parses them (shared with it: the code actions read them). */
  definitionParses(snapshot: TextDocumentSnapshot): DefinitionParses {
    return this.documents.get(snapshot).definitionParses();
  }

  /** A template as a document of its own, at the host's version. */
  templateSnapshot(document: vscode.TextDocument, source: TemplateSource): TextDocumentSnapshot {
    return { uri: source.id, version: document.version, text: source.text };
  }

  /** The template of a code file at a position (not in a `${…}`), or undefined outside templates. */
  templateAt(document: vscode.TextDocument, position: vscode.Position): TemplateAt | undefined {
    const sources = this.templatesOf(document);
    if (sources.length === 0) {
      return undefined;
    }
    const at = graphqlAt(sources, document.offsetAt(position));
    const local = at && toTemplatePosition(at.source.basePosition, position);
    return at && local ? { source: at.source, snap: this.templateSnapshot(document, at.source), position: local } : undefined;
  }

  /**
   * A location of the language service or an index as the user sees it: a range in a template
   * becomes the range in its host file. Undefined for a template that is gone.
   */
  location(uri: string, range: Range): vscode.Location | undefined {
    const at = this.embedded.locate(uri, range);
    return at && new vscode.Location(vscode.Uri.parse(at.uri), toRange(at.range));
  }

  /** The schema a document uses: its folder's graphql-config schema, else the environment's. */
  snapshotFor(uri: vscode.Uri): SchemaSnapshot | undefined {
    return this.schemas.schemaFor(uri);
  }

  /** The language service of a schema (built once per schema object). */
  serviceOf(schema: GraphQLSchema): GraphqlLanguageService {
    let service = this.services.get(schema);
    if (!service) {
      service = GraphqlLanguageService.create(schema, { index: this.index, documents: this.documents });
      this.services.set(schema, service);
    }
    return service;
  }

  /** The service for a document, or undefined when its schema is not loaded yet. */
  serviceFor(uri: vscode.Uri): ServiceForDocument | undefined {
    const snapshot = this.snapshotFor(uri);
    return snapshot ? { service: this.serviceOf(snapshot.schema), snapshot } : undefined;
  }

  /**
   * A service for schema-independent features (outline, workspace symbols, fragment definitions)
   * when no schema is loaded yet.
   */
  anyService(uri?: vscode.Uri): GraphqlLanguageService {
    const found = uri ? this.serviceFor(uri) : undefined;
    if (found) {
      return found.service;
    }
    const env = this.schemas.current();
    if (env) {
      return this.serviceOf(env.schema);
    }
    this.fallback ??= new GraphqlLanguageService(buildSchema('type Query { _: Boolean }'), { index: this.index, documents: this.documents });
    return this.fallback;
  }

  /** The document as the core sees it, or undefined when it is too large to handle. */
  snapshotOf(document: vscode.TextDocument): TextDocumentSnapshot | undefined {
    const known = this.snapshots.get(document);
    if (known && known.version === document.version) {
      return known;
    }
    const text = this.textOf(document);
    if (text.length > MAX_DOCUMENT_CHARS) {
      return undefined;
    }
    const snapshot = { uri: document.uri.toString(), version: document.version, text };
    this.snapshots.set(document, snapshot);
    return snapshot;
  }

  /** A document's text at its version (the editor's, read once per version). */
  textOf(document: vscode.TextDocument): string {
    const known = this.texts.get(document);
    if (known && known.version === document.version) {
      return known.text;
    }
    const text = document.getText();
    this.texts.set(document, { version: document.version, text });
    return text;
  }

  /**
   * Forgets a closed document's parse caches, its templates' too (the workspace indexer records a
   * closed code file's templates again from the file on disk).
   */
  forget(uri: vscode.Uri): void {
    const id = uri.toString();
    this.documents.delete(id);
    for (const source of this.embedded.sourcesOf(id)) {
      this.documents.delete(source.id);
    }
    this.embedded.remove(id);
  }

  dispose(): void {
    vscode.Disposable.from(...this.disposables).dispose();
  }
}
