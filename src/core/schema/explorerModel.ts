/**
 * The schema explorer's model, without VS Code: the plain-data nodes commands receive, their
 * SDL keys, and what a type holds (fields, arguments, its SDL keyword).
 */
import {
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  print,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLNamedType,
} from 'graphql';

/**
 * One node of the schema explorer. Plain data, so commands can take it from the tree's context
 * menu or from a caller (`{ kind: 'field', typeName: 'Query', fieldName: 'tasks' }`).
 */
export type ExplorerNode =
  | { readonly kind: 'type'; readonly typeName: string; readonly root?: 'query' | 'mutation' | 'subscription'; readonly nested?: boolean }
  | { readonly kind: 'field'; readonly typeName: string; readonly fieldName: string; readonly nested?: boolean }
  | { readonly kind: 'argument'; readonly typeName: string; readonly fieldName: string; readonly argName: string }
  | { readonly kind: 'enumValue'; readonly typeName: string; readonly valueName: string };

/** The schema key (`Type` or `Type.member`) of a node in the SDL view. */
export function sdlKeyOf(node: ExplorerNode): string {
  switch (node.kind) {
    case 'type':
      return node.typeName;
    case 'field':
    case 'argument':
      return `${node.typeName}.${node.fieldName}`;
    case 'enumValue':
      return `${node.typeName}.${node.valueName}`;
  }
}

/** Reads an ExplorerNode from an untrusted command argument. */
export function asExplorerNode(value: unknown): ExplorerNode | undefined {
  if (typeof value !== 'object' || value === null) {
    return undefined;
  }
  const v = value as Record<string, unknown>;
  const str = (k: string) => typeof v[k] === 'string' && v[k] !== '';
  if (v.kind === 'type' && str('typeName')) {
    return { kind: 'type', typeName: v.typeName as string };
  }
  if (v.kind === 'field' && str('typeName') && str('fieldName')) {
    return { kind: 'field', typeName: v.typeName as string, fieldName: v.fieldName as string };
  }
  if (v.kind === 'argument' && str('typeName') && str('fieldName') && str('argName')) {
    return { kind: 'argument', typeName: v.typeName as string, fieldName: v.fieldName as string, argName: v.argName as string };
  }
  if (v.kind === 'enumValue' && str('typeName') && str('valueName')) {
    return { kind: 'enumValue', typeName: v.typeName as string, valueName: v.valueName as string };
  }
  return undefined;
}

/** A field of an object, interface or input object type. */
export type AnyField = GraphQLField<unknown, unknown> | GraphQLInputField;

/** The fields of a type (none for scalars, enums and unions). */
export function fieldsOf(type: GraphQLNamedType | undefined | null): AnyField[] {
  if (type && (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type))) {
    return Object.values(type.getFields());
  }
  return [];
}

/** The arguments of a field (input fields have none). */
export function argsOf(field: AnyField | undefined): readonly GraphQLArgument[] {
  return field && 'args' in field ? field.args : [];
}

/**
 * The default of an argument or input field as GraphQL text, or undefined when it has none. graphql
 * 17 keeps the default of a schema built from SDL or introspection as its literal (`default.literal`)
 * and one set in code as `default.value`; graphql 16 had only the value (`defaultValue`).
 */
export function defaultValueText(input: GraphQLArgument | GraphQLInputField): string | undefined {
  if (input.default?.literal) {
    return print(input.default.literal);
  }
  // `defaultValue`: a schema made in code may still set it.
  const value: unknown = input.default ? input.default.value : input.defaultValue;
  return value === undefined ? undefined : JSON.stringify(value);
}

/** The SDL keyword of a type: type, interface, input, enum, union or scalar. */
export function kindWord(type: GraphQLNamedType): string {
  return KEYWORDS.find(([is]) => is(type))?.[1] ?? 'scalar';
}

const KEYWORDS: readonly [(type: GraphQLNamedType) => boolean, string][] = [
  [isObjectType, 'type'],
  [isInterfaceType, 'interface'],
  [isInputObjectType, 'input'],
  [isEnumType, 'enum'],
  [isUnionType, 'union'],
];
