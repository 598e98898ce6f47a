import * as vscode from 'vscode';
import type { EmbeddedFiles } from '../core/embedded/templateSources';
import type { Logger } from '../core/logger';
import type { Schemas } from '../services/schemas';
import type { CodeFileSettings } from '../services/config';
import type { LanguageWorkers } from '../core/language/languageWorkerClient';
import { DiagnosticsManager, diagnosticsSlice } from './diagnostics';
import { LanguageHost, MAX_DOCUMENT_CHARS } from './languageHost';
import type { GraphQLSchema } from 'graphql';
import type { LanguageDiagnostic } from '../core/language/types';
import { completionProvider, registerProviders } from './providers';
import { WorkspaceIndexer } from './workspaceIndex';
import { registerCommands } from '../platform/commands';
import { languageCommands } from './commands';
import { registerReferenceProviders } from './referenceProviders';
import { ReferenceService } from './references';
import { WorkspaceDiagnostics } from './workspaceDiagnostics';
import { registerFormatting, type FormatCode } from './formatting';
import { type GraphqlCodeActions, registerCodeActions } from './codeActions';

/** True in the development build only (scripts/build.mjs): the integration tests' hooks are not shipped. */
declare const __TEST_API__: boolean;

/**
 * The language feature: completion, hover, definition, outline, workspace symbols, validation (of
 * open documents as you type, and of the whole workspace when the schema changes), find references
 * / Find Usages, rename and the fragment References CodeLens for GraphQL documents, each from the
 * schema the schemas service gives the document.
 */
export class LanguageFeature implements vscode.Disposable {
  private readonly indexer: WorkspaceIndexer;
  private readonly disposables: vscode.Disposable;
  private readonly host: LanguageHost;
  private readonly logger: Logger;
  private readonly codeActions: GraphqlCodeActions;
  /** Documents validated for the validate tool (each a name of its own). */
  private toolDocuments = 0;
  /** The workspace's fragment index (the run feature completes sent documents from it). */
  readonly fragments: LanguageHost['index'];
  /** Fires when the workspace's documents were all validated again (after a schema change, or on demand). */
  readonly onDidValidateWorkspace: vscode.Event<void>;

  /** What the integration tests reach: set in the development build only (`__TEST_API__`, scripts/build.mjs). */
  declare readonly testApi: LanguageTestApi | undefined;

  /**
   * @param workers the language worker: the workspace's re-validation and the references index build run there
   * @param onDemand the code loaded on first use (the on-demand bundle): formatting
   */
  constructor(
    schemas: Schemas,
    logger: Logger,
    embeddedFiles: EmbeddedFiles,
    codeFiles: CodeFileSettings,
    workers: LanguageWorkers | undefined,
    onDemand: { readonly formatCode: () => FormatCode },
  ) {
    const host = new LanguageHost(schemas, embeddedFiles, codeFiles);
    this.host = host;
    this.logger = logger;
    this.fragments = host.index;
    this.indexer = new WorkspaceIndexer(host.index, host.embedded, () => host.templateTags, logger);
    const references = new ReferenceService(host, logger, workers);
    const workspaceDiagnostics = new WorkspaceDiagnostics(host, logger, workers, this.indexer.onDidChangeIndex);
    this.onDidValidateWorkspace = workspaceDiagnostics.onDidValidateAll;
    const codeActions = registerCodeActions(host, logger);
    this.codeActions = codeActions.provider;
    this.disposables = vscode.Disposable.from(
      this.indexer,
      new DiagnosticsManager(host, this.indexer.onDidChangeIndex, logger),
      workspaceDiagnostics,
      registerProviders(host, logger),
      registerFormatting(logger, codeFiles, onDemand.formatCode),
      codeActions.disposable,
      // Other tags are other templates: read the code files again.
      codeFiles.onDidChangeTemplateTags(() => void this.indexer.start()),
      references,
      registerReferenceProviders(references, this.indexer.onDidChangeIndex, logger, codeFiles),
      registerCommands(
        languageCommands,
        { logger, references, schemas, workspaceDiagnostics, codeActions: codeActions.provider, codeFiles, formatCode: onDemand.formatCode },
        logger,
        'language',
      ),
      host,
    );
    if (__TEST_API__) {
      const completion = completionProvider(this.host, this.logger);
      this.testApi = {
        complete: (document, position) => completion.provideCompletionItems(document, position),
        diagnostics: (document) => {
          const found = this.host.serviceFor(document.uri);
          const snap = this.host.snapshotOf(document);
          return found && snap ? diagnosticsSlice(found.service, snap, Infinity) : undefined;
        },
        hasSchema: (uri) => this.host.serviceFor(uri) !== undefined,
        text: (document) => this.host.textOf(document),
        codeActions: (document, range, diagnostics) =>
          this.codeActions.provideCodeActions(document, range, { diagnostics, only: undefined, triggerKind: vscode.CodeActionTriggerKind.Invoke }),
      };
    }
  }

  /**
   * The GraphQL document at a position: a GraphQL file, or the template of a code file the position
   * is in (with the position in the template's text). Undefined elsewhere.
   */
  graphqlAt(
    document: vscode.TextDocument,
    position: vscode.Position,
  ): { readonly id: string; readonly text: string; readonly line: number; readonly character: number } | undefined {
    if (document.languageId === 'graphql') {
      const snap = this.host.snapshotOf(document);
      return snap && { id: snap.uri, text: snap.text, line: position.line, character: position.character };
    }
    const at = this.host.templateAt(document, position);
    return at && { id: at.snap.uri, text: at.snap.text, line: at.position.line, character: at.position.character };
  }

  /**
   * The diagnostics the editor would show for `text` as a document of its own against `schema`
   * (the same validation, the workspace's fragments known): what the validate tool returns.
   * Undefined for a text over the size the editor validates.
   */
  validateText(text: string, schema: GraphQLSchema): LanguageDiagnostic[] | undefined {
    if (text.length > MAX_DOCUMENT_CHARS) {
      return undefined;
    }
    const service = this.host.serviceOf(schema);
    const uri = `tenant-graphql-tool:/operation-${++this.toolDocuments}.graphql`;
    try {
      return service.diagnostics({ uri, version: 1, text });
    } finally {
      service.documents.delete(uri);
    }
  }

  /** Indexes the workspace's fragments and operations (after the schemas started). */
  start(): Promise<void> {
    return this.indexer.start();
  }

  dispose(): void {
    this.disposables.dispose();
  }
}

/** See LanguageFeature.testApi. */
export interface LanguageTestApi {
  complete(document: vscode.TextDocument, position: vscode.Position): vscode.CompletionItem[] | undefined;
  diagnostics(document: vscode.TextDocument): vscode.Diagnostic[] | undefined;
  hasSchema(uri: vscode.Uri): boolean;
  /** The document's text as the providers read it. */
  text(document: vscode.TextDocument): string;
  /** The code actions at a range for the diagnostics given, as the registered provider computes them. */
  codeActions(document: vscode.TextDocument, range: vscode.Range, diagnostics: readonly vscode.Diagnostic[]): vscode.CodeAction[] | Promise<vscode.CodeAction[]>;
}
