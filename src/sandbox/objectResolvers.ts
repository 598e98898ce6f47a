/** Resolvers of the tenant's object types (Task, File, FileField, User, Group), where a field is not read as is. */
import type { Resolver } from './graphqlContext';
import type { FileFieldRecord, FileRecord, GroupConfig, TaskRecord, UserConfig } from './tenant';

/** Resolvers of the object types' fields, by type and field name. */
export function objectResolvers(): Record<string, Record<string, Resolver>> {
  return {
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
