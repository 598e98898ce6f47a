import { randomBytes } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { renderConsentPage, renderErrorPage, renderSignOutPage } from './consentPage';
import { parseParams, readBody, sendHtml, sendRedirect } from './http';
import { PENDING_LIFETIME_MS, SESSION_LIFETIME_MS, type PendingAuthorization, type SandboxState } from './state';
import { redirectUriProblem, type ClientConfig } from './tenant';
import { checkAuthorizeRequest } from './authorizeRequest';

/** League-style messages of the authorization redirect errors. */
const ERROR_DESCRIPTIONS: Record<string, string> = {
  invalid_request: 'The request is missing a required parameter, includes an invalid parameter value, includes a parameter more than once, or is otherwise malformed.',
  unsupported_response_type: 'The authorization server does not support obtaining an authorization code using this method.',
  unauthorized_client: 'The client is not authorized to request an authorization code using this method.',
  invalid_scope: 'The requested scope is invalid, unknown, or malformed.',
  access_denied: 'The resource owner or authorization server denied the request.',
};

function errorPage(res: ServerResponse, status: number, title: string, message: string): void {
  sendHtml(res, status, renderErrorPage(title, message));
}

/** Adds parameters to a registered redirect URI, keeping its own query. */
function redirectTarget(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined) {
      url.searchParams.append(k, v);
    }
  }
  return url.toString();
}

function csrfCookieName(requestId: string): string {
  return `sandbox_csrf_${requestId}`;
}

function cookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) {
      return v.join('=');
    }
  }
  return undefined;
}

/** The sign-in cookie for a new session (no Path, as the CSRF cookie). */
function sessionCookie(state: SandboxState, sessionId: string): string {
  return `${state.sessionCookieName}=${sessionId}; HttpOnly; SameSite=Lax; Max-Age=${SESSION_LIFETIME_MS / 1000}`;
}

/** Ends the browser's sign-in session, if any; returns the cookie that clears it. */
function endSession(state: SandboxState, req: IncomingMessage): string {
  const id = cookie(req, state.sessionCookieName);
  if (id !== undefined) {
    state.sessions.delete(id);
  }
  return `${state.sessionCookieName}=; HttpOnly; SameSite=Lax; Max-Age=0`;
}

/** Issues a code for an approved request and redirects back to the application. */
function approve(
  state: SandboxState,
  res: ServerResponse,
  status: 302 | 303,
  p: Omit<PendingAuthorization, 'csrfToken' | 'expiresAt'>,
  userId: string,
  headers: OutgoingHttpHeaders = {},
): void {
  state.rememberConsent(userId, p.clientId, p.scopes);
  const code = state.tokens.issueCode({
    clientId: p.clientId,
    redirectUri: p.redirectUri,
    codeChallenge: p.codeChallenge,
    scopes: p.scopes,
    userId,
  });
  state.log(`[authorize] ${p.clientId}: approved by ${userId}`);
  sendRedirect(res, status, redirectTarget(p.redirectUri, { code, state: p.state }), headers);
}

/**
 * E1 `GET {auth_url}/oauth/authorize`. Requests that cannot be trusted to redirect (unknown client,
 * unregistered, relative or wildcard redirect URI) get an HTML error page; other malformed requests
 * are redirected back with `error`, `error_description`, `hint` and `state`.
 */
export function handleAuthorizeGet(state: SandboxState, req: IncomingMessage, res: ServerResponse, url: URL): void {
  state.stats.authorize += 1;
  const { params, duplicates } = parseParams(url.searchParams);
  const target = registeredTarget(state, res, params, duplicates);
  if (!target) {
    return;
  }
  const { client, clientId, redirectUri } = target;

  const appState = params.get('state');
  if (appState !== undefined) {
    state.tokens.issued.record('state', appState);
  }
  const fail = (error: string, hint: string) => {
    state.log(`[authorize] ${clientId}: ${error}`);
    sendRedirect(
      res,
      302,
      redirectTarget(redirectUri, {
        error,
        error_description: ERROR_DESCRIPTIONS[error],
        hint,
        state: appState,
      }),
    );
  };
  const checked = checkAuthorizeRequest(state, client, params, duplicates);
  if ('error' in checked) {
    fail(checked.error, checked.hint);
    return;
  }
  const request = { clientId, redirectUri, scopes: checked.scopes, state: appState, codeChallenge: checked.codeChallenge };
  if (state.autoConsent !== undefined) {
    approve(state, res, 302, request, state.autoConsent);
    return;
  }
  // A browser signed in as a user whose remembered consent covers the request is not asked again.
  const signedInUser = state.sessionUser(cookie(req, state.sessionCookieName));
  if (signedInUser !== undefined && state.consentCovers(signedInUser, clientId, checked.scopes)) {
    state.log(`[authorize] ${clientId}: ${signedInUser} is signed in and approved these scopes before`);
    approve(state, res, 302, request, signedInUser);
    return;
  }
  showConsentPage(state, res, client, request, signedInUser);
}

