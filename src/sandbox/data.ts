import type { FileRecord, GroupConfig, TaskRecord, TenantConfig, UserConfig } from './tenant';

/** The principal behind a verified access token. */
export type Viewer =
  | { kind: 'user'; user: UserConfig; clientId: string; scopes: ReadonlySet<string>; teamId: string }
  | { kind: 'team'; clientId: string; scopes: ReadonlySet<string>; teamId: string };

/**
 * The tenant's tasks, files, users and groups, with the visibility rules of the spec: a user-bound
 * token sees the user's own data and the data of the user's groups; a team token sees all of it.
 */
export class DataStore {
  private readonly tasks: TaskRecord[];
  private readonly files: FileRecord[];
  private readonly groups: GroupConfig[];
  private nextTaskNumber: number;

  constructor(private readonly tenant: TenantConfig) {
    this.tasks = structuredClone(tenant.data?.tasks ?? []);
    this.files = structuredClone(tenant.data?.files ?? []);
    const groups = new Map<string, GroupConfig>();
    for (const g of tenant.groups ?? []) {
      groups.set(g.id, { ...g });
    }
    for (const u of tenant.users) {
      for (const id of u.groups) {
        if (!groups.has(id)) {
          groups.set(id, { id, name: id });
        }
      }
    }
    this.groups = [...groups.values()];
    this.nextTaskNumber = this.tasks.length + 1;
  }

  /** Looks a user up by ID regardless of visibility. */
  userById(id: string): UserConfig | undefined {
    return this.tenant.users.find((u) => u.id === id);
  }

  /** Looks a group up by ID regardless of visibility. */
  groupById(id: string): GroupConfig | undefined {
    return this.groups.find((g) => g.id === id);
  }

  /** Members of a group. */
  membersOf(groupId: string): UserConfig[] {
    return this.tenant.users.filter((u) => u.groups.includes(groupId));
  }

  /** Tasks the viewer may see, in creation order. */
  visibleTasks(viewer: Viewer): TaskRecord[] {
    return this.tasks.filter((t) => this.canSeeTask(viewer, t));
  }

  /** Files the viewer may see. */
  visibleFiles(viewer: Viewer): FileRecord[] {
    return this.files.filter((f) => this.canSeeFile(viewer, f));
  }

  /** Users the viewer may see: self and fellow group members, or everyone for the team. */
  visibleUsers(viewer: Viewer): UserConfig[] {
    if (viewer.kind === 'team') {
      return [...this.tenant.users];
    }
    const mine = new Set(viewer.user.groups);
    return this.tenant.users.filter((u) => u.id === viewer.user.id || u.groups.some((g) => mine.has(g)));
  }

  /** Groups the viewer may see: own groups, or all for the team. */
  visibleGroups(viewer: Viewer): GroupConfig[] {
    if (viewer.kind === 'team') {
      return [...this.groups];
    }
    return this.groups.filter((g) => viewer.user.groups.includes(g.id));
  }

  /** A visible task by ID. */
  task(viewer: Viewer, id: string): TaskRecord | undefined {
    return this.visibleTasks(viewer).find((t) => t.id === id);
  }

  /** A visible file by ID. */
  file(viewer: Viewer, id: string): FileRecord | undefined {
    return this.visibleFiles(viewer).find((f) => f.id === id);
  }

  /** A visible user by ID. */
  user(viewer: Viewer, id: string): UserConfig | undefined {
    return this.visibleUsers(viewer).find((u) => u.id === id);
  }

  /** A visible group by ID. */
  group(viewer: Viewer, id: string): GroupConfig | undefined {
    return this.visibleGroups(viewer).find((g) => g.id === id);
  }

  /** Adds a task and returns it. */
  addTask(fields: Omit<TaskRecord, 'id' | 'createdAt'>, createdAt: string): TaskRecord {
    let id = `task-${this.nextTaskNumber++}`;
    while (this.tasks.some((t) => t.id === id)) {
      id = `task-${this.nextTaskNumber++}`;
    }
    const task: TaskRecord = { ...fields, id, createdAt };
    this.tasks.push(task);
    return task;
  }

  private canSeeTask(viewer: Viewer, t: TaskRecord): boolean {
    if (viewer.kind === 'team') {
      return true;
    }
    const u = viewer.user;
    return t.ownerId === u.id || t.assigneeIds.includes(u.id) || (t.groupId !== undefined && u.groups.includes(t.groupId));
  }

  private canSeeFile(viewer: Viewer, f: FileRecord): boolean {
    if (viewer.kind === 'team') {
      return true;
    }
    const u = viewer.user;
    return f.ownerId === u.id || (f.groupId !== undefined && u.groups.includes(f.groupId));
  }
}
