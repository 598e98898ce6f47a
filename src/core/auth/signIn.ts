import { AuthorizationError, CancelledError, ConfigurationError } from '../errors';
import type { Logger } from '../logger';
import type { SecretRegistry } from '../secretRegistry';
import { SignInTimeoutError } from './authErrors';
import type { Environment } from './environments';
import { startLoopbackReceiver, type LoopbackReceiver } from './loopbackReceiver';
import { PENDING_TTL_MS, type PendingAuthorizations } from './pendingAuthorizations';
import type { SessionRecord } from './sessionRecord';
import type { ClientSecrets } from './sessionStore';
import type { Clock, Timers } from '../clock';
import type { FetchLike, OpenBrowser } from './seams';
import { TokenEndpointClient } from './tokenEndpoint';
import { createSessionRecord, type TokenManager } from './tokenManager';
import { serverIdentity } from './serverIdentity';

/** What a sign-in needs; the {@link AuthCore} facade supplies it. */
export interface SignInDeps {
  readonly pending: PendingAuthorizations;
  readonly tokens: TokenManager;
  readonly clientSecrets: ClientSecrets;
  readonly openBrowser: OpenBrowser;
  readonly clock: Clock;
  readonly timers: Timers;
  readonly logger: Logger;
  readonly fetch?: FetchLike;
  readonly proxyFor?: (origin: string) => string | undefined;
  /** When given, the code, verifier, state and secrets in use are registered for log redaction. */
  readonly secretRegistry?: SecretRegistry;
}

/** One interactive sign-in. */
export interface SignInOptions {
  readonly environment: Environment;
  /**
   * The registered redirect URI for the `uriHandler` and `paste` modes (the glue builds it, e.g.
   * `vscode://tenantlabs.tenant-graphql/auth-callback`). Loopback mode builds its own.
   */
  readonly redirectUri?: string;
  /** Defaults to the environment's scopes. */
  readonly scopes?: readonly string[];
  readonly signal?: AbortSignal;
  /** Defaults to 5 minutes. */
  readonly timeoutMs?: number;
  /**
   * Called with the E1 address before the browser is opened, e.g. to offer "copy the address"
   * in paste mode. When given, a browser that fails to open does not end the sign-in.
   */
  readonly onAuthorizeUrl?: (url: string) => void;
}

/**
 * Runs the Authorization Code Grant with PKCE: pending record, browser, wait for the callback
 * (cancellable, time-limited), exchange at once, store. An `invalid_grant` at the exchange
 * restarts the whole attempt once with a fresh verifier and state; the code is never retried.
 */
export async function signIn(deps: SignInDeps, options: SignInOptions): Promise<SessionRecord> {
  const env = options.environment;
  const secret = env.clientType === 'confidential' ? await deps.clientSecrets.get(serverIdentity(env)) : undefined;
  if (env.clientType === 'confidential' && !secret) {
    throw new ConfigurationError('clientSecret', `Environment "${env.name}" is a confidential client: set its client secret with the "Set Client Secret" command first.`);
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await attemptOnce(deps, options, secret);
    } catch (err) {
      if (attempt === 1 && err instanceof RestartableError) {
        deps.logger.info(`The authorization code for "${env.name}" was refused (invalid_grant); starting the sign-in again.`);
        continue;
      }
      throw err instanceof RestartableError ? err.inner : err;
    }
  }
}

/** Marks an `invalid_grant` at the code exchange: the attempt is restarted instead of retried. */
class RestartableError extends Error {
  constructor(readonly inner: AuthorizationError) {
    super(inner.message);
  }
}

