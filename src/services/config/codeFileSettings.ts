import * as vscode from 'vscode';
import { DEFAULT_TAGS, isTagList } from '../../core/embedded/templates';

/** The settings that turn each of the extension's CodeLenses off (package.json `tenantGraphql.codeLens.*`). */
export type CodeLensKind = 'run' | 'export' | 'references';

/** The settings of GraphQL templates in code files and of the CodeLenses, as the features read them. */
export interface CodeFileSettings {
  /** The tag names of `tenantGraphql.embedded.tags` (the scanner's defaults when unset or invalid). */
  templateTags(): readonly string[];
  /** Fires when `tenantGraphql.embedded.tags` changed (other tags are other templates). */
  readonly onDidChangeTemplateTags: vscode.Event<void>;
  /** Whether `tenantGraphql.codeLens.<kind>` lets that lens show in this document (on by default). */
  codeLensEnabled(kind: CodeLensKind, document: vscode.TextDocument): boolean;
  /** Fires when a `tenantGraphql.codeLens.*` setting changed, so that the lenses follow it at once. */
  readonly onDidChangeCodeLens: vscode.Event<void>;
  /** Whether `tenantGraphql.embedded.formatOnSave` formats this code document's templates on save. */
  formatTemplatesOnSave(document: vscode.TextDocument): boolean;
}

/** `tenantGraphql.embedded.tags`, or the scanner's defaults when unset or invalid (reported with the other settings problems). */
export function readTemplateTags(): readonly string[] {
  const tags = vscode.workspace.getConfiguration('tenantGraphql').get<unknown>('embedded.tags');
  return isTagList(tags) ? tags : DEFAULT_TAGS;
}
