import { CancelledError, HttpStatusError, NetworkError } from '../errors';
import {
  BadRequestError,
  IpNotAllowedError,
  MissingScopeError,
  RateLimitedError,
  ServerError,
  UnauthorizedError,
  UnexpectedResponseError,
  type GraphqlErrorEntry,
} from '../http/httpErrors';
import { ResponseTooLargeError } from '../http/graphqlClient';

/** What kind of failure a run ended with; decides the message's action. */
export type RunFailureKind =
  'cancelled' | 'missingScope' | 'unauthorized' | 'ipNotAllowed' | 'rateLimited' | 'server' | 'badRequest' | 'unexpectedResponse' | 'tooLarge' | 'network' | 'http' | 'other';

/** A failed run, classified: what to tell, which action to offer, what to show of the body. */
export interface RunFailure {
  kind: RunFailureKind;
  /** What happened and what to do (the typed error's message). */
  message: string;
  /** HTTP status when there was an answer. */
  status?: number;
  /** For `missingScope`: the scopes to ask for (empty when the Service did not say). */
  scopes?: string[];
  /** The first bytes of the answer, as text. */
  bodyText?: string;
  /** For `badRequest`: the server's reason, and GraphQL errors when the 400 body had them. */
  reason?: string;
  graphqlErrors?: GraphqlErrorEntry[];
  /** True when running again later may succeed by itself. */
  retryable: boolean;
}

/**
 * Classifies whatever a run threw (the GraphQL client's typed errors). Order matters:
 * MissingScopeError is an UnauthorizedError, and every HTTP error is an HttpStatusError.
 */
export function classifyRunFailure(err: unknown): RunFailure {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof CancelledError) {
    return { kind: 'cancelled', message, retryable: false };
  }
  if (err instanceof MissingScopeError) {
    return { kind: 'missingScope', message, status: 401, scopes: [...err.scopes], retryable: false };
  }
  if (err instanceof UnauthorizedError) {
    return { kind: 'unauthorized', message, status: 401, retryable: false };
  }
  if (err instanceof IpNotAllowedError) {
    return withBody({ kind: 'ipNotAllowed', message, status: 403, retryable: false }, err);
  }
  if (err instanceof RateLimitedError) {
    return { kind: 'rateLimited', message, status: 429, retryable: true };
  }
  if (err instanceof ServerError) {
    return withBody({ kind: 'server', message, status: err.status, retryable: true }, err);
  }
  if (err instanceof BadRequestError) {
    const f: RunFailure = withBody({ kind: 'badRequest', message, status: err.status, reason: err.reason, retryable: false }, err);
    if (err.graphqlErrors && err.graphqlErrors.length > 0) {
      f.graphqlErrors = err.graphqlErrors;
    }
    return f;
  }
  if (err instanceof UnexpectedResponseError) {
    return withBody({ kind: 'unexpectedResponse', message, status: err.status, retryable: false }, err);
  }
  if (err instanceof ResponseTooLargeError) {
    return { kind: 'tooLarge', message, status: err.status, retryable: false };
  }
  if (err instanceof HttpStatusError) {
    return withBody({ kind: 'http', message, status: err.status, retryable: false }, err);
  }
  if (err instanceof NetworkError) {
    return { kind: 'network', message, retryable: true };
  }
  return { kind: 'other', message, retryable: false };
}

function withBody(f: RunFailure, err: HttpStatusError): RunFailure {
  if (err.bodyText !== undefined && err.bodyText !== '') {
    f.bodyText = err.bodyText;
  }
  return f;
}
