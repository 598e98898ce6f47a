import * as vscode from 'vscode';
import { buildSchema, type GraphQLSchema } from 'graphql';
import { GraphqlLanguageService } from '../core/language/languageService';
import { DocumentStore } from '../core/language/documentModel';
import { FragmentIndex } from '../core/language/fragmentIndex';
import type { TextDocumentSnapshot } from '../core/language/types';
import type { Schemas, SchemaSnapshot } from '../schema';

/** Documents larger than this get no language features (the extension host must not stall). */
export const MAX_DOCUMENT_CHARS = 2 * 1024 * 1024;

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
  private readonly documents = new DocumentStore();
  private readonly services = new WeakMap<GraphQLSchema, GraphqlLanguageService>();
  private readonly snapshots = new WeakMap<vscode.TextDocument, TextDocumentSnapshot>();
  private fallback: GraphqlLanguageService | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly disposables: vscode.Disposable[] = [];
  /** Fires when the schema of some documents changed (a new version, another environment, a folder config). */
  readonly onDidChangeSchemas = this.changed.event;

  constructor(readonly schemas: Schemas) {
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
    );
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
    const text = document.getText();
    if (text.length > MAX_DOCUMENT_CHARS) {
      return undefined;
    }
    const snapshot = { uri: document.uri.toString(), version: document.version, text };
    this.snapshots.set(document, snapshot);
    return snapshot;
  }

  /** Forgets a closed document's parse cache. */
  forget(uri: vscode.Uri): void {
    this.documents.delete(uri.toString());
  }

  dispose(): void {
    vscode.Disposable.from(...this.disposables).dispose();
  }
}
