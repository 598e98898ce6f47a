/**
 * The completion lists graphql-language-service is slowest to give, computed here with its result:
 * field names, type conditions (`on X`, ranking ~1,000 type names), variable types (`$v: In`,
 * ~400), fragment spreads (`...F`, where the library parses the text of every fragment again) and
 * a variable's name where no input type is expected (`query Q($v`, which it answers with nothing
 * after reading the whole definition twice). Everything else is the library's (completion.ts).
 *
 * Why not the library: its lists are rebuilt on every call and filtered with a Damerau-Levenshtein
 * distance that allocates a matrix of arrays per candidate (milliseconds for a type list). Here the
 * unfiltered lists are built once per schema (per parent type for fields and type conditions), held
 * by the service of that schema version, and filtered with the same distance on typed arrays.
 *
 * Exactness: `fastCompletion` answers only when the library's `getAutocompleteSuggestions` would
 * take one of those branches (it checks the library's earlier branches in the library's order),
 * builds the library's items with the library's code paths transcribed (completionLists.test.ts
 * compares them with the library on random documents and positions), converts them with the same
 * `toCompletionItem`, and filters and ranks them as the library's `hintList` does.
 */
import {
  doTypesOverlap,
  getNamedType,
  isAbstractType,
  isCompositeType,
  isInputType,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type GraphQLType,
} from 'graphql';
import { CompletionItemKind, getDefinitionState, getTypeInfo, type CompletionItem as LibCompletionItem, type ContextToken } from 'graphql-language-service';
import { contextClass, toCompletionItem, type CompletionContext } from './completionItems';
import { hintList, normalizeText, type Entry } from './completionFilter';
import type { CompletionItem } from './types';

/** A state of graphql-language-service's online parser. */
export type ParserState = ContextToken['state'];

/** The `Kind`s of type extensions the library checks a state's parent against before any list. */
const EXTENSION_KINDS = new Set(['ScalarTypeExtension', 'ObjectTypeExtension', 'InterfaceTypeExtension', 'UnionTypeExtension', 'EnumTypeExtension', 'InputObjectTypeExtension']);
const FIELD_KINDS = new Set(['SelectionSet', 'Field', 'AliasedField']);
const TYPE_WRAPPERS = new Set(['NamedType', 'ListType', 'Type', 'NonNullType']);
const VARIABLE_TYPE_PARENTS = new Set(['VariableDefinition', 'ListType', 'NonNullType']);
const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/**
 * The unfiltered lists of one schema version, built on first use: hold one per service (the
 * entries are keyed by the schema's own type objects, so they go with it).
 */
export class CompletionLists {
  private readonly byOwner = new WeakMap<object, Map<string, readonly Entry[]>>();
  private readonly merged = new WeakMap<object, { external: readonly FragmentDefinitionNode[]; list: FragmentDefinitionNode[] }>();

  constructor(readonly schema: GraphQLSchema) {}

  /**
   * The entries of `owner`'s list `key` in `context`, built once per context class (the items'
   * kinds depend on it, and only on it: completionItems.ts's contextClass).
   */
  entries(owner: object, key: string, context: CompletionContext, build: () => LibCompletionItem[]): readonly Entry[] {
    let lists = this.byOwner.get(owner);
    if (!lists) {
      lists = new Map();
      this.byOwner.set(owner, lists);
    }
    const full = `${key}\u0000${contextClass(context)}`;
    let entries = lists.get(full);
    if (!entries) {
      entries = build().map((item) => ({
        label: item.label,
        normalized: normalizeText(item.label),
        isDeprecated: Boolean(item.isDeprecated),
        item: toCompletionItem(item, context),
      }));
      lists.set(full, entries);
    }
    return entries;
  }

  /**
   * The library's fragment list for a spread: the document's (`own`, which it reads from the text
   * it is given), then each of `external` whose name is not in the list yet. Kept per document
   * version (`owner`) while the external list is the same array.
   */
  fragments(owner: object, own: readonly FragmentDefinitionNode[], external: readonly FragmentDefinitionNode[]): FragmentDefinitionNode[] {
    const memo = this.merged.get(owner);
    if (memo && memo.external === external) {
      return memo.list;
    }
    const list = [...own];
    const names = new Set(list.map((f) => f.name.value));
    for (const definition of external) {
      if (!names.has(definition.name.value)) {
        names.add(definition.name.value);
        list.push(definition);
      }
    }
    this.merged.set(owner, { external, list });
    return list;
  }
}

