/**
 * The `typescript-operations` plugin of GraphQL Code Generator, with one change that leaves its
 * output as it is: the schema visit that prints the enums and input types an operation names
 * walks only those types' definitions, not the whole schema. Upstream walks every definition of
 * the schema for every output file and keeps what its visitor turned into text, which is only the
 * enum and input definitions the file names (`_namedSchemaTypes`); on GitHub's schema that walk is
 * about 35 ms per file, here well under one. Everything else (the visitor, the operations' types,
 * the prepended helpers) is upstream's, and the plugin falls back to upstream's own function for
 * any option this copy does not follow. Tests compare the output with the codegen CLI's.
 *
 * Follows `@graphql-codegen/typescript-operations` 6.x `plugin` (MIT).
 */
import { concatAST, parse, printIntrospectionSchema, type DefinitionNode, type DocumentNode } from 'graphql';
import { getCachedDocumentNodeFromSchema, oldVisit, type PluginFunction, type Types } from '@graphql-codegen/plugin-helpers';
import { plugin as upstreamPlugin, TypeScriptDocumentsVisitor, type TypeScriptDocumentsPluginConfig } from '@graphql-codegen/typescript-operations';

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

/** Each named definition of a schema document with its place in it (a schema's are looked up per file, not walked). */
const definitionOrders = new WeakMap<DocumentNode, Map<string, { index: number; definition: DefinitionNode }[]>>();

/** The schema document's definitions by name, each with its index (upstream keeps the document's order). */
function definitionOrder(schemaAst: DocumentNode): Map<string, { index: number; definition: DefinitionNode }[]> {
  const known = definitionOrders.get(schemaAst);
  if (known) {
    return known;
  }
  const order = new Map<string, { index: number; definition: DefinitionNode }[]>();
  schemaAst.definitions.forEach((definition, index) => {
    if ('name' in definition && definition.name !== undefined) {
      const list = order.get(definition.name.value) ?? [];
      list.push({ index, definition });
      order.set(definition.name.value, list);
    }
  });
  definitionOrders.set(schemaAst, order);
  return order;
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
  const visitor = new TypeScriptDocumentsVisitor(schema, config, allDocumentsAST, documentsToVisitAST, info?.outputFile as string);
  const operationsResult = oldVisit(documentsToVisitAST, { leave: visitor }) as unknown as { definitions: unknown[] };
  const named = (visitor as unknown as VisitorState)._namedSchemaTypes;
  const schemaAst = getCachedDocumentNodeFromSchema(schema);
  const order = definitionOrder(schemaAst);
  const namedDefinitions = Object.keys(named)
    .filter((name) => named[name] !== undefined)
    .flatMap((name) => order.get(name) ?? [])
    .sort((a, b) => a.index - b.index)
    .map((d) => d.definition);
  const schemaTypes = printed(oldVisit({ ...schemaAst, definitions: namedDefinitions }, { leave: visitor }) as unknown as { definitions: unknown[] });
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
