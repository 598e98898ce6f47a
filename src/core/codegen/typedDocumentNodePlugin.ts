/**
 * The `typed-document-node` plugin of GraphQL Code Generator, with one change that leaves its
 * output as it is: each typed document's JSON is written from the operation's own syntax tree,
 * where upstream prints the operation, parses the text again (graphql-tag), runs three visits over
 * the result to remove empty lists, descriptions and locations (`optimizeDocumentNode`) and
 * stringifies it. Printing and parsing again gives back the tree the operation had (the same
 * parser made it), with one exception that this copy leaves to upstream: string values whose
 * printed form has escapes or is a block string (upstream doubles the printed backslashes, which
 * changes such values). So the JSON here is the tree's
 * nodes with their keys in the parser's order, empty `arguments`, `directives` and
 * `variableDefinitions` left out and no locations, as upstream's is; the fragments the document
 * carries are stringified as they are, as upstream does. On GitHub's schema the re-parse and its
 * visits were about a quarter of codegen's time for the operation files.
 *
 * Everything else (the visitor's names, imports, fragments graph, signatures) is upstream's: the
 * visitor is upstream's `TypeScriptDocumentNodesVisitor` (not exported by its package, so copied
 * here) with `_gql` overridden, and the plugin falls back to upstream's own function for the
 * options this copy does not follow. Tests compare the output with the package's.
 *
 * Follows `@graphql-codegen/typed-document-node` 7.x `plugin` and `TypeScriptDocumentNodesVisitor` (MIT).
 */