/** What a fragment spread's list is made of: the document's fragments in whole-text order, and the workspace's. */
export interface SpreadFragments {
  /** The document version the lists are kept for. */
  readonly owner: object;
  readonly own: () => readonly FragmentDefinitionNode[];
  readonly external: () => readonly FragmentDefinitionNode[];
}

/**
 * The library's suggestions for `token` where they are one of this module's lists; undefined
 * where the library must answer (any other branch of its `getAutocompleteSuggestions`).
 */
export function fastCompletion(lists: CompletionLists, token: ContextToken, context: CompletionContext, spread: SpreadFragments): CompletionItem[] | undefined {
  const schema = lists.schema;
  const state = listState(token);
  if (!state) {
    return undefined;
  }
  const { kind, step, prevState } = state;
  if (FIELD_KINDS.has(kind as string)) {
    return fieldNames(lists, token, context);
  }
  if (kind === 'Variable' && step === 1) {
    // The library keeps the variables whose type is the expected input type's named type; where
    // none is expected (a variable's own definition) that is none, whatever the text defines.
    if (inState(token.state, 'FragmentSpread')) {
      return undefined; // fragment arguments: the expected type comes from the fragments' text
    }
    const inputType: GraphQLType | null | undefined = getTypeInfo(schema, token.state).inputType;
    return getNamedType(inputType) ? undefined : [];
  }
  if ((kind === 'TypeCondition' && step === 1) || (kind === 'NamedType' && prevState?.kind === 'TypeCondition')) {
    return typeConditions(lists, token, context);
  }
  if (kind === 'FragmentSpread' && step === 1) {
    return fragmentSpreads(lists, token, context, spread);
  }
  // The library's branches before the variable types: a field's or an argument's type in SDL.
  const unwrapped = unwrapType(state);
  if (unwrapped.kind === 'FieldDef' || (unwrapped.kind === 'InputValueDef' && step === 2)) {
    return undefined;
  }
  if (
    (kind === 'VariableDefinition' && step === 2) ||
    (kind === 'ListType' && step === 1) ||
    (kind === 'NamedType' && prevState && VARIABLE_TYPE_PARENTS.has(prevState.kind as string))
  ) {
    const entries = lists.entries(schema, 'inputTypes', context, () =>
      Object.values(schema.getTypeMap())
        .filter(isInputType)
        .map((type) => ({ label: type.name, documentation: type.description || '', kind: CompletionItemKind.Variable })),
    );
    return hintList(token, entries);
  }
  return undefined;
}

/**
 * The state the library bases its suggestions on, or undefined where it answers before reaching
 * the lists of this module (keywords, type extensions, interfaces), checked in its order.
 */
export function listState(token: ContextToken): ParserState | undefined {
  const state = token.state.kind === 'Invalid' ? token.state.prevState : token.state;
  if (!state) {
    return undefined;
  }
  const { kind, prevState } = state;
  if (kind === 'Document' || kind === 'ExtendDef') {
    return undefined;
  }
  if (prevState?.prevState?.kind === 'ExtensionDefinition' && state.name) {
    return undefined;
  }
  if (prevState && EXTENSION_KINDS.has(prevState.kind as string)) {
    return undefined;
  }
  if (kind === 'Implements' || (kind === 'NamedType' && prevState?.kind === 'Implements')) {
    return undefined;
  }
  return state;
}

