import { buildSchema, GraphQLError, GraphQLObjectType, GraphQLScalarType, Kind, type GraphQLFieldResolver, type GraphQLSchema, type ValueNode } from 'graphql';
import type { DataStore, Viewer } from './data';
import { SANDBOX_SDL } from './schema';
import type { FileFieldRecord, FileRecord, GroupConfig, ScopeRules, TaskPriorityValue, TaskRecord, UserConfig } from './tenant';
import { Visibility } from './visibility';
import { guardEveryField, resolveType } from './fieldGuard';

/** What every resolver receives as context. */
// A type alias (not an interface) so it satisfies graphql-http's Record-based OperationContext.
export type GraphqlContext = {
  viewer: Viewer;
  /** The tenant's data as this viewer may see it: the only way resolvers reach the data. */
  visible: Visibility;
  scopeRules: ScopeRules;
  team: { id: string; name: string };
  /** Current time in ms (from the Sandbox clock). */
  now: () => number;
};

/** The context of one GraphQL request of `viewer`. */
export function createGraphqlContext(store: DataStore, viewer: Viewer, tenant: { scopeRules: ScopeRules; team: { id: string; name: string } }, now: () => number): GraphqlContext {
  return { viewer, visible: new Visibility(store, viewer), scopeRules: tenant.scopeRules, team: tenant.team, now };
}

type Resolver = GraphQLFieldResolver<unknown, GraphqlContext, Record<string, unknown>>;

const MAX_PAGE = 100;

function userError(message: string, code = 'BAD_USER_INPUT'): GraphQLError {
  return new GraphQLError(message, { extensions: { code } });
}

function pageSize(first: unknown): number {
  const n = typeof first === 'number' ? first : 20;
  if (n < 0 || n > MAX_PAGE) {
    throw userError(`"first" must be between 0 and ${MAX_PAGE}; got ${n}.`);
  }
  return n;
}

/** Cursors are opaque to clients; they encode the ID of the item. */
function cursorOf(id: string): string {
  return Buffer.from(`cursor:${id}`, 'utf8').toString('base64url');
}

function paginate<T extends { id: string }>(items: T[], first: unknown, after: unknown) {
  const size = pageSize(first);
  let start = 0;
  if (typeof after === 'string') {
    const decoded = Buffer.from(after, 'base64url').toString('utf8');
    const index = decoded.startsWith('cursor:') ? items.findIndex((i) => i.id === decoded.slice(7)) : -1;
    if (index < 0) {
      throw userError('The "after" cursor is not valid for this list; start again without it.');
    }
    start = index + 1;
  }
  const page = items.slice(start, start + size);
  return {
    edges: page.map((node) => ({ cursor: cursorOf(node.id), node })),
    pageInfo: {
      hasNextPage: start + size < items.length,
      hasPreviousPage: start > 0,
      startCursor: page.length > 0 ? cursorOf(page[0].id) : null,
      endCursor: page.length > 0 ? cursorOf(page[page.length - 1].id) : null,
    },
    totalCount: items.length,
  };
}

/** Whether the token's scopes allow reading objects of this type (for node and search). */
function canReadType(ctx: GraphqlContext, typeName: string): boolean {
  const needed = ctx.scopeRules.types[typeName];
  return needed === undefined || ctx.viewer.scopes.has(needed);
}

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

function visibleTaskOrThrow(ctx: GraphqlContext, id: unknown): TaskRecord {
  const task = ctx.visible.task(String(id));
  if (!task) {
    throw userError(`No task with ID "${String(id)}" is visible to this token.`, 'NOT_FOUND');
  }
  return task;
}

