import { HttpStatusError } from '../errors';

/**
 * Typed errors for the statuses of the GraphQL endpoint (spec E3). Each message says what
 * happened and what to do; none of them ever contains a token or the request body.
 */

/** One entry of a GraphQL `errors` array, as far as the spec defines it. */
export interface GraphqlErrorEntry {
  message: string;
  locations?: { line: number; column: number }[];
  path?: (string | number)[];
  extensions?: Record<string, unknown>;
}

/** 400: the Service refused the request; `reason` is its explanation in words. */
export class BadRequestError extends HttpStatusError {
  constructor(
    /** The server's reason, as plain text. */
    readonly reason: string,
    bodyText?: string,
    /** GraphQL errors when the 4xx body carried an `errors` array (GraphQL over HTTP). */
    readonly graphqlErrors?: GraphqlErrorEntry[],
    /** 400, or another 4xx whose body was a GraphQL response (GraphQL over HTTP's 422, 405, 415). */
    status = 400,
  ) {
    super(status, `The Service rejected the request (${status}${status === 400 ? ' Bad Request' : ''}): ${reason} Check the operation and its variables.`, undefined, bodyText);
  }
}

/**
 * 403 whose answer says why, and not that the address is not allowed: a gateway's or the
 * GraphQL server's refusal (a missing permission, a tenant header it needs...).
 */
export class ForbiddenError extends HttpStatusError {
  constructor(
    /** The server's reason, as plain text. */
    readonly reason: string,
    bodyText?: string,
  ) {
    super(
      403,
      `The Service refused this request (403 Forbidden): ${reason} ` +
        "Check the environment's headers and your permissions; if the refusal is about your network, ask the tenant's administrator to allow your IP address.",
      undefined,
      bodyText,
    );
  }
}

/** 401 that a token refresh did not cure, and that is not about a missing scope. */
export class UnauthorizedError extends HttpStatusError {
  constructor(
    /** `error_description` or the `error` code from the Service, when it sent one. */
    readonly reason?: string,
    refreshed = false,
  ) {
    super(
      401,
      `The Service did not accept your sign-in (401 Unauthorized${reason ? `: ${reason}` : ''})` + `${refreshed ? ', even after refreshing the token' : ''}. Sign in again.`,
    );
  }
}

/** 401 with `insufficient_scope`: the token lacks one or more scopes the operation needs. */
export class MissingScopeError extends UnauthorizedError {
  constructor(
    /** The scopes the Service asked for; empty when it did not say which. */
    readonly scopes: string[],
    reason?: string,
  ) {
    super(reason);
    this.message =
      scopes.length > 0
        ? `Your sign-in lacks the scope${scopes.length > 1 ? 's' : ''} ${scopes.join(', ')} that this operation needs. ` +
          `Sign in again with scope${scopes.length > 1 ? 's' : ''} ${scopes.join(' ')}.`
        : `Your sign-in lacks a scope that this operation needs${reason ? ` (the Service says: ${reason.replace(/[.!?]+$/, '')})` : ''}. ` +
          "Add it to the environment's scopes and sign in again.";
  }
}

/** 403: the tenant's IP allow-list does not include this machine. */
export class IpNotAllowedError extends HttpStatusError {
  constructor(bodyText?: string) {
    super(
      403,
      'This tenant does not allow requests from your IP address (403 Forbidden). ' +
        "Ask your tenant's administrator to add your public IP address (or your network's address range) " +
        "to the tenant's allowed IP addresses, or connect through a network that is already allowed.",
      undefined,
      bodyText,
    );
  }
}

/** 429 after the bounded automatic retries, or with a wait longer than we are willing to sleep. */
export class RateLimitedError extends HttpStatusError {
  constructor(
    retryAfterMs: number | undefined,
    /** How many times the request was retried before giving up. */
    readonly retries: number,
    /** True when we stopped because the requested wait exceeded the policy's maximum. */
    waitTooLong = false,
  ) {
    const wait = retryAfterMs !== undefined ? formatWait(retryAfterMs) : undefined;
    super(
      429,
      waitTooLong
        ? `The Service is limiting the rate of requests (429) and asks to wait ${wait}, longer than this extension waits by itself. Run the operation again after that.`
        : `The Service is limiting the rate of requests (429) and still refused after ${retries} ${retries === 1 ? 'retry' : 'retries'}. ` +
            `${wait ? `Wait ${wait}` : 'Wait a little'} and run the operation again.`,
      retryAfterMs,
    );
  }
}

/** 5xx after the bounded automatic retries. */
export class ServerError extends HttpStatusError {
  constructor(
    status: number,
    /** How many times the request was retried before giving up. */
    readonly retries: number,
    bodyText?: string,
    retryAfterMs?: number,
  ) {
    super(
      status,
      `The Service had an internal error (${status}) and still failed after ${retries} ${retries === 1 ? 'retry' : 'retries'}. ` +
        "Try again in a while; if it keeps failing, tell the tenant's administrator.",
      retryAfterMs,
      bodyText,
    );
  }
}

/** The response body is not the JSON the Service promises (a proxy page, a wrong address...). */
export class UnexpectedResponseError extends HttpStatusError {
  constructor(
    status: number,
    /** The response's Content-Type, when it had one. */
    readonly contentType: string | undefined,
    bodyText: string,
    what = 'is not JSON',
  ) {
    const shown = bodyText.replace(/\s+/g, ' ').trim();
    super(
      status,
      `The Service answered ${status} with a body that ${what}${contentType ? ` (${contentType})` : ''}` +
        `${shown ? `, starting with: ${shown.length > 200 ? shown.slice(0, 200) + '…' : shown}` : ', and empty'}. ` +
        'Check that the Service address points at the API (not a web page or a proxy).',
      undefined,
      bodyText,
    );
  }
}

/** Formats a wait for people: `3 s`, `2 min 5 s`. */
export function formatWait(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s < 60) {
    return `${s} s`;
  }
  const m = Math.floor(s / 60);
  const rest = s % 60;
  return rest === 0 ? `${m} min` : `${m} min ${rest} s`;
}