/** The library's `getSuggestionsForFieldNames` (without `fillLeafsOnComplete`, which is not asked for). */
function fieldNames(lists: CompletionLists, token: ContextToken, context: CompletionContext): CompletionItem[] {
  const schema = lists.schema;
  const parentType = getTypeInfo(schema, token.state).parentType as GraphQLNamedType | null | undefined;
  if (!parentType) {
    return [];
  }
  const entries = lists.entries(parentType, 'fields', context, () => {
    let fields: GraphQLField<unknown, unknown>[] = [];
    if ('getFields' in parentType) {
      fields = Object.values(parentType.getFields()) as GraphQLField<unknown, unknown>[];
    }
    if (isCompositeType(parentType)) {
      fields.push(TypeNameMetaFieldDef);
    }
    if (parentType === schema.getQueryType()) {
      fields.push(SchemaMetaFieldDef, TypeMetaFieldDef);
    }
    return fields.map((field) => ({
      label: field.name,
      detail: String(field.type),
      documentation: field.description ?? undefined,
      isDeprecated: Boolean(field.deprecationReason),
      deprecationReason: field.deprecationReason,
      kind: CompletionItemKind.Field,
      type: field.type,
    }));
  });
  return hintList(token, entries);
}

/** The library's `getSuggestionsForFragmentTypeConditions`. */
function typeConditions(lists: CompletionLists, token: ContextToken, context: CompletionContext): CompletionItem[] {
  const schema = lists.schema;
  const parentType = getTypeInfo(schema, token.state).parentType as GraphQLNamedType | null | undefined;
  const item = (type: GraphQLNamedType): LibCompletionItem => ({ label: String(type), documentation: getNamedType(type)?.description || '', kind: CompletionItemKind.Field });
  let entries: readonly Entry[];
  if (parentType) {
    entries = lists.entries(parentType, 'typeConditions', context, () => {
      if (!isAbstractType(parentType)) {
        return [item(parentType)];
      }
      const possible = schema.getPossibleTypes(parentType);
      const interfaces: Record<string, GraphQLNamedType> = Object.create(null) as Record<string, GraphQLNamedType>;
      for (const type of possible) {
        for (const iface of type.getInterfaces()) {
          interfaces[iface.name] = iface;
        }
      }
      return [...possible, ...Object.values(interfaces)].map(item);
    });
  } else {
    entries = lists.entries(schema, 'compositeTypes', context, () =>
      Object.values(schema.getTypeMap())
        .filter((type) => isCompositeType(type) && !type.name.startsWith('__'))
        .map(item),
    );
  }
  return hintList(token, entries);
}

/** The library's `getSuggestionsForFragmentSpread`, on the fragment list it would build. */
function fragmentSpreads(lists: CompletionLists, token: ContextToken, context: CompletionContext, spread: SpreadFragments): CompletionItem[] | undefined {
  const schema = lists.schema;
  const own = spread.own();
  // The library reads the document's fragments by parsing their text (completion.ts writes one
  // line per fragment); a name that would not parse there sends the call to the library.
  if (own.some((f) => !NAME.test(f.name.value) || f.name.value === 'on' || !NAME.test(f.typeCondition.name.value))) {
    return undefined;
  }
  const fragments = lists.fragments(spread.owner, own, spread.external());
  const typeMap = schema.getTypeMap();
  const parentType = getTypeInfo(schema, token.state, fragments).parentType as GraphQLNamedType | null | undefined;
  const defState = getDefinitionState(token.state);
  if (!isCompositeType(parentType)) {
    return hintList(token, []);
  }
  const relevant = fragments.filter((frag) => {
    const type = typeMap[frag.typeCondition.name.value];
    return type && !(defState && defState.kind === 'FragmentDefinition' && defState.name === frag.name.value) && isCompositeType(type) && doTypesOverlap(schema, parentType, type);
  });
  const entries = relevant.map((frag): Entry => {
    const item = toCompletionItem(
      {
        label: frag.name.value,
        detail: String(typeMap[frag.typeCondition.name.value]),
        documentation: `fragment ${frag.name.value} on ${frag.typeCondition.name.value}`,
        kind: CompletionItemKind.Field,
      },
      context,
    );
    return { label: frag.name.value, normalized: normalizeText(frag.name.value), isDeprecated: false, item };
  });
  return hintList(token, entries);
}

export function inState(state: ParserState | null | undefined, kind: string): boolean {
  for (let s = state; s?.kind; s = s.prevState) {
    if (s.kind === kind) {
      return true;
    }
  }
  return false;
}

function unwrapType(state: ParserState): ParserState {
  return state.prevState && state.kind && TYPE_WRAPPERS.has(state.kind) ? unwrapType(state.prevState) : state;
}
