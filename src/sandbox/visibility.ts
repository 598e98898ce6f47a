import type { DataStore, Viewer } from './data';
import type { FileRecord, GroupConfig, TaskRecord, UserConfig } from './tenant';

/** The object types of the schema that hold the tenant's data and are subject to visibility. */
export const ENTITY_TYPES = ['Task', 'File', 'User', 'Group'] as const;
/** One of {@link ENTITY_TYPES}. */
export type EntityType = (typeof ENTITY_TYPES)[number];

/** IDs of what a token may see, by type. */
export type VisibleIds = Record<EntityType, ReadonlySet<string>>;

/**
 * The visibility model of the Sandbox (spec, Authentication rule 8: a user-bound token sees only
 * that user's data; a team token sees all of the team's data). For a user-bound token of user U:
 *
 * - **groups**: the groups U belongs to;
 * - **users**: U and every user who shares a group with U;
 * - **tasks**: those U owns or is assigned to, and those of U's groups;
 * - **files**: those U owns, and those shared with one of U's groups whose owner U can see
 *   (`File.owner` is non-null in the schema, so a file never reveals an owner U cannot see).
 *
 * A team token sees every object of the tenant. References from a visible object to an invisible
 * one are cut: a nullable reference reads as null (`Task.owner`, `Task.group`, `File.group`, the
 * value of a `FileField` of type USER) and
 * lists leave the object out (`Task.assignees`, `Task.attachments`, `User.groups`,
 * `User.assignedTasks`, `Group.members`). Arguments that name an invisible object behave exactly
 * as if they named no object at all.
 *
 * Every GraphQL resolver reads the tenant's data through one instance of this class per request,
 * and the schema-wide guard in `resolvers.ts` checks every object a field returns against
 * {@link Visibility.canSee}, so a resolver that forgot the rules still cannot leak.
 */
export class Visibility {
  private readonly groupIds: ReadonlySet<string>;

  constructor(
    private readonly store: DataStore,
    readonly viewer: Viewer,
  ) {
    this.groupIds = new Set(viewer.kind === 'user' ? viewer.user.groups : []);
  }

  /** Whether the token may see this user. */
  canSeeUser(u: UserConfig): boolean {
    if (this.viewer.kind === 'team') {
      return true;
    }
    return u.id === this.viewer.user.id || u.groups.some((g) => this.groupIds.has(g));
  }

  /** Whether the token may see this group. */
  canSeeGroup(g: GroupConfig): boolean {
    return this.viewer.kind === 'team' || this.groupIds.has(g.id);
  }

  /** Whether the token may see this task. */
  canSeeTask(t: TaskRecord): boolean {
    if (this.viewer.kind === 'team') {
      return true;
    }
    const me = this.viewer.user.id;
    return t.ownerId === me || t.assigneeIds.includes(me) || (t.groupId !== undefined && this.groupIds.has(t.groupId));
  }

  /** Whether the token may see this file. */
  canSeeFile(f: FileRecord): boolean {
    if (this.viewer.kind === 'team') {
      return true;
    }
    if (f.ownerId === this.viewer.user.id) {
      return true;
    }
    const owner = this.store.userById(f.ownerId);
    return f.groupId !== undefined && this.groupIds.has(f.groupId) && owner !== undefined && this.canSeeUser(owner);
  }

  /**
   * Whether `value`, returned for a field of type `type`, is an object of the tenant the token may
   * see. Only the store's own records pass: a made-up object with a known ID does not.
   */
  canSee(type: EntityType, value: unknown): boolean {
    if (typeof value !== 'object' || value === null || typeof (value as { id?: unknown }).id !== 'string') {
      return false;
    }
    const id = (value as { id: string }).id;
    switch (type) {
      case 'Task': {
        const t = this.store.allTasks().find((x) => x.id === id);
        return t === value && this.canSeeTask(t);
      }
      case 'File': {
        const f = this.store.allFiles().find((x) => x.id === id);
        return f === value && this.canSeeFile(f);
      }
      case 'User': {
        const u = this.store.userById(id);
        return u === value && this.canSeeUser(u);
      }
      case 'Group': {
        const g = this.store.allGroups().find((x) => x.id === id);
        return g === value && this.canSeeGroup(g);
      }
    }
  }

  /** Visible users, in configuration order. */
  users(): UserConfig[] {
    return this.store.allUsers().filter((u) => this.canSeeUser(u));
  }

  /** Visible groups. */
  groups(): GroupConfig[] {
    return this.store.allGroups().filter((g) => this.canSeeGroup(g));
  }

  /** Visible tasks, in creation order. */
  tasks(): TaskRecord[] {
    return this.store.allTasks().filter((t) => this.canSeeTask(t));
  }

  /** Visible files. */
  files(): FileRecord[] {
    return this.store.allFiles().filter((f) => this.canSeeFile(f));
  }

  /** A visible user by ID; undefined when it does not exist or is hidden. */
  user(id: string | undefined): UserConfig | undefined {
    const u = id === undefined ? undefined : this.store.userById(id);
    return u !== undefined && this.canSeeUser(u) ? u : undefined;
  }

  /** A visible group by ID; undefined when it does not exist or is hidden. */
  group(id: string | undefined): GroupConfig | undefined {
    const g = id === undefined ? undefined : this.store.allGroups().find((x) => x.id === id);
    return g !== undefined && this.canSeeGroup(g) ? g : undefined;
  }

  /** A visible task by ID; undefined when it does not exist or is hidden. */
  task(id: string | undefined): TaskRecord | undefined {
    const t = id === undefined ? undefined : this.store.allTasks().find((x) => x.id === id);
    return t !== undefined && this.canSeeTask(t) ? t : undefined;
  }

  /** A visible file by ID; undefined when it does not exist or is hidden. */
  file(id: string | undefined): FileRecord | undefined {
    const f = id === undefined ? undefined : this.store.allFiles().find((x) => x.id === id);
    return f !== undefined && this.canSeeFile(f) ? f : undefined;
  }

  /** IDs of everything the token may see, by type (for tests and diagnostics). */
  visibleIds(): VisibleIds {
    return {
      Task: new Set(this.tasks().map((t) => t.id)),
      File: new Set(this.files().map((f) => f.id)),
      User: new Set(this.users().map((u) => u.id)),
      Group: new Set(this.groups().map((g) => g.id)),
    };
  }

  /** Adds a task through the store (mutations); the caller has checked what it references. */
  addTask(fields: Omit<TaskRecord, 'id' | 'createdAt'>, createdAt: string): TaskRecord {
    return this.store.addTask(fields, createdAt);
  }
}

/** Whether a type name is one of {@link ENTITY_TYPES}. */
export function isEntityType(name: string): name is EntityType {
  return (ENTITY_TYPES as readonly string[]).includes(name);
}
