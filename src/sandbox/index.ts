import { createServer } from 'node:http';
import { createSandboxClock, type SandboxClock } from './clock';
import { ADMIN_KEY_MIN_LENGTH } from './admin';
import { demoTenant } from './demoTenant';
import { normalizeAuthority } from './hostCheck';
import type { FaultSpec } from './faults';
import { SANDBOX_HOST, apiListener, authListener, closeServer, listen } from './server';
import { SandboxState, type SandboxStats } from './state';
import type { TenantConfig } from './tenant';
import { loadTenantConfig, validateTenantConfig } from './tenantConfig';
import { TokenService } from './tokens';
import type { SandboxSchemaVersion } from './schemaVersions';

export type { SandboxClock } from './clock';
export type { FaultSpec } from './faults';
export type { SandboxStats } from './state';
export type { TenantConfig } from './tenant';
export type { SandboxSchemaVersion } from './schemaVersions';

/** How to start a Sandbox. */
export interface SandboxOptions {
  /** Port of {auth_url}; 0 (the default) picks a free port. */
  authPort?: number;
  /** Port of {base_url}; 0 (the default) picks a free port. */
  apiPort?: number;
  /** Only loopback is supported. */
  host?: '127.0.0.1';
  /** A tenant configuration, or the path of a JSON file holding one; the demo tenant by default. */
  config?: TenantConfig | string;
  /** Approve every valid authorization request at once as this user (tests and demos). */
  autoConsent?: string;
  /**
   * Never use remembered consent: every authorization request shows the consent page, even for a
   * signed-in user who approved the same scopes before (tests and demos).
   */
  alwaysConsent?: boolean;
  /** Drives every lifetime; a system-time clock by default. */
  clock?: SandboxClock;
  /** Extra exact redirect URIs registered for every client at start. */
  redirectUris?: string[];
  /** Faults active from the start. */
  faults?: FaultSpec[];
  /** The schema version served from the start (1 by default); `POST /admin/schema` switches it later. */
  schemaVersion?: SandboxSchemaVersion;
  /** When false, request lines are logged to the console; quiet by default. */
  quiet?: boolean;
  /**
   * Turns on the admin endpoint (`{base_url}/admin/…`, test machinery): every request must carry
   * this key in the `X-Sandbox-Admin-Key` header (at least 32 characters, a per-run random value).
   * Without it (the default) the admin paths answer 404 like any unknown path.
   */
  adminKey?: string;
}

/** What a running Sandbox offers (also printed as the CLI's SANDBOX line). */
export interface SandboxInfo {
  authUrl: string;
  baseUrl: string;
  /** Only when the Sandbox was started with an admin key. */
  adminUrl?: string;
  clients: Array<{ clientId: string; type: 'public' | 'confidential'; clientSecret?: string; redirectUris: string[]; scopes: string[]; grants: string[] }>;
  users: Array<{ id: string; name: string; groups: string[] }>;
  scopes: string[];
  team: { id: string; name: string };
}

/** A running Sandbox with in-process equivalents of the admin endpoint. */
export interface RunningSandbox extends SandboxInfo {
  /** Stops both servers and drops open connections. */
  close(): Promise<void>;
  clock: SandboxClock;
  injectFault(f: FaultSpec): void;
  clearFaults(): void;
  registerRedirectUri(clientId: string, uri: string): void;
  /** Serves another schema version from the next request on (as `POST /admin/schema`). */
  setSchemaVersion(version: SandboxSchemaVersion): void;
  /**
   * Lets {auth_url} also answer requests addressed to this authority (`host[:port]`): the port
   * forwarding through which a browser-based or remote VS Code's browser reaches it.
   */
  allowForwardedAuthHost(authority: string): void;
  stats(): SandboxStats;
}

async function resolveTenant(config: TenantConfig | string | undefined): Promise<TenantConfig> {
  if (config === undefined) {
    return demoTenant();
  }
  if (typeof config === 'string') {
    return loadTenantConfig(config);
  }
  return validateTenantConfig(structuredClone(config));
}

