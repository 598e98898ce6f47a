/**
 * Codegen's `buildScalars` remembered per schema, for the types worker's bundle: scripts/build.mjs
 * gives GraphQL Code Generator's `visitor-plugin-common` its `buildScalars` wrapped in this. Every
 * visitor codegen makes (two per generated file, and the preset's fragment resolver) builds the
 * scalars' TypeScript types again from the schema: it goes through the whole type map for its
 * scalars and parses a mapper for each, about 0.1 ms a call on GitHub's schema, 7% of a first
 * generation's time on the worker's thread for 250 files. The result depends on the schema's
 * scalars and the arguments alone. With no `scalars` mapping in the config (the extension never
 * sets one) it is remembered per schema object and default mapping and type; each call gets its
 * own copy (the visitors keep it in their config). A call with a mapping is passed on as it is.
 */
import type { GraphQLSchema } from 'graphql';

/** What `buildScalars` returns: per scalar, its input and output mappers (plain data). */
type Scalars = Record<string, { readonly input: object; readonly output: object }>;
type BuildScalars = (schema: GraphQLSchema | undefined, scalarsMapping?: unknown, defaultScalarsMapping?: unknown, defaultScalarType?: string | null) => Scalars;

/** How many default mappings are kept per schema (codegen passes one of two constants). */
const KEPT_MAPPINGS = 8;

/** `build`, remembering its result per schema, default mapping and default type when there is no mapping. */
export function memoizedScalars(build: BuildScalars): BuildScalars {
  const known = new WeakMap<object, Map<unknown, Map<string | null | undefined, Scalars>>>();
  return (schema, scalarsMapping, ...rest) => {
    if (!schema || scalarsMapping !== undefined || rest.length > 2) {
      return build(schema, scalarsMapping, ...rest);
    }
    // As the defaults of the function's parameters are taken: undefined is the default.
    const [defaultScalarsMapping, defaultScalarType] = rest;
    let bySchema = known.get(schema);
    if (!bySchema) {
      bySchema = new Map();
      known.set(schema, bySchema);
    }
    let byMapping = bySchema.get(defaultScalarsMapping);
    if (!byMapping) {
      if (bySchema.size >= KEPT_MAPPINGS) {
        return build(schema, scalarsMapping, ...rest); // new default mappings every call: not worth keeping
      }
      byMapping = new Map();
      bySchema.set(defaultScalarsMapping, byMapping);
    }
    let scalars = byMapping.get(defaultScalarType);
    if (!scalars) {
      scalars = build(schema, scalarsMapping, ...rest);
      byMapping.set(defaultScalarType, scalars);
    }
    return copy(scalars);
  };
}

/** A copy of the scalars, each mapper an object of its own (same keys, same order). */
function copy(scalars: Scalars): Scalars {
  const out: Scalars = {};
  for (const name of Object.keys(scalars)) {
    const { input, output } = scalars[name];
    out[name] = { input: { ...input }, output: { ...output } };
  }
  return out;
}
