import * as oauth from 'oauth4webapi';
import { AuthorizationError, CancelledError, ConfigurationError, HttpStatusError, NetworkError, TenantGraphqlError } from '../errors';
import { isLoopbackHost } from '../urlPolicy';
import { InvalidTokenResponseError, plainText } from './authErrors';
import { authorizationEndpoint, tokenEndpointUrl } from './authorizeUrl';
import type { Environment } from './environments';
import { proxyError } from '../http/networkErrors';
import { decodeJwtForDisplay } from './jwtDisplay';
import type { FetchLike } from './seams';

/** A validated token response: bearer, numeric lifetime, string tokens. */
export interface TokenSet {
  readonly accessToken: string;
  readonly tokenType: 'bearer';
  /** Seconds: as sent, or (without `expires_in`) until the JWT's `exp`, or the spec's 3600 when neither says. */
  readonly expiresIn: number;
  /** Where {@link expiresIn} came from; only set when the response had no `expires_in`. */
  readonly expiresInFrom?: 'jwtExp' | 'assumed';
  /** The OpenID ID token, when the server sent one (read only for the account's name). */
  readonly idToken?: string;
  readonly refreshToken?: string;
  /** Space-separated granted scopes, when the server sent them. */
  readonly scope?: string;
}

/** What the token endpoint client needs of an environment: its server, its client and a name for messages. */
export type TokenEndpointTarget = Pick<Environment, 'name' | 'authUrl' | 'baseUrl' | 'clientId' | 'clientType' | 'issuer' | 'resource'>;

/** The spec's access token lifetime, assumed when a response says nothing about it. */
const ASSUMED_LIFETIME_S = 3600;

/** Options shared by every grant. */
export interface GrantOptions {
  readonly signal?: AbortSignal;
}

/** Default limit of one token endpoint request. */
const TOKEN_REQUEST_TIMEOUT_MS = 30_000;

/**
 * Checks a token endpoint body ourselves, independent of oauth4webapi: `token_type` is bearer
 * (any case), `expires_in` a positive number when present, `access_token` a non-empty string and
 * `refresh_token` a non-empty string when present. Messages never contain token values.
 * `expires_in` is only RECOMMENDED (RFC 6749 5.1): without it the lifetime is read from the
 * access token's `exp` (a JWT, by the spec) against `nowMs`, else the spec's 3600 s is assumed
 * (a 401 still refreshes early).
 */
export function validateTokenResponse(body: unknown, nowMs = Date.now()): TokenSet {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new InvalidTokenResponseError('The token endpoint did not answer with a JSON object.');
  }
  const b = body as Record<string, unknown>;
  if (typeof b.access_token !== 'string' || b.access_token === '') {
    throw new InvalidTokenResponseError('The token response has no access_token text.');
  }
  if (typeof b.token_type !== 'string' || b.token_type.toLowerCase() !== 'bearer') {
    throw new InvalidTokenResponseError('The token response is not of token_type "bearer".');
  }
  let expiresInFrom: TokenSet['expiresInFrom'];
  let expiresIn = typeof b.expires_in === 'string' && /^\d+(\.\d+)?$/.test(b.expires_in) ? Number(b.expires_in) : b.expires_in;
  if (expiresIn === undefined || expiresIn === null) {
    const exp = decodeJwtForDisplay(b.access_token)?.exp;
    if (exp !== undefined && exp * 1000 > nowMs) {
      expiresIn = Math.floor((exp * 1000 - nowMs) / 1000);
      expiresInFrom = 'jwtExp';
    } else if (exp !== undefined) {
      throw new InvalidTokenResponseError('The token response has no expires_in and its access token has already expired (exp). Check the clock of this machine.');
    } else {
      expiresIn = ASSUMED_LIFETIME_S;
      expiresInFrom = 'assumed';
    }
  }
  if (typeof expiresIn !== 'number' || !Number.isFinite(expiresIn) || expiresIn <= 0) {
    throw new InvalidTokenResponseError('The token response has an expires_in that is not a positive number.');
  }
  if (b.id_token !== undefined && typeof b.id_token !== 'string') {
    throw new InvalidTokenResponseError('The token response has an id_token that is not text.');
  }
  if (b.refresh_token !== undefined && (typeof b.refresh_token !== 'string' || b.refresh_token === '')) {
    throw new InvalidTokenResponseError('The token response has a refresh_token that is not text.');
  }
  if (b.scope !== undefined && typeof b.scope !== 'string') {
    throw new InvalidTokenResponseError('The token response has a scope that is not text.');
  }
  return {
    accessToken: b.access_token,
    tokenType: 'bearer',
    expiresIn,
    refreshToken: b.refresh_token as string | undefined,
    scope: b.scope as string | undefined,
    ...(expiresInFrom ? { expiresInFrom } : {}),
    ...(typeof b.id_token === 'string' && b.id_token !== '' ? { idToken: b.id_token } : {}),
  };
}

