/**
 * The `typescript-operations` plugin of GraphQL Code Generator, with one change that leaves its
 * output as it is: the schema visit that prints the enums and input types an operation names
 * walks only those types' definitions, not the whole schema. Upstream walks every definition of
 * the schema for every output file and keeps what its visitor turned into text, which is only the
 * enum and input definitions the file names (`_namedSchemaTypes`); on GitHub's schema that walk is
 * about 35 ms per file, here well under one. Nor is the whole schema printed as a document (about
 * 100 ms on GitHub's schema, which upstream needs for that walk): the definitions of the types a
 * file names are printed as they are first named. And its visitor's scan for the schema types a file
 * uses is remembered per definition (usedSchemaTypes.ts), and the documents' definitions are given
 * to the visitor without a visit of every node under them (leaveDefinitions.ts). Everything else (the visitor, the operations' types,
 * the prepended helpers) is upstream's, and the plugin falls back to upstream's own function for
 * any option this copy does not follow. Tests compare the output with the codegen CLI's.
 *
 * Follows `@graphql-codegen/typescript-operations` 6.x `plugin` (MIT).
 */
import {
  concatAST,
  GraphQLSchema,
  isIntrospectionType,
  isSpecifiedScalarType,
  Kind,
  parse,
  printIntrospectionSchema,
  type DefinitionNode,
  type DocumentNode,
  type GraphQLNamedType,
} from 'graphql';
import { getCachedDocumentNodeFromSchema, oldVisit, type PluginFunction, type Types } from '@graphql-codegen/plugin-helpers';
import { constructWithView } from './scalarsAndEnums';
import { plugin as upstreamPlugin, type TypeScriptDocumentsPluginConfig } from '@graphql-codegen/typescript-operations';
import { OperationsVisitor } from './usedSchemaTypes';
import { leaveDefinitions } from './leaveDefinitions';

/** Options upstream handles that this copy does not: with any of them set, upstream runs. */
const UPSTREAM_ONLY: readonly string[] = [
  'flattenGeneratedTypes',
  'addOperationExport',
  'globalNamespace',
  'importSchemaTypesFrom',
  'nullability',
  'federation',
  'disableDescriptions',
  'includeIntrospectionTypes',
];

/** What the visitor knows after construction: the schema types this file's declarations name. */
interface VisitorState {
  readonly _namedSchemaTypes: Readonly<Record<string, unknown>>;
}

/** Per schema: each type's place in its type map, and the definitions printed so far (a schema's are printed per type a file names, not all at once). */
const printedTypes = new WeakMap<GraphQLSchema, { readonly order: Map<string, number>; readonly definitions: Map<string, DefinitionNode> }>();

/**
 * The definitions of the named schema types as `getDocumentNodeFromSchema` prints them for the
 * whole schema, in the order it prints them (the type map's), without printing the whole schema:
 * each is printed once, from a schema of the types not printed yet (their definitions do not
 * depend on the schema around them). Specified scalars and introspection types have none (the
 * whole schema's document leaves them out too).
 */
function namedDefinitions(schema: GraphQLSchema, names: readonly string[]): DefinitionNode[] {
  let printed = printedTypes.get(schema);
  if (!printed) {
    printed = { order: new Map(Object.keys(schema.getTypeMap()).map((name, index) => [name, index])), definitions: new Map() };
    printedTypes.set(schema, printed);
  }
  const { order, definitions } = printed;
  const types = names
    .map((name) => schema.getType(name))
    .filter((type): type is GraphQLNamedType => type !== undefined && !isSpecifiedScalarType(type) && !isIntrospectionType(type))
    .sort((a, b) => (order.get(a.name) ?? 0) - (order.get(b.name) ?? 0));
  const missing = types.filter((type) => !definitions.has(type.name));
  if (missing.length > 0) {
    const wanted = new Set(missing.map((type) => type.name));
    for (const definition of getCachedDocumentNodeFromSchema(new GraphQLSchema({ types: missing })).definitions) {
      if ('name' in definition && definition.name !== undefined && wanted.has(definition.name.value)) {
        definitions.set(definition.name.value, definition);
      }
    }
  }
  return types.flatMap((type) => definitions.get(type.name) ?? []);
}

/** Definitions a visit turned into text (upstream's `findTransformedDefinitions`). */
function printed(result: { definitions: readonly unknown[] }): string[] {
  return result.definitions.filter((d): d is string => typeof d === 'string');
}

/**
 * The plugin function; its `validate` and `addToSchema` are upstream's (it has none).
 * @public GraphQL Code Generator calls it by name on the module (generateTypes.ts passes the module).
 */
export const plugin: PluginFunction<TypeScriptDocumentsPluginConfig, Types.ComplexPluginOutput> = async (schema, documents, config, info) => {
  const raw = config as unknown as Record<string, unknown>;
  if (UPSTREAM_ONLY.some((key) => raw[key] !== undefined && raw[key] !== false)) {
    return upstreamPlugin(schema, documents, config, info);
  }
  const all: DocumentNode[] = [];
  const standard: DocumentNode[] = [];
  for (const file of documents) {
    if (file.document) {
      all.push(file.document);
      if (!file.type || file.type === 'standard') {
        standard.push(file.document);
      }
    }
  }
  const allDocumentsAST = concatAST(all);
  const documentsToVisitAST = concatAST(standard);
  // Its constructor scans the schema's types (scalarsAndEnums.ts); what it keeps behaves as the schema.
  const visitor = constructWithView(schema, (view) => new OperationsVisitor(view, config, allDocumentsAST, documentsToVisitAST, info?.outputFile as string));
  // Without a visit of every node when the visitor leaves only the definitions (leaveDefinitions.ts).
  const left = leaveDefinitions(documentsToVisitAST, visitor);
  const operationsResult = left ? { definitions: left } : (oldVisit(documentsToVisitAST, { leave: visitor }) as unknown as { definitions: unknown[] });
  const named = (visitor as unknown as VisitorState)._namedSchemaTypes;
  const definitions = namedDefinitions(
    schema,
    Object.keys(named).filter((name) => named[name] !== undefined),
  );
  const schemaTypes = printed(oldVisit({ kind: Kind.DOCUMENT, definitions }, { leave: visitor }) as unknown as { definitions: unknown[] });
  const introspectionTypes = visitor.shouldVisitIntrospectionTypes()
    ? printed(oldVisit(parse(printIntrospectionSchema(schema)), { leave: visitor }) as unknown as { definitions: unknown[] })
    : [];
  return {
    prepend: [
      ...visitor.getImports(),
      ...visitor.getExternalSchemaTypeImports(),
      ...visitor.getEnumsImports(),
      ...visitor.getScalarsImports(),
      ...visitor.getGlobalDeclarations(visitor.config.noExport),
      visitor.getExactUtilityType(),
      visitor.getIncrementalUtilityType(),
    ] as string[], // as upstream: codegen drops the empty ones
    content: [...schemaTypes, ...introspectionTypes, ...printed(operationsResult)].join('\n'),
  };
};

/** Re-exported so the plugin map reads like upstream's. */
export type { TypeScriptDocumentsPluginConfig };
