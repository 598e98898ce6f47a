/**
 * A tenant configuration (`--config FILE`, or the demo tenant) checked and typed: every problem
 * is an Error that names the offending path.
 */
import { readFile } from 'node:fs/promises';
import {
  GRANT_TYPES,
  redirectUriProblem,
  type ClientConfig,
  type FileRecord,
  type GrantType,
  type GroupConfig,
  type ScopeConfig,
  type ScopeRules,
  type TaskRecord,
  type TenantConfig,
  type UserConfig,
} from './tenant';

function fail(path: string, message: string): never {
  throw new Error(`Invalid tenant configuration at ${path}: ${message}`);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function str(v: unknown, path: string): string {
  if (typeof v !== 'string' || v === '') {
    fail(path, 'expected a non-empty string');
  }
  return v;
}

function strArray(v: unknown, path: string): string[] {
  if (!Array.isArray(v)) {
    fail(path, 'expected an array of strings');
  }
  return v.map((item, i) => str(item, `${path}[${i}]`));
}

/**
 * Checks a tenant configuration (for example parsed from `--config FILE`) and returns it typed.
 * Throws an Error that names the offending path.
 */
export function validateTenantConfig(input: unknown): TenantConfig {
  if (!isObject(input)) {
    fail('$', 'expected a JSON object');
  }
  const team = input.team;
  if (!isObject(team)) {
    fail('team', 'expected { id, name }');
  }
  const scopesIn = input.scopes;
  if (!Array.isArray(scopesIn) || scopesIn.length === 0) {
    fail('scopes', 'expected a non-empty array of { name, description }');
  }
  const scopes = scopesOf(scopesIn);
  const scopeNames = new Set(scopes.map((s) => s.name));

  const usersIn = input.users;
  if (!Array.isArray(usersIn)) {
    fail('users', 'expected an array');
  }
  const users = usersOf(usersIn);
  const teamId = str(team.id, 'team.id');
  const userIds = new Set<string>();
  users.forEach((u, i) => {
    if (userIds.has(u.id) || u.id === teamId) {
      fail(`users[${i}].id`, `duplicate id "${u.id}" (user ids must be unique and differ from the team id)`);
    }
    userIds.add(u.id);
  });

  const clientsIn = input.clients;
  if (!Array.isArray(clientsIn)) {
    fail('clients', 'expected an array');
  }
  const clients = clientsOf(clientsIn, scopeNames);

  const groups = groupsOf(input.groups);

  const rules = input.scopeRules;
  if (!isObject(rules) || !isObject(rules.fields) || !isObject(rules.types)) {
    fail('scopeRules', 'expected { fields: { "Type.field": scope }, types: { Type: scope } }');
  }
  const scopeRules: ScopeRules = {
    fields: scopeRuleMap(rules.fields, 'scopeRules.fields', scopeNames),
    types: scopeRuleMap(rules.types, 'scopeRules.types', scopeNames),
  };

  const ipAllowlist = strArray(input.ipAllowlist ?? ['127.0.0.0/8', '::1/128'], 'ipAllowlist');
  const rl = input.rateLimit ?? { limit: 300, windowMs: 60_000 };
  if (!isObject(rl) || !isPositiveInt(rl.limit) || !isPositiveInt(rl.windowMs)) {
    fail('rateLimit', 'expected { limit: positive integer, windowMs: positive integer }');
  }

  const tenantData = dataOf(input.data, userIds);

  return {
    team: { id: teamId, name: str(team.name, 'team.name') },
    clients,
    users,
    ...(groups === undefined ? {} : { groups }),
    scopes,
    scopeRules,
    ipAllowlist,
    rateLimit: { limit: rl.limit as number, windowMs: rl.windowMs as number },
    ...(tenantData === undefined ? {} : { data: tenantData }),
  };
}

function scopesOf(scopesIn: unknown[]): ScopeConfig[] {
  return scopesIn.map((s, i) => {
    if (!isObject(s)) {
      fail(`scopes[${i}]`, 'expected { name, description }');
    }
    const name = str(s.name, `scopes[${i}].name`);
    if (/[\s,]/.test(name)) {
      fail(`scopes[${i}].name`, 'scope names cannot contain spaces or commas');
    }
    return { name, description: str(s.description, `scopes[${i}].description`) };
  });
}

function usersOf(usersIn: unknown[]): UserConfig[] {
  return usersIn.map((u, i) => {
    if (!isObject(u)) {
      fail(`users[${i}]`, 'expected { id, name, groups }');
    }
    return {
      id: str(u.id, `users[${i}].id`),
      name: str(u.name, `users[${i}].name`),
      ...(u.email === undefined ? {} : { email: str(u.email, `users[${i}].email`) }),
      groups: strArray(u.groups ?? [], `users[${i}].groups`),
    };
  });
}

function clientsOf(clientsIn: unknown[], scopeNames: ReadonlySet<string>): ClientConfig[] {
  const clientIds = new Set<string>();
  return clientsIn.map((c, i) => {
    const p = `clients[${i}]`;
    if (!isObject(c)) {
      fail(p, 'expected an object');
    }
    const clientId = str(c.clientId, `${p}.clientId`);
    if (clientIds.has(clientId)) {
      fail(`${p}.clientId`, `duplicate client id "${clientId}"`);
    }
    clientIds.add(clientId);
    const type = c.type;
    if (type !== 'public' && type !== 'confidential') {
      fail(`${p}.type`, 'expected "public" or "confidential"');
    }
    if (type === 'confidential' && (typeof c.clientSecret !== 'string' || c.clientSecret.length < 8)) {
      fail(`${p}.clientSecret`, 'confidential clients need a secret of at least 8 characters');
    }
    if (type === 'public' && c.clientSecret !== undefined) {
      fail(`${p}.clientSecret`, 'public clients have no client secret');
    }
    const redirectUris = strArray(c.redirectUris, `${p}.redirectUris`);
    redirectUris.forEach((uri, j) => {
      const problem = redirectUriProblem(uri);
      if (problem !== undefined) {
        fail(`${p}.redirectUris[${j}]`, problem);
      }
    });
    const clientScopes = strArray(c.scopes, `${p}.scopes`);
    clientScopes.forEach((s, j) => {
      if (!scopeNames.has(s)) {
        fail(`${p}.scopes[${j}]`, `unknown scope "${s}"`);
      }
    });
    const grants = strArray(c.grants, `${p}.grants`).map((g, j) => {
      if (!(GRANT_TYPES as readonly string[]).includes(g)) {
        fail(`${p}.grants[${j}]`, `unknown grant "${g}"`);
      }
      return g as GrantType;
    });
    if (type === 'public' && grants.includes('client_credentials')) {
      fail(`${p}.grants`, 'client_credentials is for confidential clients only');
    }
    return {
      clientId,
      name: typeof c.name === 'string' && c.name !== '' ? c.name : clientId,
      type,
      ...(type === 'confidential' ? { clientSecret: c.clientSecret as string } : {}),
      redirectUris,
      scopes: clientScopes,
      grants,
    };
  });
}

function groupsOf(groupsIn: unknown): GroupConfig[] | undefined {
  return Array.isArray(groupsIn)
    ? groupsIn.map((g, i) => {
        if (!isObject(g)) {
          fail(`groups[${i}]`, 'expected { id, name, description? }');
        }
        return {
          id: str(g.id, `groups[${i}].id`),
          name: str(g.name, `groups[${i}].name`),
          ...(g.description === undefined ? {} : { description: str(g.description, `groups[${i}].description`) }),
        };
      })
    : undefined;
}

function scopeRuleMap(m: Record<string, unknown>, path: string, scopeNames: ReadonlySet<string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(m)) {
    const scope = str(v, `${path}.${k}`);
    if (!scopeNames.has(scope)) {
      fail(`${path}.${k}`, `unknown scope "${scope}"`);
    }
    out[k] = scope;
  }
  return out;
}