/** The registered application and redirect URI of a sign-in request; else an error page (nothing to redirect to) and undefined. */
function registeredTarget(
  state: SandboxState,
  res: ServerResponse,
  params: Map<string, string>,
  duplicates: readonly string[],
): { client: ClientConfig; clientId: string; redirectUri: string } | undefined {
  const clientId = params.get('client_id');
  if (clientId === undefined || clientId === '' || duplicates.includes('client_id')) {
    errorPage(res, 400, 'Invalid sign-in request', 'The request has no client_id (or more than one), so the application cannot be identified.');
    return undefined;
  }
  const client = state.client(clientId);
  if (!client) {
    errorPage(res, 400, 'Unknown application', `No application with client ID "${clientId}" is registered in this tenant.`);
    return undefined;
  }
  const redirectUri = params.get('redirect_uri');
  if (redirectUri === undefined || redirectUri === '' || duplicates.includes('redirect_uri')) {
    errorPage(res, 400, 'Invalid redirect URI', 'The request has no redirect_uri (or more than one). Every request must name one of the registered redirect URIs.');
    return undefined;
  }
  const problem = redirectUriProblem(redirectUri);
  if (problem !== undefined) {
    errorPage(res, 400, 'Invalid redirect URI', `${problem} The redirect URI must exactly match one registered for the application.`);
    return undefined;
  }
  if (!client.redirectUris.includes(redirectUri)) {
    errorPage(res, 400, 'Invalid redirect URI', `The redirect URI "${redirectUri}" is not registered for application "${client.clientId}".`);
    return undefined;
  }
  return { client, clientId, redirectUri };
}

/** Shows the consent page for a checked request (kept pending with its CSRF token). */
function showConsentPage(
  state: SandboxState,
  res: ServerResponse,
  client: ClientConfig,
  request: { clientId: string; redirectUri: string; scopes: string[]; state: string | undefined; codeChallenge: string },
  signedInUser: string | undefined,
  /** Cookies to set with the page, and the choice of "Stay signed in" it shows (ticked for a signed-in user by default). */
  options: { cookies?: string[]; remember?: boolean } = {},
): void {
  const { clientId, redirectUri } = request;
  const requestId = randomBytes(16).toString('hex');
  const csrfToken = randomBytes(32).toString('base64url');
  state.pending.set(requestId, { ...request, csrfToken, expiresAt: state.clock.now() + PENDING_LIFETIME_MS });
  const scopeConfig = (s: string) => state.tenant.scopes.find((t) => t.name === s) ?? { name: s, description: '' };
  const newScopesOf = (userId: string) => {
    const granted = state.alwaysConsent ? new Set<string>() : state.consentedScopes(userId, clientId);
    return request.scopes.filter((s) => !granted.has(s));
  };
  const me = state.tenant.users.find((u) => u.id === signedInUser);
  const html = renderConsentPage({
    teamName: state.tenant.team.name,
    clientName: client.name,
    clientId,
    redirectUri,
    scopes: request.scopes.map(scopeConfig),
    users: state.tenant.users.map((u) => ({
      id: u.id,
      name: u.name,
      newScopes: newScopesOf(u.id),
      knownApplication: !state.alwaysConsent && state.hasUsedClient(u.id, clientId),
    })),
    ...(me === undefined
      ? {}
      : {
          signedIn: {
            id: me.id,
            name: me.name,
            newScopes: newScopesOf(me.id).map(scopeConfig),
            approvedScopes: request.scopes.filter((s) => !newScopesOf(me.id).includes(s)),
            knownApplication: !state.alwaysConsent && state.hasUsedClient(me.id, clientId),
          },
        }),
    ...(options.remember === undefined ? {} : { remember: options.remember }),
    requestId,
    csrfToken,
  });
  sendHtml(res, 200, html, {
    // No Path attribute: the default (this page's directory) also holds behind a path-prefixing
    // proxy such as code-server's /proxy/<port>/.
    'Set-Cookie': [...(options.cookies ?? []), `${csrfCookieName(requestId)}=${csrfToken}; HttpOnly; SameSite=Lax; Max-Age=${PENDING_LIFETIME_MS / 1000}`],
    // form-action also governs the redirect that answers the form: allow the registered redirect URI.
    'Content-Security-Policy': consentPageCsp(redirectUri),
  });
}

