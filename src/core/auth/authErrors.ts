import { AuthorizationError, TenantGraphqlError } from '../errors';
import { inert } from '../text/inert';

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

/**
 * Makes server-supplied text safe to show as plain text, where it is received (defence in depth;
 * every sink applies {@link inert} again): one line, no control, bidi or invisible characters,
 * no link syntax, at most `max` characters. Undefined for missing or blank text.
 */
export function plainText(value: string | null | undefined, max = 300): string | undefined {
  if (value == null) {
    return undefined;
  }
  const cleaned = inert(value, { sink: 'notification', maxLength: max + 1 });
  return cleaned === '' ? undefined : cleaned;
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
