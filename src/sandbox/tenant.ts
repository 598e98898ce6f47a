/** Grant types the Sandbox implements at the token endpoint. */
export const GRANT_TYPES = ['authorization_code', 'refresh_token', 'client_credentials'] as const;
/** One of {@link GRANT_TYPES}. */
export type GrantType = (typeof GRANT_TYPES)[number];

/** A registered application. */
export interface ClientConfig {
  clientId: string;
  /** Display name shown on the consent page. */
  name: string;
  type: 'public' | 'confidential';
  /** Confidential clients only. */
  clientSecret?: string;
  /** Exact, absolute redirect URIs (no wildcards). */
  redirectUris: string[];
  /** Scopes the application may request. */
  scopes: string[];
  grants: GrantType[];
}

/** A person who can sign in. */
export interface UserConfig {
  id: string;
  name: string;
  email?: string;
  /** IDs of the groups the user belongs to. */
  groups: string[];
}

/** A user group; groups named by users but not listed here get a generated record. */
export interface GroupConfig {
  id: string;
  name: string;
  description?: string;
}

/** A scope and the sentence shown for it on the consent page. */
export interface ScopeConfig {
  name: string;
  description: string;
}

/**
 * Which scope each part of the schema needs: `fields` by schema coordinate (`Query.tasks`,
 * `Mutation.createTask`), `types` by type name (any field returning or selected on that type).
 */
export interface ScopeRules {
  fields: Record<string, string>;
  types: Record<string, string>;
}

/** Priority values of a task, as in the schema. */
export type TaskPriorityValue = 'LOW' | 'MEDIUM' | 'HIGH' | 'URGENT';
/** Status values of a task, as in the schema. */
export type TaskStatusValue = 'TODO' | 'IN_PROGRESS' | 'DONE';

/** A task in the tenant's data. */
export interface TaskRecord {
  id: string;
  name: string;
  description?: string;
  priority: TaskPriorityValue;
  status: TaskStatusValue;
  /** ISO date (YYYY-MM-DD). */
  dueDate?: string;
  /** ISO date-time. */
  createdAt: string;
  ownerId?: string;
  groupId?: string;
  assigneeIds: string[];
  attachmentIds: string[];
}

/** A typed field (metadata entry) of a file. */
export interface FileFieldRecord {
  name: string;
  type: 'TEXT' | 'NUMBER' | 'DATE' | 'BOOLEAN' | 'USER';
  value?: string;
}

/** A file in the tenant's data. */
export interface FileRecord {
  id: string;
  name: string;
  mimeType: string;
  sizeBytes: number;
  ownerId: string;
  groupId?: string;
  updatedAt: string;
  fields: FileFieldRecord[];
}

/** Everything that defines a tenant of the Sandbox. */
export interface TenantConfig {
  team: { id: string; name: string };
  clients: ClientConfig[];
  users: UserConfig[];
  groups?: GroupConfig[];
  scopes: ScopeConfig[];
  scopeRules: ScopeRules;
  /** CIDRs allowed to call the GraphQL endpoint. */
  ipAllowlist: string[];
  /** Requests per window per token principal (client + subject) at the GraphQL endpoint. */
  rateLimit: { limit: number; windowMs: number };
  data?: { tasks: TaskRecord[]; files: FileRecord[] };
}

/** Why a redirect URI cannot be registered or used, or undefined when it is acceptable. */
export function redirectUriProblem(uri: string): string | undefined {
  if (uri.includes('*')) {
    return 'Wildcards are not supported in redirect URIs.';
  }
  let parsed: URL;
  try {
    parsed = new URL(uri);
  } catch {
    return 'Redirect URIs must be absolute.';
  }
  if (parsed.hash !== '' || uri.includes('#')) {
    return 'Redirect URIs must not contain a fragment.';
  }
  return undefined;
}
