/** Resolvers of the root types: the Query fields and the Mutation fields. */
import { userError, type GraphqlContext, type Resolver } from './graphqlContext';
import { pageSize, paginate } from './pagination';
import type { TaskPriorityValue, TaskRecord } from './tenant';

/** Whether the token's scopes allow reading objects of this type (for node and search). */
function canReadType(ctx: GraphqlContext, typeName: string): boolean {
  const needed = ctx.scopeRules.types[typeName];
  return needed === undefined || ctx.viewer.scopes.has(needed);
}

function visibleTaskOrThrow(ctx: GraphqlContext, id: unknown): TaskRecord {
  const task = ctx.visible.task(String(id));
  if (!task) {
    throw userError(`No task with ID "${String(id)}" is visible to this token.`, 'NOT_FOUND');
  }
  return task;
}

/** Resolvers of the Query and Mutation fields, by type and field name. */
export function rootResolvers(): Record<string, Record<string, Resolver>> {
  return { Query: queryResolvers(), Mutation: mutationResolvers() };
}

function queryResolvers(): Record<string, Resolver> {
  return {
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
  };
}

function mutationResolvers(): Record<string, Resolver> {
  return {
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
  };
}
