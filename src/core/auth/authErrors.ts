import { AuthorizationError, TenantGraphqlError } from '../errors';

/** The sign-in did not finish within its time limit (5 minutes by default). */
export class SignInTimeoutError extends TenantGraphqlError {
  constructor(minutes: number) {
    super(`Sign-in did not finish within ${minutes} minutes. Start it again.`);
  }
}

/** The token endpoint answered 200 with a body that is not a valid token response. */
export class InvalidTokenResponseError extends TenantGraphqlError {}

/** A stored session record could not be read; it has been (or must be) removed. */
export class CorruptSessionRecordError extends TenantGraphqlError {}

/** The session is gone (signed out, or removed after `invalid_grant`/expiry): sign in again. */
export class SessionExpiredError extends TenantGraphqlError {
  constructor(
    readonly sessionId: string,
    message = 'The session has expired. Sign in again.',
  ) {
    super(message);
  }
}

/** Makes server-supplied text safe to show as plain text: no control characters, bounded length. */
export function plainText(value: string | null | undefined, max = 300): string | undefined {
  if (value == null) {
    return undefined;
  }
  // eslint-disable-next-line no-control-regex
  const cleaned = value.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]+/g, ' ').trim();
  if (cleaned === '') {
    return undefined;
  }
  return cleaned.length > max ? `${cleaned.slice(0, max)}…` : cleaned;
}

/**
 * A sentence for the user from an OAuth error (redirect or token endpoint). `access_denied`
 * reads as a cancellation; `error_description` and `hint` follow as plain text.
 */
export function describeAuthorizationError(err: AuthorizationError): string {
  const head = err.error === 'access_denied' ? 'Sign-in was cancelled in the browser.' : `The authorization server refused the sign-in (${plainText(err.error, 80) ?? 'error'}).`;
  const parts = [head];
  const description = plainText(err.description);
  const hint = plainText(err.hint);
  if (description) {
    parts.push(description.endsWith('.') ? description : `${description}.`);
  }
  if (hint) {
    parts.push(`Hint: ${hint}`);
  }
  return parts.join(' ');
}
