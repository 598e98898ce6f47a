import { AuthorizationError, CancelledError } from '../errors';
import { buildAuthorizeUrl } from './authorizeUrl';
import { describeAuthorizationError, plainText, SignInTimeoutError } from './authErrors';
import type { Environment } from './environments';
import { createPkcePair, createState } from './pkce';
import type { SecretRegistry, SecretRegistration } from '../secretRegistry';
import type { Clock } from '../clock';

/** The path of every redirect URI this extension registers. */
export const AUTH_CALLBACK_PATH = '/auth-callback';

/** True when a redirect's path is ours; the glue ignores URIs for any other path. */
export function isAuthCallbackPath(path: string): boolean {
  return path.replace(/\/+$/, '') === AUTH_CALLBACK_PATH;
}

/** Default lifetime of a pending authorization: the whole sign-in may take 5 minutes. */
export const PENDING_TTL_MS = 5 * 60_000;

/** What a sign-in attempt needs after the browser came back with a code. Memory only. */
export interface AuthorizationGrant {
  readonly code: string;
  readonly state: string;
  readonly environment: Environment;
  /** Byte-identical to the `redirect_uri` sent to E1. */
  readonly redirectUri: string;
  readonly verifier: string;
  readonly scopes: readonly string[];
}

/** The result of {@link PendingAuthorizations.handleCallback}, for the page or message shown. */
export type CallbackResult =
  | { readonly kind: 'code'; readonly environment: string }
  | { readonly kind: 'error'; readonly error: AuthorizationError; readonly message: string }
  | {
      readonly kind: 'rejected';
      readonly reason: 'missingState' | 'unknownState' | 'expired' | 'malformed';
      readonly message: string;
    };

interface PendingRecord {
  readonly state: string;
  readonly environment: Environment;
  readonly redirectUri: string;
  readonly verifier: string;
  readonly scopes: readonly string[];
  readonly expiresAt: number;
  readonly promise: Promise<AuthorizationGrant>;
  readonly resolve: (grant: AuthorizationGrant) => void;
  readonly reject: (err: Error) => void;
}

/**
 * The in-memory table of authorization attempts, keyed by `state`. Each state is single use:
 * the first callback that names it consumes it, whatever it carries. Callbacks are validated in
 * this order: known state, then `error`, then `code`.
 */
export class PendingAuthorizations {
  /** Unconsumed states: the only ones a callback may name. */
  private readonly records = new Map<string, PendingRecord>();
  /** Outcomes not yet collected by `wait` (a callback can arrive before the waiter does). */
  private readonly outcomes = new Map<string, Promise<AuthorizationGrant>>();
  /** Registrations of each attempt's state, verifier and code with the log redaction. */
  private readonly held = new Map<string, SecretRegistration[]>();

  /**
   * @param secrets when given, each attempt's state, verifier and code are registered with it
   *   (so that logs redact them in any encoding) until the attempt is finished.
   */
  constructor(
    private readonly clock: Clock,
    private readonly ttlMs = PENDING_TTL_MS,
    private readonly secrets?: SecretRegistry,
  ) {}

  /** Number of attempts not yet finished (waiting for their callback or for their waiter). */
  get size(): number {
    return this.outcomes.size;
  }

  /**
   * Starts an attempt: a fresh verifier and state, bound to the environment, redirect URI and
   * scopes. Returns the state (to wait on) and the E1 URL to open.
   */
  async begin(input: { environment: Environment; redirectUri: string; scopes: readonly string[] }): Promise<{ state: string; authorizeUrl: string }> {
    this.purgeExpired();
    const pkce = await createPkcePair();
    const state = createState();
    let resolve!: (grant: AuthorizationGrant) => void;
    let reject!: (err: Error) => void;
    const promise = new Promise<AuthorizationGrant>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    // Nobody may be waiting yet when it settles; the waiter still sees the outcome.
    promise.catch(() => undefined);
    this.outcomes.set(state, promise);
    this.hold(state, state, pkce.verifier);
    this.records.set(state, {
      state,
      environment: input.environment,
      redirectUri: input.redirectUri,
      verifier: pkce.verifier,
      scopes: [...input.scopes],
      expiresAt: this.clock.now() + this.ttlMs,
      promise,
      resolve,
      reject,
    });
    const authorizeUrl = buildAuthorizeUrl(input.environment, {
      redirectUri: input.redirectUri,
      codeChallenge: pkce.challenge,
      state,
      scopes: input.scopes,
    });
    return { state, authorizeUrl };
  }

