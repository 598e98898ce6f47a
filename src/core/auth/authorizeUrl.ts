import { joinUrl } from '../urlPolicy';
import type { Environment } from './environments';

/** E1: `{authUrl}/oauth/authorize` (no version prefix). */
export function authorizationEndpoint(env: Pick<Environment, 'authUrl'>): string {
  return joinUrl(env.authUrl, 'oauth/authorize');
}

/** E2: `{baseUrl}/v1/oauth/token`. */
export function tokenEndpointUrl(env: Pick<Environment, 'baseUrl'>): string {
  return joinUrl(env.baseUrl, 'v1/oauth/token');
}

/** The parameters of one authorization request. */
export interface AuthorizeRequest {
  readonly redirectUri: string;
  readonly codeChallenge: string;
  readonly state: string;
  readonly scopes: readonly string[];
}

/** The scopes E1 asks for: the environment's, plus `offline_access` when it wants a refresh token. */
export function requestedScopes(env: Pick<Environment, 'offlineAccess'>, scopes: readonly string[]): string[] {
  return env.offlineAccess && !scopes.includes('offline_access') ? [...scopes, 'offline_access'] : [...scopes];
}

/**
 * Builds the E1 URL. `code_challenge_method=S256` is always sent; scopes are space separated and
 * omitted when empty. The `redirect_uri` is sent exactly as given, so the exchange can repeat it
 * byte for byte. `offlineAccess` adds the `offline_access` scope and `prompt=consent` (what
 * OpenID servers need before they issue a refresh token), `resource` is RFC 8707's, and the
 * environment's extra parameters come last without replacing any of the flow's.
 */
export function buildAuthorizeUrl(env: Pick<Environment, 'authUrl' | 'clientId' | 'offlineAccess' | 'authorizeParameters' | 'resource'>, request: AuthorizeRequest): string {
  const url = new URL(authorizationEndpoint(env));
  const params = url.searchParams;
  params.set('client_id', env.clientId);
  params.set('redirect_uri', request.redirectUri);
  params.set('response_type', 'code');
  params.set('code_challenge', request.codeChallenge);
  params.set('code_challenge_method', 'S256');
  const scopes = requestedScopes(env, request.scopes);
  if (scopes.length > 0) {
    params.set('scope', scopes.join(' '));
  }
  params.set('state', request.state);
  if (env.resource) {
    params.set('resource', env.resource);
  }
  if (env.offlineAccess && !env.authorizeParameters?.prompt) {
    params.set('prompt', 'consent');
  }
  for (const [key, value] of Object.entries(env.authorizeParameters ?? {})) {
    if (!params.has(key)) {
      params.set(key, value);
    }
  }
  return url.toString();
}
