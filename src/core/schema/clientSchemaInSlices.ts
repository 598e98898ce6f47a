/**
 * graphql's buildClientSchema, in slices: the same schema (same types, fields, arguments, default
 * values, descriptions, deprecations), built without holding the thread for one long block. On a
 * schema of GitHub's size buildClientSchema is one 40-70 ms call, almost all of it in the
 * GraphQLSchema constructor, where every type's fields thunk is resolved. Here the types are made
 * as graphql makes them, their thunks are resolved a slice at a time with the thread yielded in
 * between, and the schema is constructed last, when collecting its types costs little.
 *
 * It follows graphql 16's utilities/buildClientSchema (MIT) step by step, with public APIs only;
 * where the introspection is malformed it lets graphql's own buildClientSchema throw its error.
 */
import {
  GraphQLDirective,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLSchema,
  GraphQLUnionType,
  assertInterfaceType,
  assertNullableType,
  assertObjectType,
  buildClientSchema,
  introspectionTypes,
  isInputType,
  isInterfaceType,
  isObjectType,
  isOutputType,
  isUnionType,
  isInputObjectType,
  parseValue,
  specifiedScalarTypes,
  valueFromAST,
  type DirectiveLocation,
  type GraphQLFieldConfig,
  type GraphQLInputFieldConfig,
  type GraphQLNamedType,
  type GraphQLType,
  type IntrospectionDirective,
  type IntrospectionField,
  type IntrospectionInputValue,
  type IntrospectionQuery,
  type IntrospectionType,
  type IntrospectionTypeRef,
} from 'graphql';
import { TimeSlicer, yieldToEventLoop } from '../timeSlicer';

/** Yields the thread (between slices). */
export type Yield = () => Promise<void>;

/** As graphql's buildClientSchema(introspection), in slices (see the module comment). */
export async function buildClientSchemaInSlices(
  introspection: IntrospectionQuery,
  yieldThread: Yield = yieldToEventLoop,
  options: { readonly assumeValid?: boolean } = {},
): Promise<GraphQLSchema> {
  let built: { typeMap: Map<string, GraphQLNamedType>; make: () => GraphQLSchema };
  try {
    built = prepare(introspection, options.assumeValid === true);
  } catch {
    return buildClientSchema(introspection, options); // graphql's own error for malformed introspection
  }
  const slicer = new TimeSlicer({ yieldNow: yieldThread });
  try {
    for (const type of built.typeMap.values()) {
      if (isObjectType(type) || isInterfaceType(type)) {
        type.getFields();
        type.getInterfaces();
      } else if (isUnionType(type)) {
        type.getTypes();
      } else if (isInputObjectType(type)) {
        type.getFields();
      }
      await slicer.checkpoint();
    }
    await slicer.checkpoint();
    return built.make();
  } catch {
    return buildClientSchema(introspection, options);
  }
}

function prepare(introspection: IntrospectionQuery, assumeValid: boolean): { typeMap: Map<string, GraphQLNamedType>; make: () => GraphQLSchema } {
  return new ClientSchemaBuilder().prepare(introspection, assumeValid);
}

/** graphql-js's buildClientSchema, one method per piece (its type map filled first, the fields read lazily). */
class ClientSchemaBuilder {
  private readonly typeMap = new Map<string, GraphQLNamedType>();

  prepare(introspection: IntrospectionQuery, assumeValid: boolean): { typeMap: Map<string, GraphQLNamedType>; make: () => GraphQLSchema } {
    const schemaIntrospection = introspection.__schema;
    if (!schemaIntrospection || typeof schemaIntrospection !== 'object' || !Array.isArray(schemaIntrospection.types)) {
      throw new Error('malformed');
    }
    for (const typeIntrospection of schemaIntrospection.types) {
      this.typeMap.set(typeIntrospection.name, this.buildType(typeIntrospection));
    }
    // Include standard types only if they are used (graphql's buildClientSchema replaces them).
    for (const stdType of [...specifiedScalarTypes, ...introspectionTypes]) {
      if (this.typeMap.has(stdType.name)) {
        this.typeMap.set(stdType.name, stdType);
      }
    }
    const queryType = schemaIntrospection.queryType ? this.getObjectType(schemaIntrospection.queryType) : null;
    const mutationType = schemaIntrospection.mutationType ? this.getObjectType(schemaIntrospection.mutationType) : null;
    const subscriptionType = schemaIntrospection.subscriptionType ? this.getObjectType(schemaIntrospection.subscriptionType) : null;
    const directives = schemaIntrospection.directives ? schemaIntrospection.directives.map((x) => this.buildDirective(x)) : [];
    const make = () =>
      new GraphQLSchema({
        description: schemaIntrospection.description,
        query: queryType,
        mutation: mutationType,
        subscription: subscriptionType,
        types: [...this.typeMap.values()],
        directives,
        assumeValid,
      });
    return { typeMap: this.typeMap, make };
  }

