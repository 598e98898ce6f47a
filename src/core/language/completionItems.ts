/**
 * Converting graphql-language-service's LSP completion items into plain items. Its item kinds are
 * ambiguous (fields, type conditions and fragment spreads are all `Field`), so the kind is read
 * from the parser state at the cursor, the same state the library chose its suggestions by.
 */
import { CompletionItemKind, type CompletionItem as LibCompletionItem, type ContextToken } from 'graphql-language-service';
import type { CompletionItem, CompletionKind } from './types';

/** The parser state kind and step completion was computed for. */
export interface CompletionContext {
  readonly kind: string | null | undefined;
  readonly step: number;
}

/** The state graphql-language-service bases its suggestions on (an `Invalid` token's parent). */
export function completionContext(token: ContextToken): CompletionContext {
  const state = token.state.kind === 'Invalid' ? token.state.prevState : token.state;
  return { kind: state?.kind, step: state?.step ?? 0 };
}

const FIELD_CONTEXTS = new Set(['SelectionSet', 'Field', 'AliasedField']);
const TYPE_CONTEXTS = new Set(['TypeCondition', 'NamedType', 'VariableDefinition', 'ListType', 'NonNullType', 'Implements', 'Type']);

/** What of the parser state at the cursor an item's kind depends on (see kindOf). */
function contextClass(context: CompletionContext): string {
  const { kind, step } = context;
  if (kind === 'Document' || kind === 'ExtendDef') {
    return 'keyword';
  }
  if (kind === 'Directive') {
    return 'directive';
  }
  if (kind === 'DirectiveDef') {
    return 'directiveDefinition';
  }
  if (kind && FIELD_CONTEXTS.has(kind)) {
    return 'field';
  }
  if (kind === 'Arguments' || kind === 'FragmentArguments' || ((kind === 'Argument' || kind === 'FragmentArgument') && step === 0)) {
    return 'argument';
  }
  if (kind === 'ObjectValue' || kind === 'ObjectField') {
    return 'inputField';
  }
  if (kind === 'FragmentSpread') {
    return 'fragment';
  }
  if (kind && TYPE_CONTEXTS.has(kind)) {
    return 'type';
  }
  return 'other';
}

function kindOf(item: LibCompletionItem, context: CompletionContext): CompletionKind {
  if (item.label.startsWith('$')) {
    return 'variable';
  }
  if (item.kind === CompletionItemKind.EnumMember) {
    return 'enumValue';
  }
  const which = contextClass(context);
  if (item.kind === CompletionItemKind.Constructor || which === 'keyword') {
    return 'keyword';
  }
  if (item.label === 'true' || item.label === 'false') {
    return 'keyword';
  }
  switch (which) {
    case 'directive':
      return 'directive';
    case 'directiveDefinition':
    case 'argument':
      return 'argument';
    case 'field':
      return 'field';
    case 'inputField':
      return 'inputField';
    case 'fragment':
      return 'fragment';
    case 'type':
      return 'type';
  }
  if (item.kind === CompletionItemKind.Interface || item.kind === CompletionItemKind.Function || item.kind === CompletionItemKind.Class) {
    return 'type';
  }
  return 'field';
}

/** One library item as a plain item. */
export function toCompletionItem(item: LibCompletionItem, context: CompletionContext): CompletionItem {
  const detail = item.detail ?? (item.type ? String(item.type) : undefined);
  const documentation = typeof item.documentation === 'string' && item.documentation !== '' ? item.documentation : undefined;
  const out: { -readonly [K in keyof CompletionItem]: CompletionItem[K] } = { label: item.label, kind: kindOf(item, context) };
  if (detail) {
    out.detail = detail;
  }
  if (documentation) {
    out.documentation = documentation;
  }
  if (item.isDeprecated) {
    out.deprecated = true;
    if (item.deprecationReason) {
      out.deprecationReason = item.deprecationReason;
    }
  }
  if (item.insertText !== undefined && item.insertText !== item.label) {
    out.insertText = item.insertText;
    if (item.insertTextFormat === 2) {
      out.snippet = true;
    }
  }
  return out;
}
