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

/**
 * Builds the E1 URL. `code_challenge_method=S256` is always sent; scopes are space separated and
 * omitted when empty. The `redirect_uri` is sent exactly as given, so the exchange can repeat it
 * byte for byte.
 */
export function buildAuthorizeUrl(env: Pick<Environment, 'authUrl' | 'clientId'>, request: AuthorizeRequest): string {
  const url = new URL(authorizationEndpoint(env));
  const params = url.searchParams;
  params.set('client_id', env.clientId);
  params.set('redirect_uri', request.redirectUri);
  params.set('response_type', 'code');
  params.set('code_challenge', request.codeChallenge);
  params.set('code_challenge_method', 'S256');
  if (request.scopes.length > 0) {
    params.set('scope', request.scopes.join(' '));
  }
  params.set('state', request.state);
  return url.toString();
}
