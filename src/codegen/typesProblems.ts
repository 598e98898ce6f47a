/**
 * The warnings of the types feature in Problems: one per document that kept its last good types
 * (it did not parse or validate), at the document's start (a code file's template: where the
 * template starts).
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ConfigurationService } from '../services/config';
import type { DocumentProblem } from '../core/codegen/generateTypes';
import { OPERATION_FILE_EXTENSION } from '../core/codegen/operationFile';
import { findTemplates } from '../core/embedded/templates';
import { parseTemplateSourceId } from '../core/embedded/templateSources';
import { LineIndex } from '../core/text/lineIndex';
import { inert } from '../core/text/inert';
import { caretAt } from '../platform/ranges';

/** A GraphQL file's name. */
export const GRAPHQL_FILE = /\.(graphql|gql)$/i;

/** The types feature's diagnostic collection. */
export class TypesProblems implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('GraphQL (types)');

  constructor(private readonly config: Pick<ConfigurationService, 'templateTags'>) {}

  /** Problems of the documents of a run: a warning per document that kept its last good types. */
  async show(ids: readonly string[], problems: readonly DocumentProblem[]): Promise<void> {
    const hosts = new Set(ids.map((id) => parseTemplateSourceId(id)?.hostUri ?? id));
    const byHost = new Map<string, vscode.Diagnostic[]>();
    for (const problem of problems) {
      const template = parseTemplateSourceId(problem.id);
      const host = template?.hostUri ?? problem.id;
      const range = template ? await this.templateRange(host, template.ordinal) : caretAt({ line: 0, character: 0 });
      const generatedFile = template ? vscode.l10n.t('the templates’ file') : `${path.basename(vscode.Uri.parse(host).path).replace(GRAPHQL_FILE, '')}${OPERATION_FILE_EXTENSION}`;
      const diagnostic = new vscode.Diagnostic(
        range,
        inert(vscode.l10n.t('No new TypeScript types for this document: {0} {1} keeps its last good types.', problem.message, generatedFile), { sink: 'diagnostic' }),
        vscode.DiagnosticSeverity.Warning,
      );
      diagnostic.source = 'Tenant GraphQL types';
      byHost.set(host, [...(byHost.get(host) ?? []), diagnostic]);
    }
    for (const host of hosts) {
      const uri = vscode.Uri.parse(host);
      const diagnostics = byHost.get(host);
      if (diagnostics) {
        this.collection.set(uri, diagnostics);
      } else if (this.collection.has(uri)) {
        // Only files that had warnings: a first run of hundreds of files sends no message per file.
        this.collection.delete(uri);
      }
    }
  }

  /** Where a code file's n-th template starts (the first line of the file when it cannot be read). */
  private async templateRange(hostUri: string, ordinal: number): Promise<vscode.Range> {
    const uri = vscode.Uri.parse(hostUri);
    try {
      const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === hostUri);
      const text = open?.getText() ?? new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
      const template = findTemplates(text, { tags: this.config.templateTags() })[ordinal];
      if (template) {
        const at = new LineIndex(text).positionAt(template.start);
        return caretAt(at);
      }
    } catch {
      // the file is gone: the first line will do
    }
    return caretAt({ line: 0, character: 0 });
  }

  /** The warnings shown for a file. */
  of(uri: vscode.Uri): readonly vscode.Diagnostic[] {
    return this.collection.get(uri) ?? [];
  }

  /** Removes every warning (the settings changed: what is still on comes back with the next generation). */
  clear(): void {
    this.collection.clear();
  }

  dispose(): void {
    this.collection.dispose();
  }
}
