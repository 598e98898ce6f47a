/**
 * `typescript-operations`' visitor with its scan for the schema types a file uses
 * (`collectUsedSchemaTypesToGenerate`) remembered per definition. Upstream's constructor walks
 * the file's operations and every fragment they may spread (with a `TypeInfo`), twice, for every
 * output file: in the near-operation-file layout a fragments file shared by many operation files
 * is walked again for each of them, about a fifth of the plugin's time on the types benchmark.
 *
 * The scan is two walks over the document (graphql's visitor, a `TypeInfo` for the second): the
 * named types of the variable definitions (each handed to `collectInnerTypesRecursively`), then
 * the enum and scalar types of the selected fields. What each walk finds in one top-level
 * definition depends only on that definition and the schema (a `TypeInfo` starts afresh at each
 * definition), so it is found once per schema and definition (the parsed nodes, which the preset
 * shares between the files that spread a fragment), by a plain recursive walk of the operation or
 * fragment that finds the field types as `TypeInfo` does (graphql's visitor and `TypeInfo` for any
 * other kind of definition), and the result is built from it exactly as upstream builds it:
 * every definition's variable types in document order, then every definition's field types,
 * through upstream's own `collectInnerTypesRecursively` and the same steps as upstream's `Field`
 * handler. Tests compare it with upstream's visitor, and the output with the codegen CLI's.
 *
 * Follows `@graphql-codegen/typescript-operations` 6.x `collectUsedSchemaTypesToGenerate` (MIT).
 */
import {
  getNamedType,
  isCompositeType,
  isInterfaceType,
  isObjectType,
  isOutputType,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLOutputType,
  type NamedTypeNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type TypeNode,
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
    found = definition.kind === Kind.OPERATION_DEFINITION || definition.kind === Kind.FRAGMENT_DEFINITION ? walk(schema, definition) : visitAsUpstream(schema, definition);
    known.set(definition, found);
  }
  return found;
}

/** A variable's type as the variables walk sees it: its named type, if an input object, scalar or enum (not a specified scalar). */
function variableType(schema: GraphQLSchema, type: TypeNode): GraphQLNamedType | undefined {
  const named = type.kind === Kind.NAMED_TYPE ? type : variableNamed(type);
  const found = schema.getTypeMap()[named.name.value];
  return found &&
    (found instanceof GraphQLInputObjectType || found instanceof GraphQLScalarType || found instanceof GraphQLEnumType) &&
    !isSpecifiedScalarType(found) &&
    !isIntrospectionType(found)
    ? found
    : undefined;
}

function variableNamed(type: TypeNode): NamedTypeNode {
  return type.kind === Kind.NAMED_TYPE ? type : variableNamed(type.type);
}

/**
 * Both walks over an operation or a fragment, without graphql's generic visitor: the variable
 * definitions' named types, and each field's type as `TypeInfo` gives it (the field of the
 * enclosing composite type, the meta fields as graphql's `getFieldDef` finds them; an inline
 * fragment's type its condition's, else the enclosing type), fields in the visitor's order
 * (depth first, a field before its selections). Fragment spreads are not followed (nor are they
 * by the visitor).
 */
function walk(schema: GraphQLSchema, definition: OperationDefinitionNode | FragmentDefinitionNode): Found {
  const variables: GraphQLNamedType[] = [];
  for (const variable of definition.variableDefinitions ?? []) {
    const type = variableType(schema, variable.type);
    if (type) {
      variables.push(type);
    }
  }
  const fields: (GraphQLEnumType | GraphQLScalarType)[] = [];
  const selections = (selectionSet: SelectionSetNode, type: GraphQLOutputType | undefined): void => {
    const named = getNamedType(type);
    const parent = isCompositeType(named) ? named : undefined;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        const fieldDef = parent ? fieldDefinition(schema, parent, selection) : undefined;
        const fieldType = fieldDef && isOutputType(fieldDef.type) ? fieldDef.type : undefined;
        if (fieldType) {
          const namedType = getNamedType(fieldType);
          if (namedType instanceof GraphQLEnumType || namedType instanceof GraphQLScalarType) {
            fields.push(namedType);
          }
        }
        if (selection.selectionSet) {
          selections(selection.selectionSet, fieldType);
        }
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : getNamedType(type);
        selections(selection.selectionSet, isOutputType(condition) ? condition : undefined);
      }
    }
  };
  if (definition.kind === Kind.OPERATION_DEFINITION) {
    const root = schema.getRootType(definition.operation);
    selections(definition.selectionSet, isObjectType(root) ? root : undefined);
  } else {
    const condition = schema.getType(definition.typeCondition.name.value);
    selections(definition.selectionSet, isOutputType(condition) ? condition : undefined);
  }
  return { variables, fields };
}

/** graphql's `getFieldDef` (TypeInfo's): the meta fields, then the type's own. */
function fieldDefinition(schema: GraphQLSchema, parent: GraphQLCompositeType, node: FieldNode): GraphQLField<unknown, unknown> | undefined {
  const name = node.name.value;
  if (name === SchemaMetaFieldDef.name && schema.getQueryType() === parent) {
    return SchemaMetaFieldDef;
  }
  if (name === TypeMetaFieldDef.name && schema.getQueryType() === parent) {
    return TypeMetaFieldDef;
  }
  if (name === TypeNameMetaFieldDef.name && isCompositeType(parent)) {
    return TypeNameMetaFieldDef;
  }
  if (isObjectType(parent) || isInterfaceType(parent)) {
    return parent.getFields()[name];
  }
  return undefined;
}

/** Upstream's two walks, with graphql's visitor and `TypeInfo`, on one definition of another kind. */
function visitAsUpstream(schema: GraphQLSchema, definition: DefinitionNode): Found {
  const document: DocumentNode = { kind: Kind.DOCUMENT, definitions: [definition] };
  const variables: GraphQLNamedType[] = [];
  visit(document, {
    VariableDefinition: (node) => {
      const type = variableType(schema, node.type);
      if (type) {
        variables.push(type);
      }
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
  return { variables, fields };
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
