/**
 * Hover and go-to-definition on a document model: the token under the cursor, read in the
 * definition that holds it, described by graphql-language-service or looked up in the schema's SDL.
 */
import { getNamedType, Kind, TypeInfo, visit, visitWithTypeInfo, type GraphQLSchema } from 'graphql';
import { getHoverInformation, getTokenAtPosition, getTypeInfo, Position as LibPosition, type ContextToken } from 'graphql-language-service';
import type { SchemaSdlView } from '../schema/sdlView';
import type { DocumentModel } from './documentModel';
import type { FragmentIndex } from './fragmentIndex';
import type { DefinitionTarget, HoverResult, Position } from './types';
import { atLineEnd, wordRange } from './wordRanges';

/** What go-to-definition reads besides the document (a GraphqlLanguageService has it all). */
export interface DefinitionSources {
  readonly schema: GraphQLSchema;
  readonly index: FragmentIndex;
  /** The schema as SDL with the line of every definition. */
  schemaView(): SchemaSdlView;
}

/** Type, description and deprecation of what is under the cursor, or null. */
export function hoverAt(schema: GraphQLSchema, model: DocumentModel, position: Position): HoverResult | null {
  if (atLineEnd(model, position)) {
    // No token there. (graphql-language-service would describe the last token of the whole
    // text: its getTokenAtPosition runs on to the end when no token of the line reaches the cursor.)
    return null;
  }
  const { text, cursor, token } = tokenAt(model, position);
  const contents = getHoverInformation(schema, text, cursor, token, { useMarkdown: true });
  if (typeof contents !== 'string' || contents === '') {
    return null;
  }
  const range = wordRange(model, position);
  return range ? { markdown: contents, range } : { markdown: contents };
}

/** Where the fragment, type, field, argument, enum value or directive under the cursor is defined. */
export function definitionAt(sources: DefinitionSources, model: DocumentModel, position: Position): DefinitionTarget | null {
  if (atLineEnd(model, position)) {
    return null;
  }
  const { token } = tokenAt(model, position);
  const state = token.state.kind === 'Invalid' ? token.state.prevState : token.state;
  if (!state) {
    return null;
  }
  if (state.kind === 'FragmentSpread' && state.name) {
    return fragmentTarget(sources.index, model, state.name);
  }
  const info = getTypeInfo(sources.schema, token.state);
  const named = (t: unknown) => (t ? getNamedType(t as Parameters<typeof getNamedType>[0]) : undefined);
  let key: string | undefined;
  switch (state.kind) {
    case 'Field':
    case 'AliasedField':
    case 'Argument':
      if (info.directiveDef && state.kind === 'Argument') {
        key = `@${info.directiveDef.name}`;
      } else if (info.fieldDef && info.parentType) {
        key = `${named(info.parentType)?.name}.${info.fieldDef.name}`;
      }
      break;
    case 'NamedType':
    case 'TypeCondition':
      key = state.name ?? named(info.type)?.name;
      break;
    case 'Directive':
      key = state.name ? `@${state.name}` : undefined;
      break;
    case 'EnumValue':
      key = named(info.inputType) && state.name ? `${named(info.inputType)?.name}.${state.name}` : undefined;
      break;
    case 'ObjectField': {
      // inputType is the field's own type by now; the object it belongs to is inputObjectType,
      // unknown to the library in a variable's default value: there graphql's TypeInfo knows it.
      const owner = info.inputObjectType?.name ?? inputObjectAt(sources.schema, model, position);
      key = owner && state.name ? `${owner}.${state.name}` : undefined;
      break;
    }
    case 'Variable':
      key = named(info.type)?.name;
      break;
    default:
      key = named(info.type)?.name;
  }
  if (!key) {
    return null;
  }
  const view = sources.schemaView();
  let line = view.lines.get(key);
  if (line === undefined && key.includes('.')) {
    key = key.slice(0, key.indexOf('.'));
    line = view.lines.get(key);
  }
  return line === undefined ? null : { kind: 'schema', key, sdlLine: line };
}

/** The input object type whose field name is at `position`, from the AST (when it parses). */
function inputObjectAt(schema: GraphQLSchema, model: DocumentModel, position: Position): string | undefined {
  const offset = model.offsetAt(position);
  const chunk = model.chunkAt(offset, false);
  if (!chunk.info.ast) {
    return undefined;
  }
  const at = offset - chunk.start + chunk.startCol;
  const typeInfo = new TypeInfo(schema);
  let owner: string | undefined;
  visit(
    chunk.info.ast,
    visitWithTypeInfo(typeInfo, {
      ObjectField(node) {
        if (node.name.loc && node.name.loc.start <= at && at <= node.name.loc.end) {
          owner = getNamedType(typeInfo.getParentInputType())?.name;
        }
      },
    }),
  );
  return owner;
}

/** The token at a position, read in the chunk that holds it (its text and the cursor in it too). */
function tokenAt(model: DocumentModel, position: Position): { text: string; cursor: LibPosition; token: ContextToken } {
  const chunk = model.chunkAt(model.offsetAt(position), false);
  const text = chunk.info.text;
  const cursor = new LibPosition(position.line - chunk.startLine, position.character);
  return { text, cursor, token: getTokenAtPosition(text, cursor, 0) };
}

/** Where fragment `name` is defined: in this document, or else in another file of the index. */
function fragmentTarget(index: FragmentIndex, model: DocumentModel, name: string): DefinitionTarget | null {
  for (const chunk of model.chunks) {
    for (const def of chunk.info.ast?.definitions ?? []) {
      if (def.kind === Kind.FRAGMENT_DEFINITION && def.name.value === name) {
        const range = model.rangeOf(def);
        if (range) {
          return { kind: 'fragment', name, uri: model.uri, range };
        }
      }
    }
  }
  const entry = index.getAll(name).find((e) => e.uri !== model.uri);
  return entry ? { kind: 'fragment', name, uri: entry.uri, range: entry.range } : null;
}
