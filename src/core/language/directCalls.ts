/**
 * graphql-language-service called the plain way, on the whole document: the results the
 * GraphqlLanguageService must reproduce (tests compare item by item) and the speed floor the
 * benchmark measures it against.
 */
import type { FragmentDefinitionNode, GraphQLSchema } from 'graphql';
import {
  getAutocompleteSuggestions,
  getDiagnostics,
  getHoverInformation,
  getTokenAtPosition,
  Position as LibPosition,
  type Diagnostic as LibDiagnostic,
} from 'graphql-language-service';
import { completionContext, toCompletionItem } from './completionItems';
import type { CompletionItem, Position } from './types';

/** Completion on the whole text, converted with the same item mapping as the service. */
export function directCompletion(schema: GraphQLSchema, text: string, position: Position, externalFragments: FragmentDefinitionNode[] = [], uri?: string): CompletionItem[] {
  const cursor = new LibPosition(position.line, position.character);
  const items = getAutocompleteSuggestions(schema, text, cursor, undefined, externalFragments, uri ? { uri } : undefined);
  const context = completionContext(getTokenAtPosition(text, cursor, 1));
  return items.map((item) => toCompletionItem(item, context));
}

/** Hover Markdown on the whole text ('' when there is nothing to show). */
export function directHover(schema: GraphQLSchema, text: string, position: Position): string {
  const contents = getHoverInformation(schema, text, new LibPosition(position.line, position.character), undefined, {
    useMarkdown: true,
  });
  return typeof contents === 'string' ? contents : '';
}

/** Diagnostics of the whole text with fragments from other files appended. */
export function directDiagnostics(schema: GraphQLSchema, text: string, externalFragments: FragmentDefinitionNode[] = []): LibDiagnostic[] {
  return getDiagnostics(text, schema, undefined, undefined, externalFragments.length > 0 ? externalFragments : undefined);
}