function dataOf(data: unknown, userIds: ReadonlySet<string>): TenantConfig['data'] {
  if (data === undefined) {
    return undefined;
  }
  if (!isObject(data) || !Array.isArray(data.tasks) || !Array.isArray(data.files)) {
    fail('data', 'expected { tasks: [...], files: [...] }');
  }
  // Records are trusted to follow TaskRecord / FileRecord; only ids and file owners are checked.
  const tenantData = { tasks: data.tasks as TaskRecord[], files: data.files as FileRecord[] };
  tenantData.tasks.forEach((t, i) => str(t?.id, `data.tasks[${i}].id`));
  tenantData.files.forEach((f, i) => {
    str(f?.id, `data.files[${i}].id`);
    // File.owner is non-null in the schema: every file needs an owner who exists.
    if (!userIds.has(str(f.ownerId, `data.files[${i}].ownerId`))) {
      fail(`data.files[${i}].ownerId`, `"${f.ownerId}" is not a user of the tenant`);
    }
  });
  return tenantData;
}

function isPositiveInt(v: unknown): boolean {
  return typeof v === 'number' && Number.isInteger(v) && v > 0;
}

/** Reads and validates a tenant configuration JSON file. */
export async function loadTenantConfig(path: string): Promise<TenantConfig> {
  const text = await readFile(path, 'utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new Error(`Tenant configuration ${path} is not valid JSON: ${(err as Error).message}`);
  }
  return validateTenantConfig(json);
}
