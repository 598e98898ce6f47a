import * as vscode from 'vscode';
import { hostRange, wholeDocument, type EmbeddedDocument } from '../core/run/embeddedRun';
import { LineIndex } from '../core/text/lineIndex';
import { inert } from '../core/text/inert';
import type { HostTemplates } from './hostTemplates';
import { isCodeDocument } from '../platform/codeFiles';
import { caretAt } from '../platform/ranges';
import type { CodeFileSettings } from '../services/config';

/**
 * "$(play) Run" and "Export…" above each operation ("$(play) Run Name" when the file holds several): in a .graphql file,
 * and over each operation of a GraphQL template in a code file (none in code files without one).
 * `tenantGraphql.codeLens.run` and `tenantGraphql.codeLens.export` turn each off, live.
 */
export class RunCodeLensProvider implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly listeners: vscode.Disposable[];
  readonly onDidChangeCodeLenses = this.changed.event;

  constructor(
    private readonly templates: HostTemplates,
    /** The environment a document's runs go to (its folder's in a multi-root workspace), named in the tooltip. */
    private readonly environmentNameFor: (uri: vscode.Uri) => string | undefined,
    onDidChangeEnvironments: vscode.Event<unknown>,
    private readonly codeFiles: Pick<CodeFileSettings, 'codeLensEnabled' | 'onDidChangeCodeLens'>,
  ) {
    this.listeners = [codeFiles.onDidChangeCodeLens(() => this.changed.fire()), onDidChangeEnvironments(() => this.changed.fire())];
  }

  dispose(): void {
    vscode.Disposable.from(...this.listeners).dispose();
    this.changed.dispose();
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const showRun = this.codeFiles.codeLensEnabled('run', document);
    const showExport = this.codeFiles.codeLensEnabled('export', document);
    if (!showRun && !showExport) {
      return [];
    }
    const embedded = isCodeDocument(document);
    const docs: readonly EmbeddedDocument[] = embedded ? this.templates.operationDocumentsOf(document) : [wholeDocument(document.getText())];
    if (docs.length === 0) {
      return [];
    }
    const host = embedded ? new LineIndex(document.getText()) : docs[0].parsed.lines;
    const several = docs.reduce((n, d) => n + d.parsed.operations.length, 0) > 1;
    const environment = this.environmentNameFor(document.uri);
    return docs.flatMap((doc) =>
      doc.parsed.operations.flatMap((op) => {
        const start = hostRange(host, doc, op.range).start;
        const range = caretAt(start);
        // The codicon stays out of the translated text.
        const title = `$(play) ${several && op.name ? vscode.l10n.t('Run {0}', op.name) : vscode.l10n.t('Run')}`;
        // In a code file the position tells the template (two templates may hold operations of the same name).
        const target =
          op.name !== undefined && !embedded ? { uri: document.uri, operationName: op.name } : { uri: document.uri, position: { line: start.line, character: start.character } };
        return [
          ...(showRun
            ? [
                new vscode.CodeLens(range, {
                  title,
                  // The name may come from a repository's settings: one plain line, no controls or bidi marks.
                  tooltip: environment
                    ? vscode.l10n.t('Run this {0} on "{1}"', op.type, inert(environment, { sink: 'statusBar' }))
                    : vscode.l10n.t('Run this {0} against the active environment', op.type),
                  command: 'tenantGraphql.runOperation',
                  arguments: [target],
                }),
              ]
            : []),
          ...(showExport
            ? [
                new vscode.CodeLens(range, {
                  title: vscode.l10n.t('Export…'),
                  tooltip: vscode.l10n.t('Copy this {0} as cURL or fetch, or save it as a .http request (the token as $TENANT_GRAPHQL_TOKEN unless you choose otherwise)', op.type),
                  command: 'tenantGraphql.exportOperation',
                  arguments: [target],
                }),
              ]
            : []),
        ];
      }),
    );
  }
}
