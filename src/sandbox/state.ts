import { randomBytes } from 'node:crypto';
import type { GraphQLSchema } from 'graphql';
import type { SandboxClock } from './clock';
import { DataStore } from './data';
import { FaultInjector, type FaultSpec } from './faults';
import { IpAllowlist } from './ipAllowlist';
import { RateLimiter } from './rateLimit';
import { createSandboxSchema } from './resolvers';
import type { SandboxSchemaVersion } from './schemaVersions';
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

/** How long a browser stays signed in after "Stay signed in on this browser". */
export const SESSION_LIFETIME_MS = 8 * 3600_000;

/** A browser's sign-in, kept when the person ticked "Stay signed in on this browser". */
export interface SignInSession {
  userId: string;
  expiresAt: number;
}

/** What a user approved for one client. */
export interface ConsentRecord {
  userId: string;
  clientId: string;
  scopes: string[];
}

/** Everything the endpoints share while the Sandbox runs (one instance per Sandbox). */
export class SandboxState {
  readonly store: DataStore;
  private readonly schemas = new Map<SandboxSchemaVersion, GraphQLSchema>();
  /** The schema version served now (1 unless the admin endpoint or `--schema-version` chose another). */
  schemaVersion: SandboxSchemaVersion = 1;
  readonly faults: FaultInjector;
  readonly rateLimiter: RateLimiter;
  allowlist: IpAllowlist;
  /** user id + client id -> scopes the user approved for that client. */
  readonly consents = new Map<string, Set<string>>();
  readonly pending = new Map<string, PendingAuthorization>();
  /** Sign-in sessions of browsers by session ID (the value of {@link sessionCookieName}). */
  readonly sessions = new Map<string, SignInSession>();
  /** Name of this Sandbox's sign-in cookie: cookies ignore ports, so each Sandbox has its own. */
  readonly sessionCookieName = `sandbox_session_${randomBytes(4).toString('hex')}`;
  stats: SandboxStats = SandboxState.emptyStats();
  /**
   * The headers of the last GraphQL requests, newest last (for tests of what a client sends: a
   * gateway's headers). Credentials are never kept: Authorization and Proxy-Authorization only by
   * their scheme, Cookie not at all.
   */
  readonly recentHeaders: Record<string, string>[] = [];
  /** GraphQL requests received since start (or reset), however many of them {@link recentHeaders} still holds. */
  headersReceived = 0;
  authUrl = '';
  baseUrl = '';
  /**
   * The key of the admin endpoint; undefined (the default, and always in the Sandbox the extension
   * starts) means there is no admin endpoint at all.
   */
  adminKey: string | undefined;
  /**
   * Authorities (`host[:port]`, lower case) besides its own loopback ones under which {auth_url}
   * is reached: the port forwarding of a browser-based or remote VS Code, named by the process
   * that started the Sandbox.
   */
  readonly forwardedAuthHosts = new Set<string>();

  constructor(
    readonly tenant: TenantConfig,
    readonly clock: SandboxClock,
    readonly tokens: TokenService,
    readonly autoConsent: string | undefined,
    readonly log: (line: string) => void,
    initialFaults: readonly FaultSpec[] = [],
    /** When true, remembered consent is never used: every sign-in asks (tests and demos). */
    readonly alwaysConsent = false,
  ) {
    this.store = new DataStore(tenant);
    this.schemas.set(1, createSandboxSchema(1));
    this.faults = new FaultInjector(initialFaults);
    this.rateLimiter = new RateLimiter(clock, tenant.rateLimit.limit, tenant.rateLimit.windowMs);
    this.allowlist = new IpAllowlist(tenant.ipAllowlist);
  }

  private static emptyStats(): SandboxStats {
    return { token: { authorization_code: 0, refresh_token: 0, client_credentials: 0, other: 0 }, graphql: 0, authorize: 0 };
  }

  /** The executable schema of the version served now. */
  get schema(): GraphQLSchema {
    return this.schemaOf(this.schemaVersion);
  }

  /** Serves another schema version from the next request on (built once per version). */
  setSchemaVersion(version: SandboxSchemaVersion): void {
    this.schemaOf(version);
    this.schemaVersion = version;
  }