import autoBind from './autoBind';
import { concatAST, Kind, type ASTNode, type FragmentDefinitionNode, type GraphQLSchema, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import { oldVisit, type PluginFunction, type PluginValidateFn, type Types } from '@graphql-codegen/plugin-helpers';
import { plugin as upstreamPlugin, validate as upstreamValidate, type TypeScriptTypedDocumentNodesConfig } from '@graphql-codegen/typed-document-node';
import { leaveDefinitions } from './leaveDefinitions';
import { ClientSideBaseVisitor, DocumentMode, typedDocumentString, type LoadedFragment } from '@graphql-codegen/visitor-plugin-common';

/** Options upstream handles that this copy does not: with any of them set, upstream runs. */
const UPSTREAM_ONLY: readonly string[] = ['flattenGeneratedTypes'];

/**
 * The keys of each executable node, in the order graphql's parser makes them (graphql 16). A key
 * is written when its value is defined; `lists` are left out when empty (`removeEmptyNodes`).
 */
const KEYS: Readonly<Record<string, readonly string[]>> = {
  [Kind.OPERATION_DEFINITION]: ['operation', 'description', 'name', 'variableDefinitions', 'directives', 'selectionSet'],
  // As graphql-tag parses it: with the legacy fragment variables it turns on (empty, so left out).
  [Kind.FRAGMENT_DEFINITION]: ['description', 'name', 'variableDefinitions', 'typeCondition', 'directives', 'selectionSet'],
  [Kind.VARIABLE_DEFINITION]: ['description', 'variable', 'type', 'defaultValue', 'directives'],
  [Kind.VARIABLE]: ['name'],
  [Kind.SELECTION_SET]: ['selections'],
  [Kind.FIELD]: ['alias', 'name', 'arguments', 'directives', 'selectionSet'],
  [Kind.ARGUMENT]: ['name', 'value'],
  [Kind.FRAGMENT_SPREAD]: ['name', 'directives'],
  [Kind.INLINE_FRAGMENT]: ['typeCondition', 'directives', 'selectionSet'],
  [Kind.INT]: ['value'],
  [Kind.FLOAT]: ['value'],
  [Kind.STRING]: ['value', 'block'],
  [Kind.BOOLEAN]: ['value'],
  [Kind.NULL]: [],
  [Kind.ENUM]: ['value'],
  [Kind.LIST]: ['values'],
  [Kind.OBJECT]: ['fields'],
  [Kind.OBJECT_FIELD]: ['name', 'value'],
  [Kind.DIRECTIVE]: ['name', 'arguments'],
  [Kind.NAMED_TYPE]: ['name'],
  [Kind.LIST_TYPE]: ['type'],
  [Kind.NON_NULL_TYPE]: ['type'],
  [Kind.NAME]: ['value'],
};

/** The kinds whose empty lists `removeEmptyNodes` removes (of the executable ones). */
const EMPTY_REMOVED: ReadonlySet<string> = new Set([
  Kind.FRAGMENT_DEFINITION,
  Kind.OPERATION_DEFINITION,
  Kind.VARIABLE_DEFINITION,
  Kind.FIELD,
  Kind.FRAGMENT_SPREAD,
  Kind.INLINE_FRAGMENT,
  Kind.NAME,
  Kind.DIRECTIVE,
]);
const LISTS: ReadonlySet<string> = new Set(['arguments', 'directives', 'variableDefinitions']);
/** The kinds whose description `removeDescriptions` removes (of the executable ones). */
const DESCRIPTION_REMOVED: ReadonlySet<string> = new Set([Kind.OPERATION_DEFINITION, Kind.VARIABLE_DEFINITION, Kind.FRAGMENT_DEFINITION]);
/** What graphql's `printString` escapes: a string value with one of these prints with a backslash. */
// eslint-disable-next-line no-control-regex -- the characters graphql escapes are control characters
const ESCAPED = /[\x00-\x1f\x22\x5c\x7f-\x9f]/;

/** A non-block string value that graphql prints with a backslash. */
function isEscapedString(value: unknown): boolean {
  const node = value as { kind?: unknown; block?: unknown; value?: unknown } | null | undefined;
  return node?.kind === Kind.STRING && node.block !== true && typeof node.value === 'string' && ESCAPED.test(node.value);
}

/** A tree this module does not write as upstream would: upstream's `_gql` writes it. */
class NotHere extends Error {}

/**
 * The JSON of a node as upstream writes it. `reparsed`: as graphql-tag parses the node's printed
 * text (keys in the parser's order; what printing changes is not written here); otherwise as the
 * node is (its own keys' order), as upstream stringifies the fragments it appends.
 */
function nodeJson(node: unknown, reparsed: boolean, out: string[]): void {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) {
    throw new NotHere();
  }
  const record = node as Record<string, unknown>;
  const kind = record.kind;
  const keys = typeof kind === 'string' ? KEYS[kind] : undefined;
  if (!keys) {
    throw new NotHere();
  }
  if (reparsed && kind === Kind.STRING && (record.block === true || typeof record.value !== 'string' || ESCAPED.test(record.value))) {
    throw new NotHere();
  }
  let order = keys;
  if (!reparsed) {
    order = Object.keys(record).filter((key) => key !== 'kind' && key !== 'loc');
    if (order.some((key) => !keys.includes(key))) {
      throw new NotHere();
    }
  }
  out.push('{"kind":', JSON.stringify(kind));
  for (const key of order) {
    const value = record[key];
    if (value === undefined) {
      continue;
    }
    // Removed when there is one (`removeDescriptions`); reparsed, a null one is not printed. But
    // upstream prints it first: a string description that prints with an escape is printed back
    // wrong (its backslashes doubled for the template literal), which graphql-tag may fail on.
    if (key === 'description' && DESCRIPTION_REMOVED.has(kind as string) && (reparsed || value)) {
      if (reparsed && isEscapedString(value)) {
        throw new NotHere();
      }
      continue;
    }
    if (Array.isArray(value)) {
      if (value.length === 0 && LISTS.has(key) && EMPTY_REMOVED.has(kind as string)) {
        continue;
      }
      out.push(',', JSON.stringify(key), ':[');
      value.forEach((item, i) => {
        if (i > 0) {
          out.push(',');
        }
        nodeJson(item, reparsed, out);
      });
      out.push(']');
    } else if (typeof value === 'object' && value !== null) {
      out.push(',', JSON.stringify(key), ':');
      nodeJson(value, reparsed, out);
    } else if (typeof value === 'string' || typeof value === 'boolean') {
      out.push(',', JSON.stringify(key), ':', JSON.stringify(value));
    } else {
      throw new NotHere();
    }
  }
  out.push('}');
}

