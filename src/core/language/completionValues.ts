/**
 * Completion of values and variables (see completionLists.ts for the why and the exactness): where
 * graphql-language-service's suggestions are the variables of the text, the variables come from its
 * own `getVariableCompletions`; the rest of its call is done here (it would first parse the whole
 * text for its fragments, and rebuild the enum values' list).
 */
import { getNamedType, getNullableType, GraphQLBoolean, GraphQLEnumType, isListType, type GraphQLType } from 'graphql';
import { CompletionItemKind, getTypeInfo, getVariableCompletions, type CompletionItem as LibCompletionItem, type ContextToken } from 'graphql-language-service';
import { hintList, normalizeText, type Entry } from './completionFilter';
import { toCompletionItem, type CompletionContext } from './completionItems';
import { inState, listState, type CompletionLists } from './completionLists';
import type { CompletionItem } from './types';

/**
 * The library's suggestions where they are the variables of `text` (the definitions that share the
 * cursor's variables, as completion.ts gives the library): a variable's name where an input type
 * is expected, and an argument's, input field's or list item's value. The variables are the
 * library's own `getVariableCompletions`; what is saved is the rest of its call (a parse of the
 * whole text for its fragments, and the enum values' list, built once here).
 */
export function valueCompletion(lists: CompletionLists, token: ContextToken, context: CompletionContext, text: string): CompletionItem[] | undefined {
  const schema = lists.schema;
  const state = listState(token);
  if (!state || inState(token.state, 'FragmentSpread')) {
    return undefined; // fragment arguments: the expected type comes from the fragments' text
  }
  const { kind, step } = state;
  const variable = kind === 'Variable' && step === 1;
  const value =
    kind === 'EnumValue' || (kind === 'ListValue' && step === 1) || (kind === 'ObjectField' && step === 2) || ((kind === 'Argument' || kind === 'FragmentArgument') && step === 2);
  if (!variable && !value) {
    return undefined;
  }
  const inputType: GraphQLType | null | undefined = getTypeInfo(schema, token.state).inputType;
  const namedInputType = getNamedType(inputType);
  const asEntry = (item: LibCompletionItem): Entry => ({
    label: item.label,
    normalized: normalizeText(item.label),
    isDeprecated: Boolean(item.isDeprecated),
    item: toCompletionItem(item, context),
  });
  if (variable) {
    const variables = getVariableCompletions(text, schema, token).filter((v) => v.detail === namedInputType?.name);
    return hintList(token, variables.map(asEntry));
  }
  let listDepth = 0;
  let unwrapped = getNullableType(inputType);
  while (unwrapped && isListType(unwrapped)) {
    listDepth++;
    unwrapped = getNullableType(unwrapped.ofType);
  }
  const wrap = (literal: string) => (listDepth > 0 ? '['.repeat(listDepth) + literal + ']'.repeat(listDepth) : undefined);
  const variables = getVariableCompletions(text, schema, token).filter((v) => v.detail === namedInputType?.name);
  if (namedInputType instanceof GraphQLEnumType) {
    const values = lists.entries(namedInputType, `enumValues${listDepth}`, context, () =>
      namedInputType.getValues().map((v) => ({
        label: v.name,
        insertText: wrap(v.name),
        detail: String(namedInputType),
        documentation: v.description ?? undefined,
        isDeprecated: Boolean(v.deprecationReason),
        deprecationReason: v.deprecationReason ?? undefined,
        kind: CompletionItemKind.EnumMember,
      })),
    );
    return hintList(token, [...values, ...variables.map(asEntry)]);
  }
  if (namedInputType === GraphQLBoolean) {
    const literals: LibCompletionItem[] = [
      { label: 'true', insertText: wrap('true'), detail: String(GraphQLBoolean), documentation: 'Not false.', kind: CompletionItemKind.Variable },
      { label: 'false', insertText: wrap('false'), detail: String(GraphQLBoolean), documentation: 'Not true.', kind: CompletionItemKind.Variable },
    ];
    return hintList(token, [...variables, ...literals].map(asEntry));
  }
  return variables.map((v) => toCompletionItem(v, context));
}
