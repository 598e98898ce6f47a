/**
 * A view of a schema for GraphQL Code Generator's visitor constructors, which scan the whole type
 * map for its scalars and enums every time one is made (`buildScalars`, `parseEnumValues`, the
 * enum names of `typescript-operations`): twice or more per generated file, about 1 ms per file on
 * GitHub's 1,628 types. In the view, the type map's own keys are only the scalars and enums, in
 * the type map's order, so those scans find what they find in the whole map; every other type is
 * still there by name (the whole map is the view's map's prototype), and everything else is the
 * schema's own (the view's prototype is the schema). Only key enumeration differs, and in the
 * code given the view only those scans enumerate the type map (their constructors, and
 * `typed-document-node`'s visitor, which uses its schema for nothing else). Tests compare the
 * output with the codegen CLI's.
 */
import { isEnumType, isScalarType, type GraphQLNamedType, type GraphQLSchema } from 'graphql';

const views = new WeakMap<GraphQLSchema, GraphQLSchema>();

/** The schema's view whose type map enumerates only its scalars and enums (one per schema). */
export function scalarsAndEnumsView(schema: GraphQLSchema): GraphQLSchema {
  let view = views.get(schema);
  if (!view) {
    const all = schema.getTypeMap();
    const lean = Object.create(all) as Record<string, GraphQLNamedType>;
    for (const name of Object.keys(all)) {
      const type = all[name];
      if (isScalarType(type) || isEnumType(type)) {
        lean[name] = type;
      }
    }
    view = Object.create(schema) as GraphQLSchema;
    view.getTypeMap = () => lean;
    views.set(schema, view);
  }
  return view;
}

const stands = new WeakMap<GraphQLSchema, GraphQLSchema>();

/**
 * Runs `make` (a visitor's constructor, which is synchronous) with the schema's view standing in
 * for the schema's type map, and gives it a schema that is the schema in all but identity
 * afterwards: `make` is given an object (one per schema, so caches keyed by schema still hit)
 * whose `getTypeMap` is the view's until `make` returns, and the schema's from then on.
 */
export function constructWithView<T>(schema: GraphQLSchema, make: (schema: GraphQLSchema) => T): T {
  let stand = stands.get(schema);
  if (!stand) {
    stand = Object.create(schema) as GraphQLSchema;
    stands.set(schema, stand);
  }
  const lean = scalarsAndEnumsView(schema).getTypeMap();
  stand.getTypeMap = () => lean;
  try {
    return make(stand);
  } finally {
    delete (stand as { getTypeMap?: unknown }).getTypeMap;
  }
}
