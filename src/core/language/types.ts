/**
 * Plain, editor-neutral shapes of the language service API: 0-based LSP-style positions and
 * ranges, and item objects the VS Code providers convert one to one.
 */

import type { Position, Range } from '../text/position';

export type { Position, Range };

/** A text document at one version. */
export interface TextDocumentSnapshot {
  readonly uri: string;
  readonly version: number;
  readonly text: string;
}

/** What a completion item stands for. */
export type CompletionKind = 'field' | 'argument' | 'enumValue' | 'type' | 'variable' | 'fragment' | 'directive' | 'keyword' | 'inputField';

/** One completion suggestion. */
export interface CompletionItem {
  readonly label: string;
  readonly kind: CompletionKind;
  /** The GraphQL type, e.g. `String!` or `[Task!]!`. */
  readonly detail?: string;
  /** The schema description (Markdown). */
  readonly documentation?: string;
  /** Shown struck through. */
  readonly deprecated?: boolean;
  readonly deprecationReason?: string;
  /** Text to insert when it differs from the label. */
  readonly insertText?: string;
  /** `insertText` is a snippet (`$1` tab stops), e.g. `filter: {$1}` for an input object argument. */
  readonly snippet?: boolean;
}

/** Hover contents (Markdown) and the range of the word it describes. */
export interface HoverResult {
  readonly markdown: string;
  readonly range?: Range;
}

/** Severity of a diagnostic. */
export type DiagnosticSeverity = 'error' | 'warning' | 'information' | 'hint';

/** One problem in a document. */
export interface LanguageDiagnostic {
  readonly range: Range;
  readonly message: string;
  readonly severity: DiagnosticSeverity;
  readonly source: 'GraphQL';
  /** Set on deprecation warnings, so editors can strike the text through. */
  readonly deprecated?: boolean;
}

/** Where go-to-definition leads. */
export type DefinitionTarget =
  | {
      /** A fragment definition in a workspace document (possibly the same one). */
      readonly kind: 'fragment';
      readonly name: string;
      readonly uri: string;
      readonly range: Range;
    }
  | {
      /** A line of the read-only SDL view of the schema (see printSchemaWithLocations). */
      readonly kind: 'schema';
      /** `Type`, `Type.field` or `@directive`. */
      readonly key: string;
      readonly sdlLine: number;
    };

/** Kind of an outline entry. */
export type OutlineKind =
  | 'query'
  | 'mutation'
  | 'subscription'
  | 'fragment'
  | 'field'
  | 'fragmentSpread'
  | 'inlineFragment'
  | 'type'
  | 'interface'
  | 'union'
  | 'enum'
  | 'input'
  | 'scalar'
  | 'directive'
  | 'schema'
  | 'enumValue'
  | 'inputValue';

/** One entry of the document outline (VS Code DocumentSymbol shape). */
export interface OutlineItem {
  readonly name: string;
  readonly kind: OutlineKind;
  /** Whole construct. */
  readonly range: Range;
  /** Its name (or the keyword of an anonymous operation). */
  readonly selectionRange: Range;
  readonly children: OutlineItem[];
}

/** An operation or fragment found in the workspace. */
export interface WorkspaceSymbol {
  readonly name: string;
  readonly kind: 'query' | 'mutation' | 'subscription' | 'fragment';
  readonly uri: string;
  readonly range: Range;
  /** For fragments, `on Type`; for operations, nothing. */
  readonly containerName?: string;
}