async function attemptOnce(deps: SignInDeps, options: SignInOptions, secret: string | undefined): Promise<SessionRecord> {
  const env = options.environment;
  const scopes = options.scopes ?? env.scopes;
  const timeoutMs = options.timeoutMs ?? PENDING_TTL_MS;
  if (options.signal?.aborted) {
    throw new CancelledError();
  }
  let receiver: LoopbackReceiver | undefined;
  let redirectUri: string;
  if (env.redirectMode === 'loopback') {
    receiver = await startLoopbackReceiver({ port: env.loopbackPort, onCallback: (q) => deps.pending.handleCallback(q), logger: deps.logger });
    redirectUri = receiver.redirectUri;
  } else if (options.redirectUri) {
    redirectUri = options.redirectUri;
  } else {
    throw new ConfigurationError('redirectUri', `Sign-in to "${env.name}" needs a redirect URI for the ${env.redirectMode} mode.`);
  }

  let grant;
  let state: string | undefined;
  const timer = { dispose: () => undefined } as { dispose(): void };
  try {
    const begun = await deps.pending.begin({ environment: env, redirectUri, scopes });
    state = begun.state;
    const pendingState = state;
    const t = deps.timers.setTimeout(() => deps.pending.cancel(pendingState, new SignInTimeoutError(Math.round(timeoutMs / 60_000))), timeoutMs);
    timer.dispose = () => t.dispose();
    options.onAuthorizeUrl?.(begun.authorizeUrl);
    deps.logger.info(`Opening the browser to sign in to "${env.name}" (${env.redirectMode} redirect).`);
    const opened = await deps.openBrowser(begun.authorizeUrl);
    if (!opened && !options.onAuthorizeUrl) {
      throw new CancelledError('The browser was not opened.');
    }
    grant = await deps.pending.wait(state, options.signal);
  } finally {
    timer.dispose();
    if (state !== undefined) {
      deps.pending.cancel(state);
    }
    await receiver?.close();
  }

  const client = new TokenEndpointClient(env, deps.fetch, undefined, deps.proxyFor);
  let tokens;
  const held = deps.secretRegistry?.registerAll([grant.code, grant.verifier, grant.state, secret]);
  try {
    tokens = await client.exchangeCode(
      { code: grant.code, state: grant.state, redirectUri: grant.redirectUri, verifier: grant.verifier, clientSecret: secret },
      { signal: options.signal },
    );
  } catch (err) {
    if (err instanceof AuthorizationError && err.error === 'invalid_grant') {
      throw new RestartableError(err);
    }
    throw err;
  } finally {
    held?.dispose();
  }
  const record = createSessionRecord({ environment: env, kind: 'user', tokens, scopes, receivedAt: deps.clock.now() });
  await deps.tokens.addSession(record);
  deps.logger.info(`Signed in to "${env.name}" as ${record.account.label}.`);
  return record;
}

/**
 * Gets a team token (Client Credentials) for a confidential client. The secret comes from the
 * argument or from secret storage; the session is shown as "Team" (no user).
 */
export async function signInWithClientCredentials(
  deps: Pick<SignInDeps, 'tokens' | 'clientSecrets' | 'clock' | 'logger' | 'fetch' | 'proxyFor' | 'secretRegistry'>,
  env: Environment,
  options: { secret?: string; scopes?: readonly string[]; signal?: AbortSignal } = {},
): Promise<SessionRecord> {
  if (env.clientType !== 'confidential') {
    throw new ConfigurationError('clientType', `Team sign-in needs a confidential client; environment "${env.name}" is public.`);
  }
  const secret = options.secret ?? (await deps.clientSecrets.get(serverIdentity(env)));
  if (!secret) {
    throw new ConfigurationError('clientSecret', `Set the client secret of "${env.name}" with the "Set Client Secret" command first.`);
  }
  const scopes = options.scopes ?? env.scopes;
  const held = deps.secretRegistry?.register(secret);
  let tokens;
  try {
    tokens = await new TokenEndpointClient(env, deps.fetch, undefined, deps.proxyFor).clientCredentials(secret, scopes, { signal: options.signal });
  } finally {
    held?.dispose();
  }
  const record = createSessionRecord({ environment: env, kind: 'team', tokens, scopes, receivedAt: deps.clock.now() });
  await deps.tokens.addSession(record);
  deps.logger.info(`Signed in to "${env.name}" as Team.`);
  return record;
}
