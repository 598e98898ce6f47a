import * as vscode from 'vscode';
import { GraphqlHttpClient, type ExecuteHooks, type GraphqlHttpResult } from '../core/http/graphqlClient';
import { TenantGraphqlError } from '../core/errors';
import type { Environment, SessionRecord } from '../core/auth';
import type { Logger } from '../core/logger';
import type { AuthService } from '../auth/authService';

/** No session for the active environment: the user has to sign in first. */
export class NotSignedInError extends TenantGraphqlError {
  constructor(readonly environment: string | undefined) {
    super(
      environment
        ? `You are not signed in to ${environment}. Run "Tenant GraphQL: Sign In" first.`
        : 'No Tenant GraphQL environment is configured. Add one to the "tenantGraphql.environments" setting.',
    );
  }
}

/** One GraphQL request to the active environment, on behalf of its preferred session. */
export interface ServiceRequest {
  readonly query: string;
  readonly variables?: Record<string, unknown>;
  readonly operationName?: string;
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
}

/** The result plus who it was made for. */
export interface ServiceResult extends GraphqlHttpResult {
  readonly environment: Environment;
  readonly session: SessionRecord;
}

/**
 * The GraphQL endpoint of the active environment, with the signed-in session's token: refreshes
 * when the token is near expiry, and once after a 401 (then one retry) through the HTTP client.
 * One keep-alive pool per origin for the whole extension.
 */
export class ServiceClient implements vscode.Disposable {
  readonly http: GraphqlHttpClient;

  constructor(private readonly auth: AuthService, logger: Logger) {
    this.http = new GraphqlHttpClient({ logger, userAgent: 'tenant-graphql-vscode' });
  }

  /** The environment and session a request would use now, or a {@link NotSignedInError}. */
  async target(): Promise<{ environment: Environment; session: SessionRecord }> {
    const environment = this.auth.activeEnvironment();
    const session = environment ? await this.auth.activeSession() : undefined;
    if (!environment || !session) {
      throw new NotSignedInError(environment?.name);
    }
    return { environment, session };
  }

  async execute(request: ServiceRequest, hooks?: ExecuteHooks): Promise<ServiceResult> {
    const { environment, session } = await this.target();
    let lastToken: string | undefined;
    const result = await this.http.execute(
      {
        baseUrl: environment.baseUrl,
        query: request.query,
        variables: request.variables,
        operationName: request.operationName,
        signal: request.signal,
        timeoutMs: request.timeoutMs,
        token: async () => (lastToken = await this.auth.core.getAccessToken(session.id, { signal: request.signal })),
        onUnauthorized: async () => {
          try {
            return await this.auth.core.getAccessToken(session.id, { forceRefresh: true, rejectedToken: lastToken, signal: request.signal });
          } catch {
            return undefined; // the 401 stands; the caller offers "Sign in again"
          }
        },
      },
      hooks,
    );
    return { ...result, environment, session };
  }

  dispose(): void {
    this.http.dispose();
  }
}
