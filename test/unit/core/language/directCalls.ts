/**
 * graphql-language-service's hover and diagnostics called the plain way, on the whole document:
 * what the GraphqlLanguageService must reproduce (the tests compare them item by item).
 */
import type { FragmentDefinitionNode, GraphQLSchema } from 'graphql';
import { getDiagnostics, getHoverInformation, Position as LibPosition, type Diagnostic as LibDiagnostic } from 'graphql-language-service';
import type { Position } from '../../../../src/core/language/types';

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
