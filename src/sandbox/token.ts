import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { parseParams } from './http';
import { jsonResponse, type EndpointResponse } from './respond';
import type { SandboxState } from './state';
import type { ClientConfig, GrantType } from './tenant';
import { ACCESS_TOKEN_LIFETIME_S, type Principal } from './tokens';

/** RFC 7636: 43-128 characters of the unreserved set. */
const CODE_VERIFIER_RE = /^[A-Za-z0-9\-._~]{43,128}$/;

/** RFC 6749 section 5.2 error codes with League-style descriptions and their statuses. */
const ERRORS: Record<string, [status: number, description: string]> = {
  invalid_request: [400, 'The request is missing a required parameter, includes an invalid parameter value, includes a parameter more than once, or is otherwise malformed.'],
  invalid_client: [401, 'Client authentication failed'],
  invalid_grant: [
    400,
    'The provided authorization grant (e.g., authorization code, resource owner credentials) or refresh token is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
  ],
  unauthorized_client: [400, 'The authenticated client is not authorized to use this authorization grant type.'],
  unsupported_grant_type: [400, 'The authorization grant type is not supported by the authorization server.'],
  invalid_scope: [400, 'The requested scope is invalid, unknown, or malformed'],
};

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

/** An RFC 6749 section 5.2 error response with `hint`. */
export function tokenError(error: keyof typeof ERRORS, hint: string, extraHeaders: Record<string, string> = {}): EndpointResponse {
  const [status, description] = ERRORS[error];
  return jsonResponse(status, { error, error_description: description, hint }, { ...NO_STORE, ...extraHeaders });
}

/** Parameters of a token request, or the error response for an unreadable body. */
export type ParsedTokenRequest = { ok: true; params: Map<string, string> } | { ok: false; response: EndpointResponse };

/** Parses a token request body sent as form data or JSON; repeated or non-string parameters are invalid. */
export function parseTokenRequest(req: IncomingMessage, body: string): ParsedTokenRequest {
  if (req.method !== 'POST') {
    const rejected = tokenError('invalid_request', 'The token endpoint only accepts POST', { allow: 'POST' });
    return { ok: false, response: { ...rejected, status: 405 } };
  }
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') {
    const { params, duplicates } = parseParams(body);
    if (duplicates.length > 0) {
      return { ok: false, response: tokenError('invalid_request', `The \`${duplicates[0]}\` parameter was sent more than once`) };
    }
    return { ok: true, params };
  }
  if (type === 'application/json') {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return { ok: false, response: tokenError('invalid_request', 'The JSON body could not be parsed') };
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      return { ok: false, response: tokenError('invalid_request', 'The JSON body must be an object') };
    }
    const params = new Map<string, string>();
    for (const [k, v] of Object.entries(json)) {
      if (typeof v !== 'string') {
        return { ok: false, response: tokenError('invalid_request', `The \`${k}\` parameter must be a string`) };
      }
      params.set(k, v);
    }
    return { ok: true, params };
  }
  return { ok: false, response: tokenError('invalid_request', 'Send the parameters as application/x-www-form-urlencoded or application/json') };
}

/** Counts the request under its grant type for {@link SandboxState.stats}. */
export function countTokenRequest(state: SandboxState, parsed: ParsedTokenRequest): void {
  const g = parsed.ok ? parsed.params.get('grant_type') : undefined;
  if (g === 'authorization_code' || g === 'refresh_token' || g === 'client_credentials') {
    state.stats.token[g] += 1;
  } else {
    state.stats.token.other += 1;
  }
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

function secretsEqual(a: string, b: string): boolean {
  return timingSafeEqual(sha256(a), sha256(b));
}

function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** HTTP Basic client credentials (RFC 6749 section 2.3.1), if sent. */
function basicCredentials(req: IncomingMessage): { id: string; secret: string } | 'malformed' | undefined {
  const header = req.headers.authorization;
  if (header === undefined) {
    return undefined;
  }
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!m) {
    return 'malformed';
  }
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) {
    return 'malformed';
  }
  try {
    return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
  } catch {
    return 'malformed';
  }
}

