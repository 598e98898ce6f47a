/**
 * The checks of an E1 sign-in request that are answered by a redirect back with `error` and
 * `hint` (authorize.ts answers the ones that cannot be trusted to redirect with a page).
 */
import type { SandboxState } from './state';
import type { ClientConfig } from './tenant';

/** PKCE S256 challenge: base64url of a SHA-256 digest, no padding (RFC 7636). */
const CODE_CHALLENGE_RE = /^[A-Za-z0-9_-]{43}$/;

/** Parses the scope parameter (space separated) against the tenant and the client. */
function checkScopes(state: SandboxState, client: ClientConfig, scopeParam: string | undefined): { scopes: string[] } | { hint: string } {
  const requested = [...new Set((scopeParam ?? '').split(' ').filter((s) => s !== ''))];
  for (const s of requested) {
    if (!state.tenant.scopes.some((t) => t.name === s)) {
      const commaHint = s.includes(',') ? '; scopes are separated by spaces, not commas' : '';
      return { hint: `Check the \`${s}\` scope${commaHint}` };
    }
    if (!client.scopes.includes(s)) {
      return { hint: `The application is not allowed the \`${s}\` scope` };
    }
  }
  return { scopes: requested };
}

/** The checks of a sign-in request that are answered by a redirect with an error: the error, or what the request asks. */
export function checkAuthorizeRequest(
  state: SandboxState,
  client: ClientConfig,
  params: Map<string, string>,
  duplicates: readonly string[],
): { error: string; hint: string } | { scopes: string[]; codeChallenge: string } {
  const problem = (error: string, hint: string) => ({ error, hint });
  if (duplicates.length > 0) {
    return problem('invalid_request', `The \`${duplicates[0]}\` parameter was sent more than once`);
  }
  const responseType = params.get('response_type');
  if (responseType === undefined || responseType === '') {
    return problem('invalid_request', 'Check the `response_type` parameter');
  }
  if (responseType !== 'code') {
    return problem('unsupported_response_type', 'The `response_type` parameter must be code');
  }
  if (!client.grants.includes('authorization_code')) {
    return problem('unauthorized_client', 'The application is not allowed the authorization_code grant');
  }
  const codeChallenge = params.get('code_challenge');
  if (codeChallenge === undefined || codeChallenge === '') {
    return problem('invalid_request', 'Code challenge must be provided for all clients (PKCE is required)');
  }
  const method = params.get('code_challenge_method');
  if (method === undefined || method === '') {
    return problem('invalid_request', 'Check the `code_challenge_method` parameter; it must be S256');
  }
  if (method !== 'S256') {
    return problem('invalid_request', 'Code challenge method must be `S256`');
  }
  if (!CODE_CHALLENGE_RE.test(codeChallenge)) {
    return problem('invalid_request', 'Code challenge must follow the specifications of RFC-7636 (43 base64url characters for S256)');
  }
  const scopeCheck = checkScopes(state, client, params.get('scope'));
  if ('hint' in scopeCheck) {
    return problem('invalid_scope', scopeCheck.hint);
  }
  return { scopes: scopeCheck.scopes, codeChallenge };
}
