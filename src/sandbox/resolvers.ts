/**
 * The executable Sandbox schema: the SDL with the resolvers of its root and object types, the
 * `Date` scalar's parsing, the concrete types of abstract results and the visibility guard.
 */
import { buildSchema, GraphQLError, GraphQLObjectType, GraphQLScalarType, Kind, type GraphQLSchema, type ValueNode } from 'graphql';
import type { Resolver } from './graphqlContext';
import { objectResolvers } from './objectResolvers';
import { guardEveryField, resolveType } from './resultGuard';
import { rootResolvers } from './rootResolvers';
import { sandboxSdl, versionResolvers, type SandboxSchemaVersion } from './schemaVersions';

export { createGraphqlContext, type GraphqlContext } from './graphqlContext';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

function parseDate(value: unknown): string {
  if (typeof value !== 'string' || !DATE_RE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)) || new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value) {
    throw new GraphQLError(`Date must be a calendar date in the form YYYY-MM-DD; got ${JSON.stringify(value)}.`);
  }
  return value;
}

function parseDateLiteral(ast: ValueNode): string {
  if (ast.kind !== Kind.STRING) {
    throw new GraphQLError('Date must be a string in the form YYYY-MM-DD.', { nodes: ast });
  }
  return parseDate(ast.value);
}

function resolverMap(version: SandboxSchemaVersion): Record<string, Record<string, Resolver>> {
  const map: Record<string, Record<string, Resolver>> = { ...rootResolvers(), ...objectResolvers() };
  for (const [typeName, fields] of Object.entries(versionResolvers(version))) {
    map[typeName] = { ...map[typeName], ...fields };
  }
  return map;
}

/**
 * Builds the executable Sandbox schema: the SANDBOX_SDL of schema.ts (or a later version of it, see schemaVersions.ts) with
 * resolvers, scalar parsing and the visibility guard on every field.
 */
export function createSandboxSchema(version: SandboxSchemaVersion = 1): GraphQLSchema {
  const schema = buildSchema(sandboxSdl(version));
  for (const [typeName, fields] of Object.entries(resolverMap(version))) {
    const type = schema.getType(typeName);
    if (!(type instanceof GraphQLObjectType)) {
      throw new Error(`Sandbox schema has no object type ${typeName}`);
    }
    const defs = type.getFields();
    for (const [fieldName, resolve] of Object.entries(fields)) {
      const def = defs[fieldName];
      if (def === undefined) {
        throw new Error(`Sandbox schema has no field ${typeName}.${fieldName}`);
      }
      def.resolve = resolve;
    }
  }
  const date = schema.getType('Date') as GraphQLScalarType;
  date.parseValue = parseDate;
  date.parseLiteral = parseDateLiteral;
  for (const abstractName of ['Node', 'SearchResult']) {
    const t = schema.getType(abstractName) as { resolveType?: unknown };
    t.resolveType = resolveType;
  }
  guardEveryField(schema);
  return schema;
}
