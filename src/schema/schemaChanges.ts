import * as vscode from 'vscode';
import { CancelledError, errorMessage } from '../core/errors';
import { taggedLogger, type Logger } from '../core/logger';
import { changesMarkdown, diffSchemaVersions, diffSummary, hasChanges, type RemoteSchemaDiff, type SchemaDiff } from '../core/schema/schemaDiff';
import { inert } from '../core/text/inert';
import type { Schemas, SchemaVersionChange } from '../services/schemas';

/** URI scheme of the read-only "Schema changes" view. */
export const CHANGES_SCHEME = 'tenant-graphql-changes';

/** The last comparison, what the view and the command show. */
export interface SchemaChangeRecord {
  readonly label: string;
  readonly diff: SchemaDiff;
  /** "2 breaking, 1 dangerous". */
  readonly summary: string;
  readonly markdown: string;
  /** The notification's text, when one was shown (only when something breaking or dangerous changed). */
  readonly notice?: string;
  /** Where the versions were compared: in the language worker, or on this thread (it did not hold the previous version). */
  readonly where: 'worker' | 'host';
}

/**
 * Compares each new version of the environment's schema with the one it replaces (graphql-js's
 * breaking and dangerous changes, computed in the language worker when it holds both versions, else
 * in slices off the typing path), tells the person what
 * changed ("2 breaking, 1 dangerous") with a "Show Changes" action, and serves the changes as a
 * read-only markdown document. A newer version of a schema cancels that schema's comparison still
 * running; another schema's (a second environment refreshed meanwhile) runs on and is told too.
 */
export class SchemaChanges implements vscode.TextDocumentContentProvider, vscode.Disposable {
  /** The view's address (one view: the latest comparison). */
  readonly uri = vscode.Uri.from({ scheme: CHANGES_SCHEME, path: '/Schema changes.md' });
  private readonly logger: Logger;
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  private readonly disposables: vscode.Disposable[] = [];
  /** The comparisons running, by the new version's schema key. */
  private readonly running = new Map<string, AbortController>();
  private latest: SchemaChangeRecord | undefined;
  readonly onDidChange = this.changed.event;

  /** @param remote the language worker, where the comparison runs when it can (it keeps the versions it loaded) */
  constructor(
    private readonly schemas: Schemas,
    logger: Logger,
    private readonly remote?: RemoteSchemaDiff,
  ) {
    this.logger = taggedLogger(logger, 'schema');
    this.disposables.push(
      this.changed,
      vscode.workspace.registerTextDocumentContentProvider(CHANGES_SCHEME, this),
      schemas.onDidChangeVersion((change) => void this.compare(change)),
    );
  }

  /** The last comparison, if any. */
  get last(): SchemaChangeRecord | undefined {
    return this.latest;
  }

  private async compare({ previous, current }: SchemaVersionChange): Promise<void> {
    this.running.get(current.key)?.abort();
    const abort = new AbortController();
    this.running.set(current.key, abort);
    let diff: SchemaDiff;
    let where: SchemaChangeRecord['where'];
    try {
      const compared = await diffSchemaVersions(
        { schema: previous.schema, source: this.schemas.sourceOf(previous) },
        { schema: current.schema, source: this.schemas.sourceOf(current) },
        { remote: this.remote, signal: abort.signal },
      );
      this.logger.debug(`${current.label}: schema versions compared ${compared.where === 'worker' ? 'in the language worker' : 'on this thread'}`);
      diff = { breaking: compared.breaking, dangerous: compared.dangerous };
      where = compared.where;
    } catch (err) {
      if (!(err instanceof CancelledError)) {
        this.logger.error(`comparing the schema versions of ${current.label} failed: ${errorMessage(err)}`);
      }
      return;
    } finally {
      if (this.running.get(current.key) === abort) {
        this.running.delete(current.key);
      }
    }
    const summary = diffSummary(diff);
    const markdown = changesMarkdown(diff, {
      label: current.label,
      previousLabel: previous.label,
      previousSha256: previous.sha256,
      sha256: current.sha256,
      fetchedAt: current.fetchedAt,
    });
    this.logger.info(`${current.label}: new schema version, ${summary}${diff.breaking.length > 0 ? ` (${diff.breaking.map((c) => c.coordinate).join(', ')})` : ''}`);
    const notice = hasChanges(diff)
      ? inert(
          previous.label === current.label
            ? vscode.l10n.t('The schema of {0} changed: {1}. GraphQL files of the workspace are being validated again.', current.label, summary)
            : vscode.l10n.t('The schema of {0} differs from that of {1}: {2}. GraphQL files of the workspace are being validated again.', current.label, previous.label, summary),
          { sink: 'notification' },
        )
      : undefined;
    this.latest = { label: current.label, diff, summary, markdown, notice, where };
    this.changed.fire(this.uri);
    if (notice) {
      const show = vscode.l10n.t('Show Changes');
      const tell = diff.breaking.length > 0 ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
      void tell(notice, show).then((choice) => (choice === show ? this.show() : undefined));
    }
  }

  /** Opens the view of the last comparison; undefined (and a word to the person) when there was none. */
  async show(): Promise<vscode.TextDocument | undefined> {
    if (!this.latest) {
      void vscode.window.showInformationMessage(
        inert(vscode.l10n.t('No schema change seen yet in this window. Changes are compared when the schema is refreshed or the environment switched.'), { sink: 'notification' }),
      );
      return undefined;
    }
    const doc = await vscode.workspace.openTextDocument(this.uri);
    await vscode.window.showTextDocument(doc, { preview: true });
    return doc;
  }

  provideTextDocumentContent(): string {
    return this.latest?.markdown ?? `# ${vscode.l10n.t('Schema changes')}\n\n${vscode.l10n.t('No schema change seen yet in this window.')}\n`;
  }

  dispose(): void {
    this.running.forEach((abort) => abort.abort());
    vscode.Disposable.from(...this.disposables.reverse()).dispose();
  }
}
