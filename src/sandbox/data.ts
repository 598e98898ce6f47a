import type { FileRecord, GroupConfig, TaskRecord, TenantConfig, UserConfig } from './tenant';

/** The principal behind a verified access token. */
export type Viewer =
  | { kind: 'user'; user: UserConfig; clientId: string; scopes: ReadonlySet<string>; teamId: string }
  | { kind: 'team'; clientId: string; scopes: ReadonlySet<string>; teamId: string };

/**
 * The tenant's tasks, files, users and groups, as stored: no visibility rules here. What a token
 * may see is decided by {@link Visibility} in `visibility.ts`, the only reader of these lists on
 * behalf of a GraphQL request.
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

  /** Every user, in configuration order. */
  allUsers(): readonly UserConfig[] {
    return this.tenant.users;
  }

  /** Every group: the configured ones, then those only named by users. */
  allGroups(): readonly GroupConfig[] {
    return this.groups;
  }

  /** Every task, in creation order. */
  allTasks(): readonly TaskRecord[] {
    return this.tasks;
  }

  /** Every file, in configuration order. */
  allFiles(): readonly FileRecord[] {
    return this.files;
  }

  /** Looks a user up by ID regardless of visibility (token checks, not GraphQL answers). */
  userById(id: string): UserConfig | undefined {
    return this.tenant.users.find((u) => u.id === id);
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
}