/** The consent page's CSP: as for every page, but the form may also lead to the redirect URI. */
export function consentPageCsp(redirectUri: string): string {
  const u = new URL(redirectUri);
  const target = u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : u.protocol;
  return `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${target}; frame-ancestors 'none'; base-uri 'none'`;
}

/**
 * The consent form's POST to `{auth_url}/oauth/authorize`: checks the pending request and its CSRF
 * token (form field and cookie), then redirects with a code (approve) or `access_denied` (deny).
 */
export async function handleAuthorizePost(state: SandboxState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    errorPage(res, 415, 'Unsupported form', 'The consent form must be posted as application/x-www-form-urlencoded.');
    return;
  }
  const { params } = parseParams(await readBody(req, 64 * 1024));
  const requestId = params.get('request_id') ?? '';
  const pending = state.pending.get(requestId);
  if (!pending || state.clock.now() >= pending.expiresAt) {
    state.pending.delete(requestId);
    errorPage(res, 400, 'Sign-in request expired', 'This sign-in request is unknown, was already answered, or has expired.');
    return;
  }
  const formToken = params.get('csrf_token');
  if (formToken !== pending.csrfToken || cookie(req, csrfCookieName(requestId)) !== pending.csrfToken) {
    errorPage(res, 403, 'Form could not be verified', 'The consent form did not come from this sign-in page (CSRF check failed).');
    return;
  }
  const decision = params.get('decision');
  if (decision !== undefined && decision !== 'approve' && decision !== 'deny') {
    errorPage(res, 400, 'No decision', 'Choose Approve or Deny.');
    return;
  }
  const clearCookie = { 'Set-Cookie': `${csrfCookieName(requestId)}=; HttpOnly; SameSite=Lax; Max-Age=0` };
  if (decision === 'deny') {
    state.pending.delete(requestId);
    state.log(`[authorize] ${pending.clientId}: denied`);
    sendRedirect(
      res,
      303,
      redirectTarget(pending.redirectUri, {
        error: 'access_denied',
        error_description: ERROR_DESCRIPTIONS.access_denied,
        hint: 'The user denied the request',
        state: pending.state,
      }),
      clearCookie,
    );
    return;
  }
  const userId = params.get('user') ?? '';
  if (!state.tenant.users.some((u) => u.id === userId)) {
    errorPage(res, 400, 'Unknown user', 'Choose one of the listed users.');
    return;
  }
  state.pending.delete(requestId);
  // "Stay signed in on this browser": a new session for the chosen user; otherwise none at all.
  const previous = endSession(state, req);
  const remember = params.get('remember') === '1';
  const signIn = remember ? sessionCookie(state, state.startSession(userId)) : previous;
  if (decision === undefined && !state.consentCovers(userId, pending.clientId, pending.scopes)) {
    // Signed in without a decision, but the application is new to this user or asks for more:
    // E1 prompts now, for that user.
    const client = state.client(pending.clientId);
    if (!client) {
      errorPage(res, 400, 'Unknown application', `No application with client ID "${pending.clientId}" is registered in this tenant.`);
      return;
    }
    const request = { clientId: pending.clientId, redirectUri: pending.redirectUri, scopes: pending.scopes, state: pending.state, codeChallenge: pending.codeChallenge };
    showConsentPage(state, res, client, request, userId, { cookies: [clearCookie['Set-Cookie'], signIn], remember });
    return;
  }
  // Approve, or a sign-in of a user who approved every requested scope before: E1 does not prompt again.
  approve(state, res, 303, pending, userId, { 'Set-Cookie': [clearCookie['Set-Cookie'], signIn] });
}

/**
 * `{auth_url}/oauth/signout`: GET shows a sign-out button, POST ends the browser's sign-in, so
 * that the next authorization asks who is at the browser again.
 */
export function handleSignOut(state: SandboxState, req: IncomingMessage, res: ServerResponse): void {
  if (req.method === 'POST') {
    const clear = endSession(state, req);
    state.log('[authorize] signed out');
    sendHtml(res, 200, renderSignOutPage(false), { 'Set-Cookie': clear });
    return;
  }
  const signedIn = state.sessionUser(cookie(req, state.sessionCookieName));
  sendHtml(res, 200, renderSignOutPage(signedIn !== undefined));
}