function resolverMap(): Record<string, Record<string, Resolver>> {
  return {
    Query: {
      me: (_s, _a, ctx) => (ctx.viewer.kind === 'user' ? ctx.viewer.user : null),
      viewer: (_s, _a, ctx) => ({
        kind: ctx.viewer.kind === 'user' ? 'USER' : 'TEAM',
        userId: ctx.viewer.kind === 'user' ? ctx.viewer.user.id : null,
        team: ctx.team,
        scopes: [...ctx.viewer.scopes],
        groupIds: ctx.viewer.kind === 'user' ? ctx.viewer.user.groups : [],
      }),
      tasks: (_s, args, ctx) => {
        const filter = (args.filter ?? {}) as Record<string, unknown>;
        // A filter naming a user or group the token cannot see matches nothing, as for an unknown ID.
        const assignee = filter.assigneeId == null ? undefined : ctx.visible.user(String(filter.assigneeId));
        const group = filter.groupId == null ? undefined : ctx.visible.group(String(filter.groupId));
        const items = ctx.visible
          .tasks()
          .filter(
            (t) =>
              (filter.priority == null || t.priority === filter.priority) &&
              (filter.status == null || t.status === filter.status) &&
              (filter.assigneeId == null || (assignee !== undefined && t.assigneeIds.includes(assignee.id))) &&
              (filter.groupId == null || (group !== undefined && t.groupId === group.id)) &&
              (filter.dueBefore == null || (t.dueDate !== undefined && t.dueDate < String(filter.dueBefore))),
          );
        return paginate(items, args.first, args.after);
      },
      task: (_s, args, ctx) => ctx.visible.task(String(args.id)) ?? null,
      files: (_s, args, ctx) => paginate(ctx.visible.files(), args.first, args.after),
      file: (_s, args, ctx) => ctx.visible.file(String(args.id)) ?? null,
      users: (_s, _a, ctx) => ctx.visible.users(),
      user: (_s, args, ctx) => ctx.visible.user(String(args.id)) ?? null,
      groups: (_s, _a, ctx) => ctx.visible.groups(),
      node: (_s, args, ctx) => {
        const id = String(args.id);
        const candidates: Array<[string, object | undefined]> = [
          ['Task', ctx.visible.task(id)],
          ['File', ctx.visible.file(id)],
          ['User', ctx.visible.user(id)],
          ['Group', ctx.visible.group(id)],
        ];
        const found = candidates.find(([type, value]) => value !== undefined && canReadType(ctx, type));
        return found ? found[1] : null;
      },
      search: (_s, args, ctx) => {
        const text = String(args.text).toLowerCase();
        const limit = pageSize(args.first);
        const matches = (name: string) => name.toLowerCase().includes(text);
        const results: object[] = [
          ...(canReadType(ctx, 'Task') ? ctx.visible.tasks().filter((t) => matches(t.name)) : []),
          ...(canReadType(ctx, 'File') ? ctx.visible.files().filter((f) => matches(f.name)) : []),
          ...(canReadType(ctx, 'User') ? ctx.visible.users().filter((u) => matches(u.name)) : []),
        ];
        return results.slice(0, limit);
      },
    },
    Mutation: {
      createTask: (_s, args, ctx) => {
        const input = args.input as Record<string, unknown>;
        const name = String(input.name).trim();
        if (name.length < 1 || name.length > 200) {
          throw userError('A task name must have 1 to 200 characters.');
        }
        const assigneeIds = (input.assigneeIds as string[] | null | undefined) ?? [];
        for (const id of assigneeIds) {
          if (!ctx.visible.user(id)) {
            throw userError(`No user with ID "${id}" is visible to this token.`);
          }
        }
        const groupId = input.groupId == null ? undefined : String(input.groupId);
        if (groupId !== undefined && !ctx.visible.group(groupId)) {
          throw userError(`No group with ID "${groupId}" is visible to this token.`);
        }
        const task = ctx.visible.addTask(
          {
            name,
            ...(input.description == null ? {} : { description: String(input.description) }),
            priority: (input.priority ?? 'MEDIUM') as TaskPriorityValue,
            status: 'TODO',
            ...(input.dueDate == null ? {} : { dueDate: String(input.dueDate) }),
            ...(ctx.viewer.kind === 'user' ? { ownerId: ctx.viewer.user.id } : {}),
            ...(groupId === undefined ? {} : { groupId }),
            assigneeIds: [...new Set(assigneeIds)],
            attachmentIds: [],
          },
          new Date(ctx.now()).toISOString(),
        );
        return { task };
      },
      updateTaskPriority: (_s, args, ctx) => {
        const task = visibleTaskOrThrow(ctx, args.id);
        task.priority = args.priority as TaskPriorityValue;
        return task;
      },
      completeTask: (_s, args, ctx) => {
        const task = visibleTaskOrThrow(ctx, args.id);
        task.status = 'DONE';
        return task;
      },
      assignTask: (_s, args, ctx) => {
        const task = visibleTaskOrThrow(ctx, args.taskId);
        const userId = String(args.userId);
        if (!ctx.visible.user(userId)) {
          throw userError(`No user with ID "${userId}" is visible to this token.`);
        }
        if (!task.assigneeIds.includes(userId)) {
          task.assigneeIds.push(userId);
        }
        return task;
      },
    },
    Task: {
      done: (t) => (t as TaskRecord).status === 'DONE',
      owner: (t, _a, ctx) => ctx.visible.user((t as TaskRecord).ownerId) ?? null,
      group: (t, _a, ctx) => ctx.visible.group((t as TaskRecord).groupId) ?? null,
      assignees: (t, _a, ctx) => (t as TaskRecord).assigneeIds.map((id) => ctx.visible.user(id)).filter((u) => u !== undefined),
      attachments: (t, _a, ctx) => (t as TaskRecord).attachmentIds.map((id) => ctx.visible.file(id)).filter((f) => f !== undefined),
    },
    File: {
      size: (f) => (f as FileRecord).sizeBytes,
      // Non-null: the visibility model shows a file only when its owner is visible too.
      owner: (f, _a, ctx) => ctx.visible.user((f as FileRecord).ownerId) ?? null,
      group: (f, _a, ctx) => ctx.visible.group((f as FileRecord).groupId) ?? null,
    },
    FileField: {
      // A USER field holds a user's ID: a reference like File.owner, so it follows the same rules.
      value: (f, _a, ctx) => {
        const field = f as FileFieldRecord;
        if (field.value === undefined) {
          return null;
        }
        return field.type === 'USER' && ctx.visible.user(field.value) === undefined ? null : field.value;
      },
    },
    User: {
      email: (u) => (u as UserConfig).email ?? null,
      groups: (u, _a, ctx) => (u as UserConfig).groups.map((id) => ctx.visible.group(id)).filter((g) => g !== undefined),
      assignedTasks: (u, _a, ctx) => ctx.visible.tasks().filter((t) => t.assigneeIds.includes((u as UserConfig).id)),
    },
    Group: {
      description: (g) => (g as GroupConfig).description ?? null,
      members: (g, _a, ctx) => ctx.visible.users().filter((u) => u.groups.includes((g as GroupConfig).id)),
    },
  };
}

/**
 * Builds the executable Sandbox schema: {@link SANDBOX_SDL} with resolvers, scalar parsing and the
 * visibility guard on every field.
 */
export function createSandboxSchema(): GraphQLSchema {
  const schema = buildSchema(SANDBOX_SDL);
  for (const [typeName, fields] of Object.entries(resolverMap())) {
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
