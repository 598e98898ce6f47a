/**
 * graphql-language-service's completion called the plain way, on the whole document: what the
 * GraphqlLanguageService must reproduce (tests compare item by item) and the speed floor the
 * benchmark measures it against. (Hover and diagnostics called the same way: the tests' own, in
 * test/unit/core/language/directCalls.ts.)
 */
import type { FragmentDefinitionNode, GraphQLSchema } from 'graphql';
import { getAutocompleteSuggestions, getTokenAtPosition, Position as LibPosition } from 'graphql-language-service';
import { completionContext, toCompletionItem } from './completionItems';
import type { CompletionItem, Position } from './types';

/** Completion on the whole text, converted with the same item mapping as the service. */
export function directCompletion(schema: GraphQLSchema, text: string, position: Position, externalFragments: FragmentDefinitionNode[] = [], uri?: string): CompletionItem[] {
  const cursor = new LibPosition(position.line, position.character);
  const items = getAutocompleteSuggestions(schema, text, cursor, undefined, externalFragments, uri ? { uri } : undefined);
  const context = completionContext(getTokenAtPosition(text, cursor, 1));
  return items.map((item) => toCompletionItem(item, context));
}
