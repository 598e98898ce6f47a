import { createHash, randomBytes } from 'node:crypto';
import * as assert from 'node:assert/strict';
import { ADMIN_KEY_HEADER } from '../../../src/sandbox/admin';
import { createSandboxClock } from '../../../src/sandbox/clock';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../src/sandbox/index';

export const PUBLIC_CLIENT = 'tenant-graphql-vscode';
export const CONFIDENTIAL_CLIENT = 'acme-ci';
export const CONFIDENTIAL_SECRET = 'acme-ci-demo-secret';
export const REDIRECT_URI = 'http://127.0.0.1:33333/auth-callback';
export const ALL_SCOPES = 'tasks:read tasks:write files:read users:read';

/** The admin key of the Sandboxes these tests start (a test runs with the admin endpoint on, as the harness's do). */
export const TEST_ADMIN_KEY = randomBytes(32).toString('base64url');

/** Starts a quiet Sandbox with a manual clock (time moves only through advance), its admin endpoint on with {@link TEST_ADMIN_KEY}. */
export function start(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ clock: createSandboxClock({ manual: true }), quiet: true, adminKey: TEST_ADMIN_KEY, ...options });
}

/** A request to the admin endpoint with the test key. */
export function adminFetch(url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { ...init, headers: { ...(init.headers as Record<string, string> | undefined), [ADMIN_KEY_HEADER]: TEST_ADMIN_KEY } });
}

/** A fresh PKCE pair. */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** A valid E1 URL with overrides (undefined removes a parameter). */
export function authorizeUrl(sb: RunningSandbox, overrides: Record<string, string | undefined> = {}, challenge = pkce().challenge): string {
  const params: Record<string, string | undefined> = {
    client_id: PUBLIC_CLIENT,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    scope: ALL_SCOPES,
    state: 'st-123',
    ...overrides,
  };
  const url = new URL('/oauth/authorize', sb.authUrl);
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined) {
      url.searchParams.set(k, v);
    }
  }
  return url.toString();
}

/** GET without following redirects. */
export function get(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { redirect: 'manual', headers });
}

/** The consent form fields of a consent page response. */
export async function consentForm(res: Response): Promise<{ requestId: string; csrfToken: string; cookie: string; html: string }> {
  assert.equal(res.status, 200);
  const html = await res.text();
  const requestId = /name="request_id" value="([^"]+)"/.exec(html)?.[1];
  const csrfToken = /name="csrf_token" value="([^"]+)"/.exec(html)?.[1];
  const setCookie = res.headers.get('set-cookie') ?? '';
  assert.ok(requestId && csrfToken, 'consent page has request_id and csrf_token');
  return { requestId, csrfToken, cookie: setCookie.split(';')[0], html };
}

/** POSTs the consent form. */
export function postConsent(sb: RunningSandbox, fields: Record<string, string>, cookie: string | undefined): Promise<Response> {
  return fetch(new URL('/oauth/authorize', sb.authUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie === undefined ? {} : { cookie }) },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Runs E1 through the consent page as `user`; returns the redirect Location. */
export async function signIn(sb: RunningSandbox, user: string, overrides: Record<string, string | undefined> = {}, challenge = pkce().challenge): Promise<URL> {
  const page = await consentForm(await get(authorizeUrl(sb, overrides, challenge)));
  const res = await postConsent(sb, { request_id: page.requestId, csrf_token: page.csrfToken, user, decision: 'approve' }, page.cookie);
  assert.equal(res.status, 303);
  return new URL(res.headers.get('location') ?? '');
}

/** POSTs form data to E2. */
export async function tokenRequest(
  sb: RunningSandbox,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const res = await fetch(new URL('/v1/oauth/token', sb.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

/** Signs in as `user` with the public client and exchanges the code. */
export async function userTokens(sb: RunningSandbox, user: string, scope = ALL_SCOPES): Promise<{ access_token: string; refresh_token: string }> {
  const { verifier, challenge } = pkce();
  const location = await signIn(sb, user, { scope }, challenge);
  const code = location.searchParams.get('code') ?? '';
  const res = await tokenRequest(sb, { grant_type: 'authorization_code', code, client_id: PUBLIC_CLIENT, redirect_uri: REDIRECT_URI, code_verifier: verifier });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body as { access_token: string; refresh_token: string };
}

/** A team token from the Client Credentials Grant. */
export async function teamToken(sb: RunningSandbox, scope?: string): Promise<string> {
  const res = await tokenRequest(sb, {
    grant_type: 'client_credentials',
    client_id: CONFIDENTIAL_CLIENT,
    client_secret: CONFIDENTIAL_SECRET,
    ...(scope === undefined ? {} : { scope }),
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.access_token as string;
}

/** POSTs a GraphQL request to E3. */
export async function graphql(
  sb: RunningSandbox,
  token: string | undefined,
  query: string,
  variables?: Record<string, unknown>,
  extraHeaders: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const res = await fetch(new URL('/v1/graphql', sb.baseUrl), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...extraHeaders,
    },
    body: JSON.stringify({ query, ...(variables === undefined ? {} : { variables }) }),
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as Record<string, unknown>, headers: res.headers };
}

/** Decodes a JWT payload without verifying it. */
export function jwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** A browser with a cookie jar, for sign-in flows that span several requests. */
export class TestBrowser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly sb: RunningSandbox) {}

  /** The Cookie header this browser sends. */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Names of the cookies the browser holds. */
  cookieNames(): string[] {
    return [...this.cookies.keys()];
  }

  /** Stores (or, for Max-Age=0, removes) the cookies a response sets. */
  keep(res: Response): void {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, ...value] = pair.trim().split('=');
      if (/;\s*max-age=0(;|$)/i.test(c)) {
        this.cookies.delete(name);
      } else {
        this.cookies.set(name, value.join('='));
      }
    }
  }

  /** GETs E1 with these overrides, without following the redirect. */
  async authorize(overrides: Record<string, string | undefined> = {}, challenge = pkce().challenge): Promise<Response> {
    const res = await get(authorizeUrl(this.sb, overrides, challenge), { cookie: this.cookieHeader() });
    this.keep(res);
    return res;
  }

  /** Answers the form of a sign-in or consent page. */
  async answer(html: string, fields: Record<string, string>): Promise<Response> {
    const requestId = /name="request_id" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const csrfToken = /name="csrf_token" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const res = await postConsent(this.sb, { request_id: requestId, csrf_token: csrfToken, ...fields }, this.cookieHeader());
    this.keep(res);
    return res;
  }

  /** Runs E1 and approves as `user` on the page; returns the redirect Location. */
  async signIn(user: string, overrides: Record<string, string | undefined> = {}, options: { remember?: boolean; challenge?: string } = {}): Promise<URL> {
    const page = await this.authorize(overrides, options.challenge);
    assert.equal(page.status, 200, 'a sign-in or consent page');
    const res = await this.answer(await page.text(), { user, decision: 'approve', ...(options.remember === true ? { remember: '1' } : {}) });
    assert.equal(res.status, 303);
    return new URL(res.headers.get('location') ?? '');
  }
}
