import type * as vscode from 'vscode';
import type { Dispatcher } from 'undici';
import { GraphqlHttpClient, type ExecuteHooks, type GraphqlHttpResult } from '../../core/http/graphqlClient';
import { bearerHooks, type TokenSource } from '../../core/http/tokenPolicy';
import { NotSignedInError, RestrictedModeError, ServerNotApprovedError } from '../../core/errors';
import { sameServer, serverHosts, type Environment, type EnvironmentHeaders, type SessionRecord } from '../../core/auth';
import type { Logger } from '../../core/logger';

export { NotSignedInError } from '../../core/errors';

/** One GraphQL request to the active environment, on behalf of its preferred session. */
export interface GraphqlRequest {
  readonly query: string;
  readonly variables?: Record<string, unknown>;
  readonly operationName?: string;
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
  /** Send to this environment (with its server's session) instead of the active one (Run on Another Environment). */
  readonly environment?: Environment;
}

/** The result plus who it was made for. */
export interface GraphqlServiceResult extends GraphqlHttpResult {
  readonly environment: Environment;
  readonly session: SessionRecord;
}

/** What the GraphQL service needs from auth: the active environment and session, and their tokens. */
export interface SessionSource {
  /** The access tokens of the sessions (core's token manager: refreshed near expiry, or after a 401). */
  readonly tokens: TokenSource;
  activeEnvironment(): Environment | undefined;
  /** The active environment's session: one issued by that environment's server. */
  activeSession(): Promise<SessionRecord | undefined>;
  /** The sessions of an environment's server, preferred first. */
  sessionsOf(environment: Environment): Promise<SessionRecord[]>;
  /** False in Restricted Mode and for a workspace-defined server the person has not allowed. */
  isAllowed(environment: Environment): boolean;
  /** False in Restricted Mode. */
  readonly trusted: boolean;
  /** The environment's token header and extra headers, secret values included (from secret storage, by server). */
  headersOf(environment: Environment): Promise<EnvironmentHeaders>;
}

/**
 * The authenticated GraphQL client: the active environment's endpoint with the signed-in
 * session's token. The token policy (bearer, refresh near expiry, one refresh and retry after a
 * 401) is core's {@link bearerHooks}; retries, timeouts and the keep-alive pool per origin are the
 * core HTTP client's.
 */
export class GraphqlService implements vscode.Disposable {
  private readonly http: GraphqlHttpClient;

  constructor(
    private readonly sessions: SessionSource,
    logger: Logger,
    /** The timeout of a request that names none (`tenantGraphql.requestTimeoutSeconds`). */
    private readonly defaultTimeoutMs: () => number = () => 30_000,
    /** Proxies and certificates (VS Code's http.* settings); without it, direct keep-alive pools. */
    network?: { dispatcher(): Dispatcher; proxyFor(origin: string): string | undefined },
  ) {
    this.http = new GraphqlHttpClient({
      logger,
      userAgent: 'tenant-graphql-vscode',
      ...(network ? { dispatcher: () => network.dispatcher(), proxyFor: (origin: string) => network.proxyFor(origin) } : {}),
    });
  }

  /**
   * The environment and session a request would use now. Every request with a token goes through
   * here: nothing in Restricted Mode ({@link RestrictedModeError}), nothing to a workspace-defined
   * server the person has not allowed ({@link ServerNotApprovedError}), and only a session that
   * server issued ({@link NotSignedInError} otherwise).
   */
  async target(chosen?: Environment): Promise<{ environment: Environment; session: SessionRecord }> {
    const environment = chosen ?? this.sessions.activeEnvironment();
    if (environment && !this.sessions.trusted) {
      throw new RestrictedModeError();
    }
    if (environment && !this.sessions.isAllowed(environment)) {
      throw new ServerNotApprovedError(environment.name, serverHosts(environment));
    }
    const session = environment ? (chosen ? (await this.sessions.sessionsOf(chosen))[0] : await this.sessions.activeSession()) : undefined;
    if (!environment || !session || !sameServer(session.server, environment)) {
      throw new NotSignedInError(environment?.name);
    }
    return { environment, session };
  }

  /**
   * The access token of a session of that environment's server (the active environment's without
   * one), refreshed if near expiry, through the same checks as a request: for an export of a request
   * that went there. A NotSignedInError when that server issued no session.
   */
  async accessTokenFor(environment?: Environment): Promise<string> {
    const { session } = await this.target(environment);
    return this.sessions.tokens.getAccessToken(session.id);
  }

  /** Runs one request against the active environment; throws the core's typed errors. */
  async execute(request: GraphqlRequest, hooks?: ExecuteHooks): Promise<GraphqlServiceResult> {
    const { environment, session } = await this.target(request.environment);
    // The environment's headers go to its own server only: the base address is the environment's.
    const { authHeader, headers } = await this.sessions.headersOf(environment);
    const result = await this.http.execute(
      {
        baseUrl: environment.baseUrl,
        authHeader,
        headers,
        query: request.query,
        variables: request.variables,
        operationName: request.operationName,
        signal: request.signal,
        timeoutMs: request.timeoutMs ?? this.defaultTimeoutMs(),
        ...bearerHooks(this.sessions.tokens, session.id, request.signal),
      },
      hooks,
    );
    return { ...result, environment, session };
  }

  dispose(): void {
    this.http.dispose();
  }
}
