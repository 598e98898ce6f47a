/**
 * The visibility guard on every field result, and the concrete type of a value returned for an
 * abstract type (`Node`, `SearchResult`).
 */
import {
  defaultFieldResolver,
  getNamedType,
  GraphQLError,
  GraphQLObjectType,
  isAbstractType,
  isListType,
  isNonNullType,
  type GraphQLFieldResolver,
  type GraphQLNamedOutputType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import type { GraphqlContext } from './graphqlContext';
import type { FileRecord, TaskRecord, UserConfig } from './tenant';
import { isEntityType, type EntityType } from './visibility';

function isTask(v: object): v is TaskRecord {
  return 'priority' in v && 'assigneeIds' in v;
}
function isFile(v: object): v is FileRecord {
  return 'mimeType' in v;
}
function isUser(v: object): v is UserConfig {
  return 'groups' in v && Array.isArray((v as UserConfig).groups) && !('mimeType' in v);
}

/** The concrete type of a value returned for `Node` or `SearchResult`. */
export function resolveType(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) {
    return undefined;
  }
  if (isTask(value)) {
    return 'Task';
  }
  if (isFile(value)) {
    return 'File';
  }
  if (isUser(value)) {
    return 'User';
  }
  return 'Group';
}

/** The entity type of a value returned for a field whose named type is `namedType`, if any. */
function entityTypeOf(value: unknown, namedType: GraphQLNamedOutputType): EntityType | undefined {
  const name = isAbstractType(namedType) ? resolveType(value) : namedType.name;
  return name !== undefined && isEntityType(name) ? name : undefined;
}

/**
 * The one gate every field result passes: objects of the tenant the viewer may not see are
 * removed from lists and read as null; a non-null field that would have to return one fails
 * (an internal error the visibility model rules out, never a leak).
 */
function guardResult(value: unknown, type: GraphQLOutputType, ctx: GraphqlContext, coordinate: string): unknown {
  const named = getNamedType(type);
  const nullable = isNonNullType(type) ? type.ofType : type;
  const allowed = (v: unknown): boolean => {
    const entity = entityTypeOf(v, named);
    return entity === undefined || ctx.visible.canSee(entity, v);
  };
  if (isListType(nullable)) {
    return Array.isArray(value) ? value.filter((v) => v === null || v === undefined || allowed(v)) : value;
  }
  if (value === null || value === undefined || allowed(value)) {
    return value;
  }
  if (isNonNullType(type)) {
    throw new GraphQLError(`${coordinate} has no value this token may see.`, { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
  }
  return null;
}

/** Wraps every field that can return tenant objects (including default resolvers) in {@link guardResult}. */
export function guardEveryField(schema: GraphQLSchema): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!(type instanceof GraphQLObjectType) || type.name.startsWith('__')) {
      continue;
    }
    for (const field of Object.values(type.getFields())) {
      const named = getNamedType(field.type);
      if (!isAbstractType(named) && !isEntityType(named.name)) {
        continue;
      }
      const resolve = field.resolve ?? defaultFieldResolver;
      const coordinate = `${type.name}.${field.name}`;
      const guarded: GraphQLFieldResolver<unknown, GraphqlContext> = (source, args, ctx, info) => {
        const result: unknown = resolve(source, args, ctx, info);
        return result instanceof Promise ? result.then((r: unknown) => guardResult(r, field.type, ctx, coordinate)) : guardResult(result, field.type, ctx, coordinate);
      };
      field.resolve = guarded as GraphQLFieldResolver<unknown, unknown>;
    }
  }
}
