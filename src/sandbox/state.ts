import type { GraphQLSchema } from 'graphql';
import type { SandboxClock } from './clock';
import { DataStore } from './data';
import { FaultInjector, type FaultSpec } from './faults';
import { IpAllowlist } from './ipAllowlist';
import { RateLimiter } from './rateLimit';
import { createSandboxSchema } from './resolvers';
import { redirectUriProblem, type ClientConfig, type TenantConfig } from './tenant';
import type { TokenService } from './tokens';

/** Counters of requests that reached each endpoint. */
export interface SandboxStats {
  /** Token requests by grant_type (`other` for a missing or unsupported one). */
  token: { authorization_code: number; refresh_token: number; client_credentials: number; other: number };
  /** Requests to the GraphQL endpoint. */
  graphql: number;
  /** GET requests to the authorization endpoint. */
  authorize: number;
}

/** An authorization request waiting for the person's decision on the consent page. */
export interface PendingAuthorization {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state: string | undefined;
  codeChallenge: string;
  csrfToken: string;
  expiresAt: number;
}

/** How long a consent page stays valid. */
export const PENDING_LIFETIME_MS = 10 * 60_000;

/** Everything the endpoints share while the Sandbox runs (one instance per Sandbox). */
export class SandboxState {
  readonly store: DataStore;
  readonly schema: GraphQLSchema;
  readonly faults: FaultInjector;
  readonly rateLimiter: RateLimiter;
  allowlist: IpAllowlist;
  /** user id + client id -> scopes the user approved for that client. */
  readonly consents = new Map<string, Set<string>>();
  readonly pending = new Map<string, PendingAuthorization>();
  stats: SandboxStats = SandboxState.emptyStats();
  authUrl = '';
  baseUrl = '';

  constructor(
    readonly tenant: TenantConfig,
    readonly clock: SandboxClock,
    readonly tokens: TokenService,
    readonly autoConsent: string | undefined,
    readonly log: (line: string) => void,
    initialFaults: readonly FaultSpec[] = [],
  ) {
    this.store = new DataStore(tenant);
    this.schema = createSandboxSchema();
    this.faults = new FaultInjector(initialFaults);
    this.rateLimiter = new RateLimiter(clock, tenant.rateLimit.limit, tenant.rateLimit.windowMs);
    this.allowlist = new IpAllowlist(tenant.ipAllowlist);
  }

  private static emptyStats(): SandboxStats {
    return { token: { authorization_code: 0, refresh_token: 0, client_credentials: 0, other: 0 }, graphql: 0, authorize: 0 };
  }

  /** A registered client by ID. */
  client(clientId: string): ClientConfig | undefined {
    return this.tenant.clients.find((c) => c.clientId === clientId);
  }

  /** Registers one more exact redirect URI for a client, as a tenant admin would. */
  registerRedirectUri(clientId: string, uri: string): void {
    const client = this.client(clientId);
    if (!client) {
      throw new Error(`No client with ID "${clientId}" is registered.`);
    }
    const problem = redirectUriProblem(uri);
    if (problem !== undefined) {
      throw new Error(problem);
    }
    if (!client.redirectUris.includes(uri)) {
      client.redirectUris.push(uri);
    }
  }

  /** Scopes a user has approved for a client. */
  consentedScopes(userId: string, clientId: string): ReadonlySet<string> {
    return this.consents.get(`${userId}\u0000${clientId}`) ?? new Set();
  }

  /** Remembers that a user approved these scopes for a client. */
  rememberConsent(userId: string, clientId: string, scopes: readonly string[]): void {
    const key = `${userId}\u0000${clientId}`;
    const set = this.consents.get(key) ?? new Set<string>();
    for (const s of scopes) {
      set.add(s);
    }
    this.consents.set(key, set);
  }

  /** Faults, rate-limit counters and settings, consent memory, pending requests and allowlist back to defaults. */
  reset(): void {
    this.faults.clear();
    this.rateLimiter.configure(this.tenant.rateLimit.limit, this.tenant.rateLimit.windowMs);
    this.consents.clear();
    this.pending.clear();
    this.allowlist = new IpAllowlist(this.tenant.ipAllowlist);
  }

  /** Counters so far (a copy). */
  snapshotStats(): SandboxStats {
    return structuredClone(this.stats);
  }
}
