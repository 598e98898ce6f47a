import * as vscode from 'vscode';
import type { GraphQLSchema } from 'graphql';
import { errorMessage } from '../core/errors';
import type { Logger } from '../core/logger';
import { ReferenceIndex, type RemoteAnalyser, type ReferenceLocation, type ReferenceSource, type SchemaOf } from '../core/language/referenceIndex';
import { SDL_SCHEME, type Schemas } from '../services/schemas';
import { MAX_DOCUMENT_CHARS, type LanguageHost } from './languageHost';
import { toRange } from './convert';

const GRAPHQL_FILE = /\.(graphql|gql)(?:[?#].*)?$/i;

/** Below this many documents to analyse, the index warms without a progress notification. */
const QUIET_WARM_LIMIT = 50;

/**
 * The reference index of the workspace, in step with the workspace indexer's files (the fragment
 * index, fed by WorkspaceIndexer) and, for open documents, their current text. Warms lazily, on
 * the first question, in slices that yield, with progress when many documents wait.
 */
export class ReferenceService implements vscode.Disposable {
  readonly index = new ReferenceIndex();
  private schemaMemo = new Map<string, GraphQLSchema | undefined>();
  private warming: Promise<void> | undefined;
  private readonly disposables: vscode.Disposable[];

  /** The schema of a host file's documents (memoized until the schemas change). */
  readonly schemaOf: SchemaOf = (hostUri) => {
    if (!this.schemaMemo.has(hostUri)) {
      this.schemaMemo.set(hostUri, this.host.snapshotFor(vscode.Uri.parse(hostUri))?.schema);
    }
    return this.schemaMemo.get(hostUri);
  };

  constructor(
    private readonly host: LanguageHost,
    private readonly logger: Logger,
    private readonly remote?: RemoteAnalyser,
  ) {
    this.disposables = [host.onDidChangeSchemas(() => (this.schemaMemo = new Map()))];
  }

  /** The schemas service (which schema each document uses, the SDL views). */
  get schemas(): Schemas {
    return this.host.schemas;
  }

  /** Brings the index's texts up to date (cheap: unchanged texts are skipped). */
  sync(): void {
    const files = new Map(
      this.host.index
        .texts()
        .filter((f) => GRAPHQL_FILE.test(f.uri))
        .map((f) => [f.uri, f.text]),
    );
    for (const doc of vscode.workspace.textDocuments) {
      if (doc.isClosed || doc.uri.scheme === SDL_SCHEME) {
        continue;
      }
      if (doc.languageId === 'graphql') {
        const text = doc.getText();
        if (text.length <= MAX_DOCUMENT_CHARS) {
          // An open document's current text wins over what the indexer read (it may lag by a debounce).
          files.set(doc.uri.toString(), text);
        }
      } else {
        // An open code file's templates at its current text (recorded in host.embedded).
        this.host.templatesOf(doc);
      }
    }
    const whole = [...files].map(([uri, text]): ReferenceSource => ({ id: uri, hostUri: uri, text, baseOffset: 0, basePosition: { line: 0, character: 0 } }));
    // Template slices of code files: those of open editors and of the workspace files the indexer read.
    this.index.syncSources([...whole, ...this.host.embedded.allSources()]);
  }

  /**
   * Syncs, then analyses every document that waits (the first call builds the index), yielding
   * between slices; shows progress when many documents wait. Resolves early on cancellation.
   */
  async ready(token?: vscode.CancellationToken): Promise<void> {
    this.sync();
    if (this.index.pending(this.schemaOf) > 0) {
      this.warming ??= this.warm().finally(() => (this.warming = undefined));
      await this.warming;
    }
    // The few documents edited meanwhile are analysed on demand; many left means the build was cancelled.
    if (token?.isCancellationRequested || this.index.pending(this.schemaOf) >= QUIET_WARM_LIMIT) {
      throw new vscode.CancellationError();
    }
  }

  private async warm(): Promise<void> {
    const total = this.index.pending(this.schemaOf);
    const started = Date.now();
    // Many documents go to the language worker; a few are analysed here (no schema to load there for them).
    const remote = total >= QUIET_WARM_LIMIT ? this.remote : undefined;
    const run = (report?: (done: number) => void, cancelled?: () => boolean) => this.index.warm({ schemaOf: this.schemaOf, onProgress: report, isCancelled: cancelled, remote });
    try {
      if (total < QUIET_WARM_LIMIT) {
        await run();
        return;
      }
      await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Indexing GraphQL documents for references'), cancellable: true },
        async (progress, token) => {
          let last = 0;
          await run(
            (done) => {
              progress.report({ increment: ((done - last) * 100) / total, message: vscode.l10n.t('{0} of {1} documents', done, total) });
              last = done;
            },
            () => token.isCancellationRequested,
          );
        },
      );
      this.logger.info(`[language] reference index: ${total} document(s) analysed in ${Date.now() - started} ms`);
    } catch (err) {
      this.logger.error(`[language] reference index failed: ${errorMessage(err)}`);
      throw err;
    }
  }

  dispose(): void {
    vscode.Disposable.from(...this.disposables).dispose();
  }
}

/** A location of the index as a VS Code location. */
export function toLocation(location: ReferenceLocation): vscode.Location {
  return new vscode.Location(vscode.Uri.parse(location.uri), toRange(location.range));
}