  private getType(typeRef: IntrospectionTypeRef): GraphQLType {
    if (typeRef.kind === 'LIST') {
      if (!typeRef.ofType) {
        throw new Error('Decorated type deeper than introspection query.');
      }
      return new GraphQLList(this.getType(typeRef.ofType));
    }
    if (typeRef.kind === 'NON_NULL') {
      if (!typeRef.ofType) {
        throw new Error('Decorated type deeper than introspection query.');
      }
      return new GraphQLNonNull(assertNullableType(this.getType(typeRef.ofType)));
    }
    return this.getNamedType(typeRef);
  }

  private getNamedType(typeRef: IntrospectionTypeRef): GraphQLNamedType {
    const name = (typeRef as { name?: string }).name;
    const type = name ? this.typeMap.get(name) : undefined;
    if (!type) {
      throw new Error(`unknown type ${String(name)}`);
    }
    return type;
  }

  private getObjectType(typeRef: IntrospectionTypeRef): GraphQLObjectType {
    return assertObjectType(this.getNamedType(typeRef));
  }

  private getInterfaceType(typeRef: IntrospectionTypeRef): GraphQLInterfaceType {
    return assertInterfaceType(this.getNamedType(typeRef));
  }

  private buildType(type: IntrospectionType): GraphQLNamedType {
    if (type == null || type.name == null || type.kind == null) {
      throw new Error('malformed type');
    }
    switch (type.kind) {
      case 'SCALAR':
        return new GraphQLScalarType({ name: type.name, description: type.description, specifiedByURL: type.specifiedByURL });
      case 'OBJECT':
        return new GraphQLObjectType({
          name: type.name,
          description: type.description,
          interfaces: () => this.buildImplementationsList(type),
          fields: () => this.buildFieldDefMap(type),
        });
      case 'INTERFACE':
        return new GraphQLInterfaceType({
          name: type.name,
          description: type.description,
          interfaces: () => this.buildImplementationsList(type),
          fields: () => this.buildFieldDefMap(type),
        });
      case 'UNION': {
        if (!type.possibleTypes) {
          throw new Error('missing possibleTypes');
        }
        const possibleTypes = type.possibleTypes;
        return new GraphQLUnionType({ name: type.name, description: type.description, types: () => possibleTypes.map((x) => this.getObjectType(x)) });
      }
      case 'ENUM': {
        if (!type.enumValues) {
          throw new Error('missing enumValues');
        }
        const values: Record<string, { description?: string | null; deprecationReason?: string | null }> = Object.create(null);
        for (const value of type.enumValues) {
          values[value.name] = { description: value.description, deprecationReason: value.deprecationReason };
        }
        return new GraphQLEnumType({ name: type.name, description: type.description, values });
      }
      case 'INPUT_OBJECT': {
        if (!type.inputFields) {
          throw new Error('missing inputFields');
        }
        const inputFields = type.inputFields;
        return new GraphQLInputObjectType({
          name: type.name,
          description: type.description,
          fields: () => this.buildInputValueDefMap(inputFields),
          isOneOf: (type as { isOneOf?: boolean }).isOneOf,
        });
      }
    }
    throw new Error('unknown kind');
  }

  private buildImplementationsList(implementing: { kind: string; interfaces?: readonly IntrospectionTypeRef[] | null }): GraphQLInterfaceType[] {
    if (implementing.interfaces === null && implementing.kind === 'INTERFACE') {
      return [];
    }
    if (!implementing.interfaces) {
      throw new Error('missing interfaces');
    }
    return implementing.interfaces.map((x) => this.getInterfaceType(x));
  }

  private buildFieldDefMap(type: { fields?: readonly IntrospectionField[] | null }): Record<string, GraphQLFieldConfig<unknown, unknown>> {
    if (!type.fields) {
      throw new Error('missing fields');
    }
    const map: Record<string, GraphQLFieldConfig<unknown, unknown>> = Object.create(null);
    for (const field of type.fields) {
      const fieldType = this.getType(field.type);
      if (!isOutputType(fieldType)) {
        throw new Error('field of input type');
      }
      if (!field.args) {
        throw new Error('missing args');
      }
      map[field.name] = { description: field.description, deprecationReason: field.deprecationReason, type: fieldType, args: this.buildInputValueDefMap(field.args) };
    }
    return map;
  }

  private buildInputValueDefMap(values: readonly IntrospectionInputValue[]): Record<string, GraphQLInputFieldConfig> {
    const map: Record<string, GraphQLInputFieldConfig> = Object.create(null);
    for (const value of values) {
      const type = this.getType(value.type);
      if (!isInputType(type)) {
        throw new Error('argument of output type');
      }
      const defaultValue = value.defaultValue != null ? valueFromAST(parseValue(value.defaultValue), type) : undefined;
      map[value.name] = { description: value.description, type, defaultValue, deprecationReason: (value as { deprecationReason?: string | null }).deprecationReason };
    }
    return map;
  }

  private buildDirective(directive: IntrospectionDirective): GraphQLDirective {
    if (!directive.args) {
      throw new Error('missing directive args');
    }
    if (!directive.locations) {
      throw new Error('missing directive locations');
    }
    return new GraphQLDirective({
      name: directive.name,
      description: directive.description,
      isRepeatable: directive.isRepeatable,
      deprecationReason: (directive as { deprecationReason?: string | null }).deprecationReason,
      locations: directive.locations.slice() as DirectiveLocation[],
      args: this.buildInputValueDefMap(directive.args),
    });
  }
}