/** Authenticates the client: confidential clients must send their secret, public clients must not. */
function authenticateClient(state: SandboxState, req: IncomingMessage, params: Map<string, string>): { client: ClientConfig } | { response: EndpointResponse } {
  const basic = basicCredentials(req);
  const basicChallenge = { 'www-authenticate': 'Basic realm="Tenant GraphQL Sandbox"' };
  if (basic === 'malformed') {
    return { response: tokenError('invalid_client', 'The Authorization header is not valid HTTP Basic client authentication', basicChallenge) };
  }
  const bodySecret = params.get('client_secret');
  if (basic !== undefined && bodySecret !== undefined) {
    return { response: tokenError('invalid_request', 'Use only one client authentication method: client_secret or HTTP Basic') };
  }
  const bodyId = params.get('client_id');
  if (basic !== undefined && bodyId !== undefined && bodyId !== basic.id) {
    return { response: tokenError('invalid_request', 'The `client_id` parameter does not match the HTTP Basic credentials') };
  }
  const clientId = basic?.id ?? bodyId;
  if (clientId === undefined || clientId === '') {
    return { response: tokenError('invalid_request', 'Check the `client_id` parameter') };
  }
  const client = state.client(clientId);
  const challenge = basic === undefined ? {} : basicChallenge;
  if (!client) {
    return { response: tokenError('invalid_client', 'The client is not registered', challenge) };
  }
  const secret = basic?.secret ?? bodySecret;
  if (client.type === 'public') {
    if (secret !== undefined) {
      return { response: tokenError('invalid_request', 'Public clients must not send a client_secret') };
    }
    return { client };
  }
  if (secret === undefined || secret === '') {
    return { response: tokenError('invalid_client', 'A confidential client must send its client_secret', challenge) };
  }
  if (!secretsEqual(secret, client.clientSecret ?? '')) {
    return { response: tokenError('invalid_client', 'The client secret is not correct', challenge) };
  }
  return { client };
}

function parseScopeParam(state: SandboxState, client: ClientConfig, value: string): { scopes: string[] } | { response: EndpointResponse } {
  const scopes = [...new Set(value.split(' ').filter((s) => s !== ''))];
  for (const s of scopes) {
    if (!state.tenant.scopes.some((t) => t.name === s)) {
      return { response: tokenError('invalid_scope', `Check the \`${s}\` scope${s.includes(',') ? '; scopes are separated by spaces, not commas' : ''}`) };
    }
    if (!client.scopes.includes(s)) {
      return { response: tokenError('invalid_scope', `The application is not allowed the \`${s}\` scope`) };
    }
  }
  return { scopes };
}

async function issueTokens(state: SandboxState, client: ClientConfig, principal: Principal, scopes: string[], familyId: string): Promise<EndpointResponse> {
  const user = principal.kind === 'user' ? state.store.userById(principal.userId) : undefined;
  const groups = user?.groups ?? [];
  const accessToken = await state.tokens.signAccessToken({
    principal,
    ...(user ? { userName: user.name } : {}),
    teamId: state.tenant.team.id,
    clientId: client.clientId,
    scopes,
    groups,
    familyId,
  });
  const body: Record<string, string | number> = {
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_LIFETIME_S,
    access_token: accessToken,
  };
  if (client.grants.includes('refresh_token')) {
    body.refresh_token = state.tokens.issueRefreshToken({ clientId: client.clientId, principal, scopes, familyId });
  }
  return jsonResponse(200, body, NO_STORE);
}

function required(params: Map<string, string>, name: string): string | EndpointResponse {
  const v = params.get(name);
  return v === undefined || v === '' ? tokenError('invalid_request', `Check the \`${name}\` parameter`) : v;
}