/**
 * The document JSON upstream's `_gql` writes in its `documentNodeImportFragments` mode with
 * `optimizeDocumentNode` on: the node as graphql-tag parses its printed text, then the fragments
 * as they are. Undefined when a tree is not one this module writes as upstream would.
 */
export function documentJson(node: OperationDefinitionNode | FragmentDefinitionNode, fragments: readonly FragmentDefinitionNode[]): string | undefined {
  const out: string[] = ['{"kind":"Document","definitions":['];
  try {
    nodeJson(node, true, out);
    for (const fragment of fragments) {
      out.push(',');
      nodeJson(fragment, false, out);
    }
  } catch (err) {
    if (err instanceof NotHere) {
      return undefined;
    }
    throw err;
  }
  out.push(']}');
  return out.join('');
}

/** What `_gql` reads of the base visitor (private or protected there). */
interface BaseInternals {
  readonly _onExecutableDocumentNode?: unknown;
  readonly fragmentsGraph: { dependenciesOf(name: string): string[]; getNodeData(name: string): LoadedFragment };
  _extractFragments(document: FragmentDefinitionNode | OperationDefinitionNode, withNested?: boolean): string[];
}

/** Upstream's `TypeScriptDocumentNodesVisitor` (typed-document-node's visitor.js), its `_gql` written here. */
export class TypeScriptDocumentNodesVisitor extends ClientSideBaseVisitor<TypeScriptTypedDocumentNodesConfig> {
  pluginConfig: TypeScriptTypedDocumentNodesConfig;

  constructor(schema: GraphQLSchema, fragments: LoadedFragment[], config: TypeScriptTypedDocumentNodesConfig, documents: Types.DocumentFile[]) {
    super(
      schema,
      fragments,
      {
        documentNodeImport: '@graphql-typed-document-node/core#TypedDocumentNode',
        ...config,
        documentMode: config.documentMode || DocumentMode.documentNodeImportFragments,
      },
      {},
      documents,
    );
    this.pluginConfig = config;
    autoBind(this);
    // We need to make sure it's there because in this mode, the base plugin doesn't add the import
    if (this.config.documentMode === DocumentMode.graphQLTag) {
      const documentNodeImport = this._parseImport(this.config.documentNodeImport || 'graphql#DocumentNode');
      const tagImport = this._generateImport(documentNodeImport, 'DocumentNode', true);
      if (tagImport) {
        this._imports.add(tagImport);
      }
    } else if (this.config.documentMode === DocumentMode.string) {
      const tagImport = this._generateImport(typedDocumentString.import, typedDocumentString.import.propName, true);
      if (tagImport) {
        this._imports.add(tagImport);
      }
    }
  }

