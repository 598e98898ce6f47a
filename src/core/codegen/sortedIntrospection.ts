/**
 * An introspection result sorted as graphql's `lexicographicSortSchema` sorts a schema: the codegen
 * CLI sorts every schema it loads (its `sort` option, on by default), and building the schema from
 * the sorted introspection gives that sorted schema in one build instead of two (a build, then the
 * sort's rebuild of every type: about 100 ms on GitHub's schema). Sorted like graphql sorts them,
 * by name with graphql's own `naturalCompare`: the types, each type's fields, their arguments, the
 * input fields, enum values, interfaces and union members, and the directives with their arguments
 * and locations. graphql's introspection types and specified scalars are graphql's own objects in
 * both schemas (buildClientSchema and the sort leave them as they are). Tests compare the two
 * schemas on the Sandbox and GitHub schemas.
 */
import type { IntrospectionQuery } from 'graphql';
import { naturalCompare } from 'graphql/jsutils/naturalCompare';

type Introspected = Record<string, unknown>;

function byName<T>(items: readonly T[] | null | undefined): T[] | null | undefined {
  return items ? [...items].sort((a, b) => naturalCompare((a as { name: string }).name, (b as { name: string }).name)) : items;
}

function sortedArgs(item: Introspected): Introspected {
  return Array.isArray(item.args) ? { ...item, args: byName(item.args as Introspected[]) } : item;
}

function sortedType(type: Introspected): Introspected {
  const out: Introspected = { ...type };
  if (Array.isArray(type.fields)) {
    out.fields = byName(type.fields as Introspected[])?.map(sortedArgs);
  }
  for (const key of ['inputFields', 'enumValues', 'interfaces', 'possibleTypes']) {
    if (Array.isArray(type[key])) {
      out[key] = byName(type[key] as Introspected[]);
    }
  }
  return out;
}

/** The introspection result with everything in it in `lexicographicSortSchema`'s order. */
export function sortedIntrospection(introspection: IntrospectionQuery): IntrospectionQuery {
  const schema = introspection.__schema as unknown as Introspected;
  const directives = schema.directives as Introspected[] | undefined;
  return {
    ...introspection,
    __schema: {
      ...schema,
      types: byName(schema.types as Introspected[])?.map(sortedType),
      ...(directives
        ? {
            directives: byName(directives)?.map((d) => ({
              ...sortedArgs(d),
              locations: Array.isArray(d.locations) ? [...(d.locations as string[])].sort(naturalCompare) : d.locations,
            })),
          }
        : {}),
    },
  } as unknown as IntrospectionQuery;
}