/** E2 `POST {base_url}/v1/oauth/token`: the three grants, with RFC 6749 section 5.2 errors. */
export async function processTokenRequest(state: SandboxState, req: IncomingMessage, parsed: ParsedTokenRequest): Promise<EndpointResponse> {
  if (!parsed.ok) {
    return parsed.response;
  }
  const { params } = parsed;
  const grantType = params.get('grant_type');
  if (grantType === undefined || grantType === '') {
    return tokenError('invalid_request', 'Check the `grant_type` parameter');
  }
  if (grantType !== 'authorization_code' && grantType !== 'refresh_token' && grantType !== 'client_credentials') {
    return tokenError('unsupported_grant_type', `The \`${grantType}\` grant is not supported`);
  }
  const auth = authenticateClient(state, req, params);
  if ('response' in auth) {
    return auth.response;
  }
  const { client } = auth;
  if (!client.grants.includes(grantType as GrantType)) {
    return tokenError('unauthorized_client', `The client is not allowed the \`${grantType}\` grant`);
  }

  if (grantType === 'authorization_code') {
    const code = required(params, 'code');
    const redirectUri = required(params, 'redirect_uri');
    const verifier = required(params, 'code_verifier');
    for (const v of [code, redirectUri, verifier]) {
      if (typeof v !== 'string') {
        return v;
      }
    }
    state.tokens.issued.record('code_verifier', verifier as string);
    if (!CODE_VERIFIER_RE.test(verifier as string)) {
      return tokenError('invalid_request', 'Code Verifier must follow the specifications of RFC-7636 (43 to 128 unreserved characters)');
    }
    const found = state.tokens.findCode(code as string, client.clientId);
    if (!found.ok) {
      return tokenError('invalid_grant', found.hint);
    }
    const record = found.record;
    if (record.redirectUri !== redirectUri) {
      return tokenError('invalid_grant', 'The `redirect_uri` does not match the one used in the authorization request');
    }
    if (s256(verifier as string) !== record.codeChallenge) {
      return tokenError('invalid_grant', 'Failed to verify `code_verifier`.');
    }
    if (!state.store.userById(record.userId)) {
      return tokenError('invalid_grant', 'The user of this authorization code no longer exists');
    }
    state.tokens.markCodeUsed(record);
    state.log(`[token] authorization_code for ${client.clientId}`);
    return issueTokens(state, client, { kind: 'user', userId: record.userId }, record.scopes, record.familyId);
  }

  if (grantType === 'refresh_token') {
    const token = required(params, 'refresh_token');
    if (typeof token !== 'string') {
      return token;
    }
    const found = state.tokens.findRefreshToken(token, client.clientId);
    if (!found.ok) {
      return tokenError('invalid_grant', found.hint);
    }
    const record = found.record;
    let scopes = record.scopes;
    const scopeParam = params.get('scope');
    if (scopeParam !== undefined) {
      const parsedScopes = parseScopeParam(state, client, scopeParam);
      if ('response' in parsedScopes) {
        return parsedScopes.response;
      }
      const extra = parsedScopes.scopes.find((s) => !record.scopes.includes(s));
      if (extra !== undefined) {
        return tokenError('invalid_scope', `The \`${extra}\` scope was not granted to this refresh token`);
      }
      scopes = parsedScopes.scopes;
    }
    if (record.principal.kind === 'user' && !state.store.userById(record.principal.userId)) {
      return tokenError('invalid_grant', 'The user of this refresh token no longer exists');
    }
    state.tokens.revokeRefreshToken(record);
    state.log(`[token] refresh_token for ${client.clientId}`);
    return issueTokens(state, client, record.principal, scopes, record.familyId);
  }

  const scopeParam = params.get('scope');
  let scopes = [...client.scopes];
  if (scopeParam !== undefined) {
    const parsedScopes = parseScopeParam(state, client, scopeParam);
    if ('response' in parsedScopes) {
      return parsedScopes.response;
    }
    scopes = parsedScopes.scopes;
  }
  state.log(`[token] client_credentials for ${client.clientId}`);
  return issueTokens(state, client, { kind: 'team' }, scopes, state.tokens.newFamily());
}