/**
 * The three grants of E2 through oauth4webapi, with a hand-built authorization server (there is
 * no discovery document). Errors become typed: RFC 6749 bodies {@link AuthorizationError},
 * no response {@link NetworkError}, 5xx/429/other statuses {@link HttpStatusError}, a bad 200
 * body {@link InvalidTokenResponseError}, abort {@link CancelledError}.
 */
export class TokenEndpointClient {
  private readonly as: oauth.AuthorizationServer;
  private readonly client: oauth.Client;
  private readonly insecureLoopback: boolean;

  constructor(
    private readonly env: TokenEndpointTarget,
    private readonly fetchImpl?: FetchLike,
    private readonly timeoutMs = TOKEN_REQUEST_TIMEOUT_MS,
    /** The proxy (credentials hidden) requests to an origin go through, for messages. */
    private readonly proxyFor?: (origin: string) => string | undefined,
  ) {
    const token = tokenEndpointUrl(env);
    // The issuer matters only for an ID token's `iss`; without a configured one it is authUrl.
    this.as = { issuer: env.issuer ?? env.authUrl, authorization_endpoint: authorizationEndpoint(env), token_endpoint: token };
    this.client = { client_id: env.clientId };
    const url = new URL(token);
    // oauth4webapi refuses http:// unless told; the URL policy already limited http to loopback.
    this.insecureLoopback = url.protocol === 'http:' && isLoopbackHost(url.hostname);
  }

  /** authorization_code grant; `clientSecret` only (and always) for confidential clients. */
  async exchangeCode(input: { code: string; state: string; redirectUri: string; verifier: string; clientSecret?: string }, options: GrantOptions = {}): Promise<TokenSet> {
    // Our own callback validation already matched the state; this only brands the parameters.
    const params = oauth.validateAuthResponse(this.as, this.client, new URLSearchParams({ code: input.code, state: input.state }), input.state);
    return this.run(options, async (opts) => {
      const response = await oauth.authorizationCodeGrantRequest(this.as, this.client, this.clientAuth(input.clientSecret), params, input.redirectUri, input.verifier, {
        ...opts,
        additionalParameters: this.resourceParameter(),
      });
      return this.process(response, () => oauth.processAuthorizationCodeResponse(this.as, this.client, response));
    });
  }

  /** refresh_token grant. */
  async refresh(refreshToken: string, clientSecret: string | undefined, options: GrantOptions = {}): Promise<TokenSet> {
    return this.run(options, async (opts) => {
      const response = await oauth.refreshTokenGrantRequest(this.as, this.client, this.clientAuth(clientSecret), refreshToken, {
        ...opts,
        additionalParameters: this.resourceParameter(),
      });
      return this.process(response, () => oauth.processRefreshTokenResponse(this.as, this.client, response));
    });
  }

  /** client_credentials grant (team token); needs the confidential client's secret. */
  async clientCredentials(clientSecret: string, scopes: readonly string[], options: GrantOptions = {}): Promise<TokenSet> {
    const parameters = new URLSearchParams();
    if (scopes.length > 0) {
      parameters.set('scope', scopes.join(' '));
    }
    if (this.env.resource) {
      parameters.set('resource', this.env.resource);
    }
    return this.run(options, async (opts) => {
      const response = await oauth.clientCredentialsGrantRequest(this.as, this.client, oauth.ClientSecretPost(clientSecret), parameters, opts);
      return this.process(response, () => oauth.processClientCredentialsResponse(this.as, this.client, response));
    });
  }

  /** RFC 8707: the token is asked for the API it will be sent to. */
  private resourceParameter(): Record<string, string> {
    return this.env.resource ? { resource: this.env.resource } : {};
  }

