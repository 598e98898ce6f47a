import * as vscode from 'vscode';
import type { Logger } from '../core/logger';
import type { Schemas } from '../schema';
import { DiagnosticsManager } from './diagnostics';
import { LanguageHost } from './languageHost';
import { registerProviders } from './providers';
import { WorkspaceIndexer } from './workspaceIndex';

/**
 * The language feature: completion, hover, definition, outline, workspace symbols and validation
 * for GraphQL documents, each from the schema the schemas service gives the document.
 */
export class LanguageFeature implements vscode.Disposable {
  private readonly indexer: WorkspaceIndexer;
  private readonly disposables: vscode.Disposable;
  /** The workspace's fragment index (the run feature completes sent documents from it). */
  readonly fragments: LanguageHost['index'];

  constructor(schemas: Schemas, logger: Logger) {
    const host = new LanguageHost(schemas);
    this.fragments = host.index;
    this.indexer = new WorkspaceIndexer(host.index, logger);
    this.disposables = vscode.Disposable.from(this.indexer, new DiagnosticsManager(host, this.indexer.onDidChangeIndex, logger), registerProviders(host, logger), host);
  }

  /** Indexes the workspace's fragments and operations (after the schemas started). */
  start(): Promise<void> {
    return this.indexer.start();
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