  /**
   * Waits for the callback of `state`. Rejects with the redirect's {@link AuthorizationError},
   * a {@link CancelledError} on abort, or a {@link SignInTimeoutError}; in every outcome the
   * record is gone afterwards.
   */
  async wait(state: string, signal?: AbortSignal): Promise<AuthorizationGrant> {
    const outcome = this.outcomes.get(state);
    if (!outcome) {
      throw new CancelledError('This sign-in attempt is no longer pending.');
    }
    if (signal?.aborted) {
      this.cancel(state);
      throw new CancelledError();
    }
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => {
        this.cancel(state);
        reject(new CancelledError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      // An abort wins even over a code that already arrived: the user asked to stop.
      return await Promise.race([outcome, aborted]);
    } finally {
      signal?.removeEventListener('abort', onAbort!);
      this.records.delete(state);
      this.outcomes.delete(state);
      this.release(state);
    }
  }

  /** Ends an attempt (cancel or timeout) so that its state can never be used. */
  cancel(state: string, reason: Error = new CancelledError()): void {
    const record = this.records.get(state);
    this.records.delete(state);
    // A waiter already holds the outcome; anything uncollected (even a code) is dropped.
    this.outcomes.delete(state);
    this.release(state);
    record?.reject(reason);
  }

  /** Ends every pending attempt, e.g. when the extension is deactivated. */
  cancelAll(): void {
    for (const state of [...this.records.keys(), ...this.outcomes.keys()]) {
      this.cancel(state);
    }
  }

  /**
   * Validates a redirect's query (URI handler, loopback or pasted address) and settles the
   * matching attempt. Unknown, reused or expired states are rejected and never exchanged.
   */
  handleCallback(query: URLSearchParams | string): CallbackResult {
    const params = typeof query === 'string' ? new URLSearchParams(query.replace(/^\?/, '')) : query;
    const states = params.getAll('state');
    if (states.length === 0) {
      return rejected('missingState', 'The sign-in response has no state. Start the sign-in again from VS Code.');
    }
    if (states.length > 1) {
      return rejected('malformed', 'The sign-in response is malformed (repeated state). Start the sign-in again.');
    }
    const record = this.records.get(states[0]);
    if (!record) {
      return rejected('unknownState', 'This sign-in response does not belong to a pending sign-in (it may have been used already). Start the sign-in again.');
    }
    // Single use: whatever follows, this state is spent.
    this.records.delete(record.state);
    if (this.clock.now() > record.expiresAt) {
      record.reject(new SignInTimeoutError(Math.round(this.ttlMs / 60_000)));
      return rejected('expired', 'This sign-in took too long and has expired. Start it again.');
    }

    // RFC 9207: the issuer in the response must be the one this sign-in went to (mix-up attacks).
    const issuerProblem = checkIssuer(record.environment, params.getAll('iss'));
    if (issuerProblem) {
      const error = new AuthorizationError('invalid_issuer', issuerProblem);
      record.reject(error);
      return { kind: 'error', error, message: describeAuthorizationError(error) };
    }

    const errors = params.getAll('error');
    if (errors.length > 0) {
      const error = new AuthorizationError(plainText(errors[0], 80) ?? 'invalid_request', plainText(params.get('error_description')), plainText(params.get('hint')));
      record.reject(error);
      return { kind: 'error', error, message: describeAuthorizationError(error) };
    }

    const codes = params.getAll('code');
    if (codes.length !== 1 || codes[0] === '') {
      const error = new AuthorizationError('invalid_request', codes.length === 0 ? 'The browser returned neither a code nor an error' : 'The browser returned a malformed code');
      record.reject(error);
      return { kind: 'error', error, message: describeAuthorizationError(error) };
    }
    this.hold(record.state, codes[0]);
    record.resolve({
      code: codes[0],
      state: record.state,
      environment: record.environment,
      redirectUri: record.redirectUri,
      verifier: record.verifier,
      scopes: record.scopes,
    });
    return { kind: 'code', environment: record.environment.name };
  }

  /**
   * Mode (c): the user pastes the address the browser ended on. Accepts a full URL or just its
   * query string and feeds it to {@link handleCallback}.
   */
  handlePastedUrl(text: string): CallbackResult {
    const trimmed = text.trim();
    let query: string;
    if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) {
      let url: URL;
      try {
        url = new URL(trimmed);
      } catch {
        return rejected('malformed', 'That is not a valid address. Paste the whole address from the browser.');
      }
      if (!isAuthCallbackPath(url.pathname)) {
        return rejected('malformed', `That address is not a sign-in callback (its path must end in ${AUTH_CALLBACK_PATH}).`);
      }
      query = url.search;
    } else {
      query = trimmed.replace(/^[^?]*\?/, '');
    }
    return this.handleCallback(query);
  }

  private hold(state: string, ...values: string[]): void {
    if (this.secrets) {
      const list = this.held.get(state) ?? [];
      list.push(this.secrets.registerAll(values));
      this.held.set(state, list);
    }
  }

  private release(state: string): void {
    this.held.get(state)?.forEach((h) => h.dispose());
    this.held.delete(state);
  }

  private purgeExpired(): void {
    const now = this.clock.now();
    for (const record of [...this.records.values()]) {
      if (now > record.expiresAt) {
        this.records.delete(record.state);
        this.outcomes.delete(record.state);
        this.release(record.state);
        record.reject(new SignInTimeoutError(Math.round(this.ttlMs / 60_000)));
      }
    }
  }
}

/**
 * Checks the callback's `iss` (RFC 9207). With a configured `issuer` the server is known to send
 * it: it must be there and equal. Otherwise an `iss` that comes back must name the environment's
 * `authUrl` (a trailing slash aside); a server with another issuer identifier needs `issuer` set.
 */
export function checkIssuer(env: Pick<Environment, 'authUrl' | 'issuer' | 'name'>, values: readonly string[]): string | undefined {
  if (values.length > 1) {
    return 'The sign-in response names more than one issuer (iss)';
  }
  const iss = values[0];
  if (env.issuer !== undefined) {
    if (iss === undefined) {
      return `The sign-in response does not name its issuer (iss), which "${env.name}" is configured to expect (${env.issuer})`;
    }
    return iss === env.issuer ? undefined : `The sign-in response came from another issuer (${plainText(iss, 200) ?? ''}) than "${env.name}" expects (${env.issuer})`;
  }
  if (iss === undefined) {
    return undefined;
  }
  const strip = (u: string) => u.replace(/\/+$/, '');
  return strip(iss) === strip(env.authUrl)
    ? undefined
    : `The sign-in response names the issuer ${plainText(iss, 200) ?? ''}, not the authUrl of "${env.name}". If that is your tenant's issuer, set "issuer" in the environment`;
}

function rejected(reason: 'missingState' | 'unknownState' | 'expired' | 'malformed', message: string): CallbackResult {
  return { kind: 'rejected', reason, message };
}