  SelectionSet(node: SelectionSetNode, _: unknown, parent: unknown): SelectionSetNode | undefined {
    if (!this.pluginConfig.addTypenameToSelectionSets) {
      return undefined;
    }
    // Don't add __typename to OperationDefinitions.
    if (parent && (parent as ASTNode).kind === 'OperationDefinition') {
      return undefined;
    }
    // No changes if no selections.
    const { selections } = node;
    if (!selections) {
      return undefined;
    }
    // If selections already have a __typename or is introspection do nothing.
    const hasTypename = selections.some((selection) => selection.kind === 'Field' && (selection.name.value === '__typename' || selection.name.value.lastIndexOf('__', 0) === 0));
    if (hasTypename) {
      return undefined;
    }
    return { ...node, selections: [...selections, { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } }] };
  }

  override getDocumentNodeSignature(resultType: string, variablesTypes: string, node: FragmentDefinitionNode | OperationDefinitionNode): string {
    const shouldUseImportPrefix = !!this.config.importOperationTypesFrom;
    const resultImportPrefix = shouldUseImportPrefix && resultType !== 'unknown' ? 'Types.' : '';
    const variablesImportPrefix = shouldUseImportPrefix && variablesTypes !== 'unknown' ? 'Types.' : '';
    if (
      this.config.documentMode === DocumentMode.documentNode ||
      this.config.documentMode === DocumentMode.documentNodeImportFragments ||
      this.config.documentMode === DocumentMode.graphQLTag
    ) {
      return ` as unknown as DocumentNode<${resultImportPrefix}${resultType}, ${variablesImportPrefix}${variablesTypes}>`;
    }
    if (this.config.documentMode === DocumentMode.string) {
      return ` as unknown as TypedDocumentString<${resultImportPrefix}${resultType}, ${variablesImportPrefix}${variablesTypes}>`;
    }
    return super.getDocumentNodeSignature(resultType, variablesTypes, node);
  }

  /**
   * Upstream's, but in the `documentNodeImportFragments` mode with `optimizeDocumentNode` on and no
   * `unstable_onExecutableDocumentNode` (which is given upstream's tree), the JSON is written from
   * the node's tree ({@link documentJson}); the fragments it carries are the same as upstream's.
   */
  protected override _gql(node: FragmentDefinitionNode | OperationDefinitionNode): string {
    const base = this as unknown as BaseInternals;
    if (this.config.documentMode !== DocumentMode.documentNodeImportFragments || !this.config.optimizeDocumentNode || base._onExecutableDocumentNode) {
      return super._gql(node);
    }
    const fragmentNames = base._extractFragments(node, node.kind === Kind.OPERATION_DEFINITION);
    const dependencies = new Set(fragmentNames.flatMap((name) => base.fragmentsGraph.dependenciesOf(name)));
    for (const name of fragmentNames) {
      dependencies.add(name);
    }
    const fragments = [...dependencies].map((name) => base.fragmentsGraph.getNodeData(name).node);
    return documentJson(node, fragments) ?? super._gql(node);
  }
}

/** The plugin function (upstream's, with the visitor above). */
export const plugin: PluginFunction<TypeScriptTypedDocumentNodesConfig> = (schema, rawDocuments, config, info) => {
  const raw = config as unknown as Record<string, unknown>;
  if (UPSTREAM_ONLY.some((key) => raw[key] !== undefined && raw[key] !== false)) {
    return upstreamPlugin(schema, rawDocuments, config, info);
  }
  const documents = rawDocuments;
  const allAst = concatAST(documents.flatMap((v) => (v.document ? [v.document] : [])));
  const allFragments: LoadedFragment[] = [
    ...allAst.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((fragmentDef) => ({ node: fragmentDef, name: fragmentDef.name.value, onType: fragmentDef.typeCondition.name.value, isExternal: false })),
    ...((config.externalFragments as LoadedFragment[] | undefined) || []),
  ];
  const visitor = new TypeScriptDocumentNodesVisitor(schema, allFragments, config, documents);
  // The visitor leaves operation definitions, and selection sets only to add __typename to them:
  // without that, no visit of every node (leaveDefinitions.ts).
  const left = config.addTypenameToSelectionSets ? undefined : leaveDefinitions(allAst, { OperationDefinition: visitor.OperationDefinition });
  const definitions = left ?? (oldVisit(allAst, { leave: visitor as never }) as unknown as { definitions: unknown[] }).definitions;
  let content: string[] = [];
  if (config.documentMode === DocumentMode.string) {
    content = [typedDocumentString.template];
  }
  return {
    prepend: allAst.definitions.length === 0 ? [] : visitor.getImports(),
    content: [...content, visitor.fragments, ...definitions.filter((t): t is string => typeof t === 'string')].join('\n'),
  };
};

/** Upstream's. */
export const validate: PluginValidateFn = upstreamValidate;