  private clientAuth(clientSecret: string | undefined): oauth.ClientAuth {
    if (this.env.clientType === 'confidential') {
      if (!clientSecret) {
        throw new ConfigurationError('clientSecret', `No client secret is set for environment "${this.env.name}". Set it with the "Set Client Secret" command.`);
      }
      return oauth.ClientSecretPost(clientSecret);
    }
    return oauth.None();
  }

  private async run(
    options: GrantOptions,
    call: (opts: { signal: AbortSignal; [oauth.customFetch]?: FetchLike; [oauth.allowInsecureRequests]?: boolean }) => Promise<TokenSet>,
  ): Promise<TokenSet> {
    if (options.signal?.aborted) {
      throw new CancelledError();
    }
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const opts = {
      signal,
      [oauth.customFetch]: this.fetchImpl,
      [oauth.allowInsecureRequests]: this.insecureLoopback,
    };
    try {
      return await call(opts);
    } catch (err) {
      throw this.mapError(err, options.signal, timeout);
    }
  }

  private async process(response: Response, processor: () => Promise<unknown>): Promise<TokenSet> {
    if (response.status >= 500 || response.status === 429) {
      throw await statusError(response);
    }
    let body: unknown;
    try {
      body = await processor();
    } catch (err) {
      if (err instanceof oauth.ResponseBodyError) {
        const cause = err.cause as Record<string, unknown>;
        throw new AuthorizationError(
          plainText(err.error, 80) ?? 'invalid_request',
          plainText(err.error_description),
          plainText(typeof cause.hint === 'string' ? cause.hint : undefined),
          err.status,
        );
      }
      if (err instanceof oauth.WWWAuthenticateChallengeError) {
        const challenge = err.cause[0];
        throw new AuthorizationError(
          plainText(challenge?.parameters.error, 80) ?? 'invalid_client',
          plainText(challenge?.parameters.error_description) ?? 'The token endpoint refused the client credentials',
          undefined,
          err.status,
        );
      }
      if (response.status !== 200) {
        throw await statusError(response);
      }
      if (err instanceof oauth.OperationProcessingError || err instanceof oauth.UnsupportedOperationError) {
        // The message is oauth4webapi's and names fields only; its cause holds the body and is dropped.
        throw new InvalidTokenResponseError(`The token endpoint sent an invalid response: ${err.message}.`);
      }
      throw err;
    }
    return validateTokenResponse(body);
  }

  private mapError(err: unknown, callerSignal: AbortSignal | undefined, timeout: AbortSignal): unknown {
    if (err instanceof TenantGraphqlError) {
      return err;
    }
    if (callerSignal?.aborted) {
      return new CancelledError();
    }
    if (timeout.aborted) {
      return new NetworkError(`The token endpoint did not answer within ${Math.round(this.timeoutMs / 1000)} s.`, 'ETIMEDOUT');
    }
    if (err instanceof oauth.OperationProcessingError && (err.code === oauth.HTTP_REQUEST_FORBIDDEN || err.code === oauth.REQUEST_PROTOCOL_FORBIDDEN)) {
      return new NetworkError(`The token endpoint address of "${this.env.name}" is not allowed: ${err.message}.`);
    }
    const code = systemErrorCode(err);
    // Behind a proxy that refuses the tunnel or wants credentials, say so, naming the proxy as the GraphQL requests do.
    const origin = new URL(tokenEndpointUrl(this.env)).origin;
    const viaProxy = proxyError(err, origin, this.proxyFor?.(origin) ?? 'in your network settings', code);
    if (viaProxy) {
      return viaProxy;
    }
    return new NetworkError(`Could not reach the token endpoint of "${this.env.name}"${code ? ` (${code})` : ''}.`, code);
  }
}

async function statusError(response: Response): Promise<HttpStatusError> {
  let bodyText: string | undefined;
  try {
    bodyText = plainText(await response.text(), 200);
  } catch {
    bodyText = undefined;
  }
  return new HttpStatusError(response.status, `The token endpoint answered HTTP ${response.status}.`, retryAfterMs(response.headers.get('retry-after')), bodyText);
}

/** `Retry-After` in milliseconds: seconds or an HTTP date. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) {
    return undefined;
  }
  if (/^\d+$/.test(value.trim())) {
    return Number(value.trim()) * 1000;
  }
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function systemErrorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) {
      return code;
    }
  }
  return undefined;
}
