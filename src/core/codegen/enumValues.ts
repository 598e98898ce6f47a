/**
 * Codegen's `parseEnumValues` without its scan when the scan can find nothing, for the types
 * worker's bundle: scripts/build.mjs gives GraphQL Code Generator's `visitor-plugin-common` its
 * `parseEnumValues` wrapped in this. Every operations visitor (one per generated file) goes
 * through every value of every enum of the schema for values that differ from their names, to map
 * them; with no `enumValues` in the config (the extension never sets one) that is all it does,
 * and a schema built from an introspection or from SDL has no such value (each value is its name):
 * the result is empty. About 3% of a first generation's time on the worker's thread on GitHub's
 * schema (its 500 enums, 250 times). Whether a schema has a value that differs from its name is
 * found once per schema object; with one, or with `enumValues` set, the function runs as it is.
 */
import { isEnumType, type GraphQLSchema } from 'graphql';

/** The options `parseEnumValues` takes (those read here). */
interface EnumValuesOptions {
  readonly schema?: GraphQLSchema;
  readonly mapOrStr?: unknown;
  readonly ignoreEnumValuesFromSchema?: boolean;
}
type ParseEnumValues = (options: EnumValuesOptions) => Record<string, unknown>;

const renamed = new WeakMap<object, boolean>();

/** Whether an enum of the schema has a value that is not its name (found once per schema object). */
function hasRenamedValues(schema: GraphQLSchema): boolean {
  let found = renamed.get(schema);
  if (found === undefined) {
    const types = schema.getTypeMap();
    found = Object.keys(types).some((name) => {
      const type = types[name];
      return isEnumType(type) && type.getValues().some((value) => value.value !== value.name);
    });
    renamed.set(schema, found);
  }
  return found;
}

/** `parse`, answering an empty mapping without its scan when there is nothing to map. */
export function withoutEmptyScan(parse: ParseEnumValues): ParseEnumValues {
  return (options) => {
    const { schema, mapOrStr, ignoreEnumValuesFromSchema } = options;
    if (schema && mapOrStr === undefined && (ignoreEnumValuesFromSchema || !hasRenamedValues(schema))) {
      return {};
    }
    return parse(options);
  };
}
