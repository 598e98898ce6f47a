/**
 * `typescript-operations`' visitor with its scan for the schema types a file uses
 * (`collectUsedSchemaTypesToGenerate`) remembered per definition. Upstream's constructor walks
 * the file's operations and every fragment they may spread (with a `TypeInfo`), twice, for every
 * output file: in the near-operation-file layout a fragments file shared by many operation files
 * is walked again for each of them, about a fifth of the plugin's time on the types benchmark.
 *
 * The scan is two walks over the document: the named types of the variable definitions (each
 * handed to `collectInnerTypesRecursively`), then the enum and scalar types of the selected
 * fields. What each walk finds in one top-level definition depends only on that definition and the
 * schema (a `TypeInfo` starts afresh at each definition), so it is kept per schema and definition
 * (the parsed nodes, which the preset shares between the files that spread a fragment), and the
 * result is built from it exactly as upstream builds it: every definition's variable types in
 * document order, then every definition's field types, through upstream's own
 * `collectInnerTypesRecursively` and the same steps as upstream's `Field` handler. Tests compare
 * the output with the codegen CLI's.
 *
 * Follows `@graphql-codegen/typescript-operations` 6.x `collectUsedSchemaTypesToGenerate` (MIT).
 */
import {
  getNamedType,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLScalarType,
  isIntrospectionType,
  isSpecifiedScalarType,
  Kind,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type DefinitionNode,
  type DocumentNode,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';
import { TypeScriptDocumentsVisitor } from '@graphql-codegen/typescript-operations';

/** What the two walks find in one definition, in the order they find it. */
interface Found {
  /** Input objects, scalars and enums named by variable definitions (not the specified scalars). */
  readonly variables: readonly GraphQLNamedType[];
  /** The enum and scalar types of the fields selected. */
  readonly fields: readonly (GraphQLEnumType | GraphQLScalarType)[];
}

/** Per schema (the object the visitor is given), what each definition's walks found. */
const foundBySchema = new WeakMap<GraphQLSchema, WeakMap<DefinitionNode, Found>>();

function find(schema: GraphQLSchema, definition: DefinitionNode): Found {
  let known = foundBySchema.get(schema);
  if (!known) {
    known = new WeakMap();
    foundBySchema.set(schema, known);
  }
  let found = known.get(definition);

  if (!found) {
    const schemaTypes = schema.getTypeMap();
    const document: DocumentNode = { kind: Kind.DOCUMENT, definitions: [definition] };
    const variables: GraphQLNamedType[] = [];
    visit(document, {
      VariableDefinition: (node) => {
        visit(node, {
          NamedType: (named) => {
            const type = schemaTypes[named.name.value];
            if (
              type &&
              (type instanceof GraphQLInputObjectType || type instanceof GraphQLScalarType || type instanceof GraphQLEnumType) &&
              !isSpecifiedScalarType(type) &&
              !isIntrospectionType(type)
            ) {
              variables.push(type);
            }
          },
        });
      },
    });
    const fields: (GraphQLEnumType | GraphQLScalarType)[] = [];
    const typeInfo = new TypeInfo(schema);
    visit(
      document,
      visitWithTypeInfo(typeInfo, {
        Field: () => {
          const fieldType = typeInfo.getType();
          if (fieldType) {
            const namedType = getNamedType(fieldType);
            if (namedType instanceof GraphQLEnumType || namedType instanceof GraphQLScalarType) {
              fields.push(namedType);
            }
          }
        },
      }),
    );
    found = { variables, fields };
    known.set(definition, found);
  }
  return found;
}

/** An entry of upstream's `UsedSchemaTypes` (what this module builds, as upstream builds it). */
type UsedType =
  | { type: 'GraphQLEnumType'; node: GraphQLEnumType; tsType: string }
  | { type: 'GraphQLScalarType'; node: GraphQLScalarType; tsType: string; useCases: { variables: boolean; input: boolean; output: boolean } }
  | { type: 'GraphQLInputObjectType'; node: GraphQLInputObjectType; tsType: string };

/** The members of upstream's visitor this module uses (private in its typings). */
interface VisitorInternals {
  _usedEnumIntrospectionType: boolean;
  convertName(name: string): string;
  collectInnerTypesRecursively(args: { node: GraphQLNamedType; usedSchemaTypes: Record<string, UsedType>; location: 'variables' | 'input' }): void;
}

/** Upstream's scan, from what each definition's walks found. */
function collectUsedSchemaTypesToGenerate(this: VisitorInternals, { schema, documentNode }: { schema: GraphQLSchema; documentNode: DocumentNode }): Record<string, UsedType> {
  const usedSchemaTypes: Record<string, UsedType> = {};
  const found = documentNode.definitions.map((definition) => find(schema, definition));
  for (const { variables } of found) {
    for (const node of variables) {
      this.collectInnerTypesRecursively({ node, usedSchemaTypes, location: 'variables' });
    }
  }
  for (const { fields } of found) {
    for (const namedType of fields) {
      if (namedType instanceof GraphQLEnumType) {
        usedSchemaTypes[namedType.name] = { type: 'GraphQLEnumType', node: namedType, tsType: this.convertName(namedType.name) };
        if (isIntrospectionType(namedType)) {
          this._usedEnumIntrospectionType = true;
        }
        continue;
      }
      const scalarType = usedSchemaTypes[namedType.name] ?? {
        type: 'GraphQLScalarType',
        node: namedType,
        tsType: this.convertName(namedType.name),
        useCases: { variables: false, input: false, output: true },
      };
      if (scalarType.type !== 'GraphQLScalarType') {
        throw new Error(`${namedType.name} has been incorrectly parsed as Scalar. This should not happen.`);
      }
      scalarType.useCases.output = true;
      usedSchemaTypes[namedType.name] = scalarType;
    }
  }
  return usedSchemaTypes;
}

/** Upstream's visitor with the scan above (its constructor calls it through the prototype). */
export const OperationsVisitor: typeof TypeScriptDocumentsVisitor = (() => {
  class Visitor extends TypeScriptDocumentsVisitor {}
  Object.defineProperty(Visitor.prototype, 'collectUsedSchemaTypesToGenerate', { value: collectUsedSchemaTypesToGenerate, writable: true, configurable: true });
  return Visitor;
})();
