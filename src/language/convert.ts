import * as vscode from 'vscode';
import type { CompletionItem, CompletionKind, DiagnosticSeverity, LanguageDiagnostic, OutlineItem, OutlineKind, Position, WorkspaceSymbol } from '../core/language/types';
import { inert } from '../core/text/inert';
import { caretAt, toRange } from '../platform/ranges';

/** Core position from a VS Code position. */
export function toCorePosition(p: vscode.Position): Position {
  return { line: p.line, character: p.character };
}

export { toRange };

const COMPLETION_KINDS: Record<CompletionKind, vscode.CompletionItemKind> = {
  field: vscode.CompletionItemKind.Field,
  argument: vscode.CompletionItemKind.Variable,
  enumValue: vscode.CompletionItemKind.EnumMember,
  type: vscode.CompletionItemKind.Class,
  variable: vscode.CompletionItemKind.Variable,
  fragment: vscode.CompletionItemKind.Reference,
  directive: vscode.CompletionItemKind.Function,
  keyword: vscode.CompletionItemKind.Keyword,
  inputField: vscode.CompletionItemKind.Property,
};

/**
 * `inert` of the texts completion items show, remembered: they are the schema's descriptions and
 * deprecation reasons, the same few strings on every keystroke (a type's fields are suggested
 * again and again), and making one inert runs a dozen regular expressions over it. `inert` is a
 * pure function of its text and sink; the memo is dropped whole when it grows large.
 */
const inertMemo = { markdownDoc: new Map<string, string>(), markdown: new Map<string, string>() };
const INERT_MEMO_MAX = 4000;

function inertShown(text: string, sink: 'markdownDoc' | 'markdown'): string {
  // Keyed by the text itself (the schema's string: its hash is computed once).
  const memo = inertMemo[sink];
  let out = memo.get(text);
  if (out === undefined) {
    if (memo.size >= INERT_MEMO_MAX) {
      memo.clear();
    }
    out = inert(text, { sink });
    memo.set(text, out);
  }
  return out;
}

/**
 * The documentation of completion items, one MarkdownString per (description, deprecation) and
 * shared by every item that shows it: the same few texts come back on every keystroke, and
 * building a MarkdownString costs more than the item itself (it keeps its state in a private
 * field: a WeakMap entry per object, which the garbage collector also pays for). Nothing mutates
 * an item's documentation after it is made (VS Code reads it to send it to the editor); dropped
 * whole when it grows large, as the inert memo.
 */
const documentationMemo = { current: new Map<string, vscode.MarkdownString>(), deprecated: new Map<string, Map<string, vscode.MarkdownString>>(), size: 0 };

function documentationOf(documentation: string, deprecated: boolean, deprecationReason: string): vscode.MarkdownString {
  const memo = documentationMemo;
  // Keyed by the schema's own strings (their hashes are computed once), the reason first.
  let md = (deprecated ? memo.deprecated.get(deprecationReason) : memo.current)?.get(documentation);
  if (md === undefined) {
    if (memo.size >= INERT_MEMO_MAX) {
      memo.current.clear();
      memo.deprecated.clear();
      memo.size = 0;
    }
    // Documentation and deprecation reasons come from the Service's schema: links and HTML inert.
    md = new vscode.MarkdownString(inertShown(documentation, 'markdownDoc'));
    if (deprecated) {
      md.appendMarkdown(`\n\n*${vscode.l10n.t('Deprecated')}${deprecationReason ? `: ${inertShown(deprecationReason, 'markdown')}` : ''}*`);
    }
    let byText = memo.current;
    if (deprecated) {
      byText = memo.deprecated.get(deprecationReason) ?? new Map<string, vscode.MarkdownString>();
      memo.deprecated.set(deprecationReason, byText);
    }
    byText.set(documentation, md);
    memo.size++;
  }
  return md;
}

/** One core completion item as a VS Code item (type as detail, description as Markdown, deprecations struck through). */
export function toCompletionItem(item: CompletionItem): vscode.CompletionItem {
  const out = new vscode.CompletionItem(item.label, COMPLETION_KINDS[item.kind]);
  if (item.detail) {
    out.detail = item.detail;
  }
  if (item.documentation || item.deprecated) {
    out.documentation = documentationOf(item.documentation ?? '', item.deprecated === true, item.deprecationReason || '');
  }
  if (item.deprecated) {
    out.tags = [vscode.CompletionItemTag.Deprecated];
    // Deprecated fields still complete, after the current ones.
    out.sortText = `~${item.label}`;
  }
  if (item.insertText !== undefined) {
    out.insertText = item.snippet ? new vscode.SnippetString(item.insertText) : item.insertText;
    if (item.snippet) {
      out.command = { command: 'editor.action.triggerSuggest', title: 'Suggest' };
    }
  }
  return out;
}

const SEVERITIES: Record<DiagnosticSeverity, vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  information: vscode.DiagnosticSeverity.Information,
  hint: vscode.DiagnosticSeverity.Hint,
};

/** One core diagnostic as a VS Code diagnostic (deprecated usage tagged, so it is struck through). */
export function toDiagnostic(d: LanguageDiagnostic): vscode.Diagnostic {
  const out = new vscode.Diagnostic(toRange(d.range), inert(d.message, { sink: 'diagnostic' }), SEVERITIES[d.severity]);
  out.source = d.source;
  if (d.deprecated) {
    out.tags = [vscode.DiagnosticTag.Deprecated];
  }
  return out;
}

const SYMBOL_KINDS: Record<OutlineKind, vscode.SymbolKind> = {
  query: vscode.SymbolKind.Function,
  mutation: vscode.SymbolKind.Function,
  subscription: vscode.SymbolKind.Event,
  fragment: vscode.SymbolKind.Class,
  field: vscode.SymbolKind.Field,
  fragmentSpread: vscode.SymbolKind.Constant,
  inlineFragment: vscode.SymbolKind.Namespace,
  type: vscode.SymbolKind.Class,
  interface: vscode.SymbolKind.Interface,
  union: vscode.SymbolKind.Enum,
  enum: vscode.SymbolKind.Enum,
  input: vscode.SymbolKind.Struct,
  scalar: vscode.SymbolKind.TypeParameter,
  directive: vscode.SymbolKind.Function,
  schema: vscode.SymbolKind.Module,
  enumValue: vscode.SymbolKind.EnumMember,
  inputValue: vscode.SymbolKind.Property,
};

const DETAIL: Partial<Record<OutlineKind, string>> = { query: 'query', mutation: 'mutation', subscription: 'subscription', fragment: 'fragment' };

/** One outline entry (with children) as a DocumentSymbol. */
export function toDocumentSymbol(item: OutlineItem): vscode.DocumentSymbol {
  const range = toRange(item.range);
  let selection = toRange(item.selectionRange);
  if (!range.contains(selection)) {
    selection = caretAt(range.start);
  }
  const out = new vscode.DocumentSymbol(item.name, DETAIL[item.kind] ?? '', SYMBOL_KINDS[item.kind], range, selection);
  out.children = item.children.map(toDocumentSymbol);
  return out;
}

/** A workspace operation or fragment as SymbolInformation. */
export function toSymbolInformation(s: WorkspaceSymbol, location = new vscode.Location(vscode.Uri.parse(s.uri), toRange(s.range))): vscode.SymbolInformation {
  return new vscode.SymbolInformation(
    s.name,
    s.kind === 'fragment' ? vscode.SymbolKind.Class : s.kind === 'subscription' ? vscode.SymbolKind.Event : vscode.SymbolKind.Function,
    s.containerName ?? s.kind,
    location,
  );
}