  private schemaOf(version: SandboxSchemaVersion): GraphQLSchema {
    let schema = this.schemas.get(version);
    if (!schema) {
      schema = createSandboxSchema(version);
      this.schemas.set(version, schema);
    }
    return schema;
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

  /** Whether the user ever approved the client (even with no scope). */
  hasUsedClient(userId: string, clientId: string): boolean {
    return this.consents.has(`${userId}\u0000${clientId}`);
  }

  /**
   * Whether remembered consent covers a request (spec E1: ask "when the application is used for
   * the first time by this user or when additional scopes are requested"). Always false with
   * {@link alwaysConsent}.
   */
  consentCovers(userId: string, clientId: string, scopes: readonly string[]): boolean {
    if (this.alwaysConsent || !this.hasUsedClient(userId, clientId)) {
      return false;
    }
    const granted = this.consentedScopes(userId, clientId);
    return scopes.every((s) => granted.has(s));
  }

  /** Every remembered consent (a copy), for the admin endpoint. */
  listConsents(): ConsentRecord[] {
    return [...this.consents].map(([key, scopes]) => {
      const [userId, clientId] = key.split('\u0000');
      return { userId, clientId, scopes: [...scopes].sort() };
    });
  }

  /**
   * Forgets remembered consents (all, or those of one user and/or client) and, when no filter is
   * given, every browser sign-in too. Returns how many consents were forgotten.
   */
  forgetConsents(filter: { userId?: string; clientId?: string } = {}): number {
    let count = 0;
    for (const key of [...this.consents.keys()]) {
      const [userId, clientId] = key.split('\u0000');
      if ((filter.userId === undefined || filter.userId === userId) && (filter.clientId === undefined || filter.clientId === clientId)) {
        this.consents.delete(key);
        count += 1;
      }
    }
    if (filter.userId === undefined && filter.clientId === undefined) {
      this.sessions.clear();
    }
    return count;
  }

  /** Starts a browser sign-in session for a user; returns its ID. */
  startSession(userId: string): string {
    const id = randomBytes(32).toString('base64url');
    this.sessions.set(id, { userId, expiresAt: this.clock.now() + SESSION_LIFETIME_MS });
    return id;
  }

  /** The user signed in with this session ID, unless unknown or expired (then it is dropped). */
  sessionUser(sessionId: string | undefined): string | undefined {
    if (sessionId === undefined) {
      return undefined;
    }
    const session = this.sessions.get(sessionId);
    if (!session || this.clock.now() >= session.expiresAt || !this.tenant.users.some((u) => u.id === session.userId)) {
      this.sessions.delete(sessionId);
      return undefined;
    }
    return session.userId;
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

  /** Faults, rate-limit counters and settings, consent memory, sign-ins, pending requests and allowlist back to defaults. */
  reset(): void {
    this.faults.clear();
    this.recentHeaders.length = 0;
    this.headersReceived = 0;
    this.rateLimiter.configure(this.tenant.rateLimit.limit, this.tenant.rateLimit.windowMs);
    this.consents.clear();
    this.sessions.clear();
    this.pending.clear();
    this.allowlist = new IpAllowlist(this.tenant.ipAllowlist);
    this.schemaVersion = 1;
  }

  /** Records a GraphQL request's headers (at most the last 20). */
  recordHeaders(headers: NodeJS.Dict<string | string[]>): void {
    const kept: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined) {
        continue;
      }
      const text = Array.isArray(value) ? value.join(', ') : value;
      if (name === 'authorization' || name === 'proxy-authorization') {
        // The scheme only, when there is one; never a credential.
        const scheme = /^([A-Za-z][A-Za-z0-9._~+-]*)\s+\S/.exec(text)?.[1];
        kept[name] = scheme ? `${scheme} (withheld)` : '(withheld)';
      } else {
        kept[name] = name === 'cookie' ? '(withheld)' : text;
      }
    }
    this.recentHeaders.push(kept);
    this.recentHeaders.splice(0, Math.max(0, this.recentHeaders.length - 20));
    this.headersReceived++;
  }

  /** Counters so far (a copy). */
  snapshotStats(): SandboxStats {
    return structuredClone(this.stats);
  }
}
