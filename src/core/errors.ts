/**
 * Typed errors thrown by core code. Only command handlers and provider entry points catch
 * them: they log, tell the user what happened and what to do, and rethrow or return.
 */

/** Base class of every error this extension raises on purpose. */
export class TenantGraphqlError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The user cancelled; handlers stay silent. */
export class CancelledError extends TenantGraphqlError {
  constructor(message = 'Cancelled') {
    super(message);
  }
}

/** An OAuth error reported by the authorization server (redirect or token endpoint). */
export class AuthorizationError extends TenantGraphqlError {
  constructor(
    /** The RFC 6749 `error` code, e.g. `access_denied` or `invalid_grant`. */
    readonly error: string,
    /** `error_description`, when the server sent one. */
    readonly description?: string,
    /** `hint`, when the server sent one. */
    readonly hint?: string,
    /** HTTP status of the token endpoint response, when there was one. */
    readonly status?: number,
  ) {
    super(description ? `${error}: ${description}` : error);
  }
}

/** A non-success HTTP status from the Service. */
export class HttpStatusError extends TenantGraphqlError {
  constructor(
    readonly status: number,
    message: string,
    /** Milliseconds to wait before retrying, from `Retry-After`, when the server sent one. */
    readonly retryAfterMs?: number,
    /** The first bytes of the response body, as text, for the user and the log. */
    readonly bodyText?: string,
  ) {
    super(message);
  }
}

/** The request did not get an HTTP response: refused, reset, DNS, TLS, timeout. */
export class NetworkError extends TenantGraphqlError {
  constructor(
    message: string,
    /** The system error code when there is one (ECONNREFUSED, ENOTFOUND, ...). */
    readonly code?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A setting or configuration value is invalid; `field` names it for the user. */
export class ConfigurationError extends TenantGraphqlError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** No session for the active environment (or no environment): the user has to sign in first. */
export class NotSignedInError extends TenantGraphqlError {
  constructor(readonly environment: string | undefined) {
    super(
      environment
        ? `You are not signed in to ${environment}. Run "Tenant GraphQL: Sign In" first.`
        : 'No Tenant GraphQL environment is configured. Add one to the "tenantGraphql.environments" setting.',
    );
  }
}

/** Restricted Mode (an untrusted workspace): nothing is sent anywhere until the person trusts it. */
export class RestrictedModeError extends TenantGraphqlError {
  constructor() {
    super('Tenant GraphQL sends nothing in Restricted Mode. Trust this workspace to sign in and run operations.');
  }
}

/**
 * The environment is defined by the workspace's settings and the person has not allowed its
 * server: nothing is sent there (no introspection, run or refresh) until they do.
 */
export class ServerNotApprovedError extends TenantGraphqlError {
  constructor(
    readonly environment: string,
    readonly hosts: string,
  ) {
    super(`"${environment}" is defined by this workspace's settings and points at ${hosts}: nothing is sent there until you allow it. Sign in to be asked.`);
  }
}

/** Returns a message suitable for a log line from anything thrown. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) {
    return err.message;
  }
  return String(err);
}