/** The public description of a tenant at the given addresses. */
function sandboxInfo(state: SandboxState): SandboxInfo {
  const t = state.tenant;
  return {
    authUrl: state.authUrl,
    baseUrl: state.baseUrl,
    ...(state.adminKey === undefined ? {} : { adminUrl: `${state.baseUrl}/admin` }),
    clients: t.clients.map((c) => ({
      clientId: c.clientId,
      type: c.type,
      ...(c.clientSecret === undefined ? {} : { clientSecret: c.clientSecret }),
      redirectUris: [...c.redirectUris],
      scopes: [...c.scopes],
      grants: [...c.grants],
    })),
    users: t.users.map((u) => ({ id: u.id, name: u.name, groups: [...u.groups] })),
    scopes: t.scopes.map((s) => s.name),
    team: { ...t.team },
  };
}

/**
 * Starts the Sandbox: {auth_url} and {base_url} on two loopback ports, with the demo tenant
 * unless `config` says otherwise.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  if (options.host !== undefined && options.host !== SANDBOX_HOST) {
    throw new Error('The Sandbox only binds 127.0.0.1.');
  }
  if (options.adminKey !== undefined && options.adminKey.length < ADMIN_KEY_MIN_LENGTH) {
    throw new Error(`The admin key must have at least ${ADMIN_KEY_MIN_LENGTH} characters.`);
  }
  const tenant = await resolveTenant(options.config);
  if (options.autoConsent !== undefined && !tenant.users.some((u) => u.id === options.autoConsent)) {
    throw new Error(`autoConsent names "${options.autoConsent}", which is not a user of the tenant (${tenant.users.map((u) => u.id).join(', ')}).`);
  }
  const clock = options.clock ?? createSandboxClock();
  const log = options.quiet === false ? (line: string) => console.log(line) : () => undefined;

  const authServer = createServer();
  const apiServer = createServer();
  let state: SandboxState;
  try {
    const authPort = await listen(authServer, options.authPort ?? 0);
    const apiPort = await listen(apiServer, options.apiPort ?? 0);
    const authUrl = `http://${SANDBOX_HOST}:${authPort}`;
    const baseUrl = `http://${SANDBOX_HOST}:${apiPort}`;
    const tokens = await TokenService.create(clock, authUrl, baseUrl);
    state = new SandboxState(tenant, clock, tokens, options.autoConsent, log, options.faults ?? [], options.alwaysConsent ?? false);
    state.authUrl = authUrl;
    state.baseUrl = baseUrl;
    state.adminKey = options.adminKey;
    state.setSchemaVersion(options.schemaVersion ?? 1);
    for (const uri of options.redirectUris ?? []) {
      for (const c of tenant.clients) {
        state.registerRedirectUri(c.clientId, uri);
      }
    }
  } catch (err) {
    await Promise.all([closeServer(authServer), closeServer(apiServer)]);
    throw err;
  }
  authServer.on('request', authListener(state));
  apiServer.on('request', apiListener(state));

  let closing: Promise<void> | undefined;
  const info = sandboxInfo(state);
  return {
    ...info,
    clock,
    close: () => {
      closing ??= Promise.all([closeServer(authServer), closeServer(apiServer)]).then(() => undefined);
      return closing;
    },
    injectFault: (f) => state.faults.inject(f),
    clearFaults: () => state.faults.clear(),
    registerRedirectUri: (clientId, uri) => {
      state.registerRedirectUri(clientId, uri);
      const listed = info.clients.find((c) => c.clientId === clientId);
      if (listed && !listed.redirectUris.includes(uri)) {
        listed.redirectUris.push(uri);
      }
    },
    setSchemaVersion: (version) => state.setSchemaVersion(version),
    allowForwardedAuthHost: (authority) => {
      const normalized = normalizeAuthority(authority);
      if (normalized === undefined) {
        throw new Error(`"${authority}" is not a host with an optional port.`);
      }
      state.forwardedAuthHosts.add(normalized);
    },
    stats: () => state.snapshotStats(),
  };
}
