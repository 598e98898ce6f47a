/**
 * A tenant set up by its admin from independent, standards-certified software, configured only
 * (no code of theirs changed) the way the spec asks:
 * - `oidc-provider` (OpenID Certified) as the authorization server: authorize at
 *   `{auth_url}/oauth/authorize`, token at `{base_url}/v1/oauth/token`, PKCE S256 required, JWT
 *   access tokens (RFC 9068) with `sub`, `scope` and `groups`, rotating refresh tokens for
 *   `offline_access`, a confidential client for Client Credentials; its development login and
 *   consent pages (path cookies, absolute form actions) stand in for a tenant's;
 * - `graphql-http` (the GraphQL over HTTP reference server) at `{base_url}/v1/graphql` with the
 *   spec's example types, verifying the JWTs against the provider's published keys with `jose`, and
 *   answering 401 with GraphQL `errors[]` for a missing scope.
 * Both behind one loopback origin, so `auth_url` = `base_url` = the issuer.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSchema, parse, type OperationDefinitionNode } from 'graphql';
import type { Response as GraphqlHttpResponse } from 'graphql-http';
import { createHandler } from 'graphql-http/lib/use/http';
import { createRemoteJWKSet, exportJWK, generateKeyPair, jwtVerify, type JWTPayload } from 'jose';

export const API_RESOURCE = 'https://api.interop.test/';
export const PUBLIC_CLIENT = 'interop-vscode';
export const TEAM_CLIENT = 'interop-team';
/**
 * The public client of a browser-based VS Code (code-server): its URI-handler redirect is the host's
 * callback address with a request id that changes at every sign-in, so the tenant admin registers
 * each one in the provider's client store (see {@link InteropServers.registerRedirectUri}).
 */
export const WEB_CLIENT = 'interop-vscode-web';
export const TEAM_SECRET = 'interop-team-secret-3f9c1d2e';
export const USER = { sub: 'a7f3c0de-5b1e-4c8a-9d7e-000000000001', preferred_username: 'alice', name: 'Alice Example', email: 'alice@interop.test' };

const SDL = /* GraphQL */ `
  enum TaskPriority {
    LOW
    MEDIUM
    HIGH
    URGENT
  }
  input TaskFilter {
    priority: TaskPriority
  }
  type Task {
    id: ID!
    name: String!
    priority: TaskPriority!
  }
  type TaskEdge {
    node: Task!
  }
  type TaskConnection {
    edges: [TaskEdge!]!
  }
  type File {
    id: ID!
    name: String!
    fields: [String!]!
  }
  type Query {
    tasks(filter: TaskFilter, first: Int): TaskConnection!
    files: [File!]!
  }
  type Mutation {
    createTask(name: String!): Task!
  }
`;

const TASKS = [
  { id: 't1', name: 'Ship the release', priority: 'URGENT' },
  { id: 't2', name: 'Write the notes', priority: 'LOW' },
  { id: 't3', name: 'Fix the login', priority: 'URGENT' },
];

/** Which scope each root field needs (the tenant's rule). */
const FIELD_SCOPES: Record<string, string> = { tasks: 'tasks:read', files: 'files:read', createTask: 'tasks:write' };

export interface InteropServers {
  /** auth_url = base_url = issuer. */
  readonly url: string;
  /** Every request the GraphQL endpoint got: its headers (lower case). */
  readonly graphqlRequests: http.IncomingHttpHeaders[];
  /** Every successful token endpoint request: its parameters, as the provider read them. */
  readonly tokenRequests: Record<string, unknown>[];
  /**
   * Every authorization code and refresh token (rotated ones included) the provider issued, as the
   * provider's own `*.saved` events report them (an opaque token's value is its id): for the
   * whole-run secret scan.
   */
  readonly issued: { kind: 'authorization_code' | 'refresh_token'; value: string }[];
  /**
   * Registers one more redirect URI for {@link WEB_CLIENT}, as a tenant admin adds one to a client:
   * in the provider's own client store (its default adapter, where dynamically registered clients live).
   */
  registerRedirectUri(uri: string): Promise<void>;
  /**
   * From now on the API answers 401 `invalid_token` ("expired") to every access token it has
   * received so far, as it does once a token's `exp` has passed: how a test makes the extension see
   * an expired token without waiting an hour (the provider issues with the real clock, so the API's
   * clock cannot simply be moved as the Sandbox's admin clock is).
   */
  expireAccessTokens(): void;
  close(): Promise<void>;
}

export async function startInteropServers(options: { redirectUri: string }): Promise<InteropServers> {
  const { default: Provider } = await import('oidc-provider');
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'interop-1', alg: 'RS256', use: 'sig' };

  const provider = new Provider(url, {
    clients: [
      {
        client_id: PUBLIC_CLIENT,
        application_type: 'native',
        token_endpoint_auth_method: 'none',
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
      {
        client_id: TEAM_CLIENT,
        client_secret: TEAM_SECRET,
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
      },
    ],
    routes: { authorization: '/oauth/authorize', token: '/v1/oauth/token', jwks: '/jwks' },
    jwks: { keys: [jwk] },
    scopes: ['openid', 'offline_access', 'tasks:read', 'tasks:write', 'files:read'],
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email'] },
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: true },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => API_RESOURCE,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({ scope: 'tasks:read tasks:write files:read', audience: API_RESOURCE, accessTokenFormat: 'jwt', accessTokenTTL: 3600 }),
      },
    },
    // The development login page takes the login name as the account id: the browser logs in as the opaque sub.
    findAccount: (_ctx: unknown, id: string) => ({ accountId: id, claims: () => ({ ...USER, sub: id }) }),
    extraTokenClaims: () => ({ groups: ['eng'] }),
    ttl: { AccessToken: 3600, AuthorizationCode: 60, ClientCredentials: 3600, RefreshToken: 30 * 24 * 3600, Grant: 3600, Interaction: 600, Session: 3600 },
    cookies: { keys: ['interop-cookie-key'] },
  } as ConstructorParameters<typeof Provider>[1]);
  const providerCallback = provider.callback();
  const webRedirectUris: string[] = [];
  // The web client lives in the provider's client store (not in the static list, which cannot change).
  const clientStore = (provider as unknown as { Client: { adapter: { upsert(id: string, payload: object, expiresIn?: number): Promise<void> } } }).Client.adapter;
  const storeWebClient = () =>
    clientStore.upsert(WEB_CLIENT, {
      client_id: WEB_CLIENT,
      application_type: 'web',
      token_endpoint_auth_method: 'none',
      redirect_uris: [...webRedirectUris],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    });
  provider.on('server_error', (_ctx: unknown, err: unknown) => console.error('[interop provider]', err));

  const jwks = createRemoteJWKSet(new URL(`${url}/jwks`));
  const schema = buildSchema(SDL);
  const graphqlRequests: http.IncomingHttpHeaders[] = [];
  const tokenRequests: Record<string, unknown>[] = [];
  const issued: InteropServers['issued'] = [];
  const expired = new Set<string>();
  // What the token endpoint was asked (the provider's own record of each grant).
  provider.on('grant.success', (ctx: unknown) => tokenRequests.push({ ...((ctx as { oidc: { params: Record<string, unknown> } }).oidc.params ?? {}) }));
  // The provider's events on its own models: codes and refresh tokens are opaque, their value is their id (jti).
  for (const kind of ['authorization_code', 'refresh_token'] as const) {
    provider.on(`${kind}.saved`, (token: unknown) => issued.push({ kind, value: (token as { jti: string }).jti }));
  }
  const graphql = createHandler<{ claims: JWTPayload }>({
    schema,
    rootValue: {
      tasks: ({ filter }: { filter?: { priority?: string } }) => ({ edges: TASKS.filter((t) => !filter?.priority || t.priority === filter.priority).map((node) => ({ node })) }),
      files: () => [{ id: 'f1', name: 'report.pdf', fields: ['title', 'author'] }],
      createTask: ({ name }: { name: string }) => ({ id: 't9', name, priority: 'LOW' }),
    },
    context: async (req, params) => {
      const header = req.raw.headers.authorization ?? '';
      const token = /^Bearer (.+)$/i.exec(header)?.[1];
      const unauthorized = (message: string, challenge: string, extensions: Record<string, unknown> = {}) =>
        [
          JSON.stringify({ errors: [{ message, extensions: { code: 'UNAUTHENTICATED', ...extensions } }] }),
          { status: 401, statusText: 'Unauthorized', headers: { 'content-type': 'application/json; charset=utf-8', 'www-authenticate': challenge } },
        ] satisfies GraphqlHttpResponse;
      if (!token) {
        return unauthorized('Authentication required', 'Bearer');
      }
      if (expired.has(token)) {
        return unauthorized('The access token expired', 'Bearer error="invalid_token", error_description="The access token expired"');
      }
      let claims: JWTPayload;
      try {
        ({ payload: claims } = await jwtVerify(token, jwks, { issuer: url, audience: API_RESOURCE }));
      } catch {
        return unauthorized('Invalid or expired token', 'Bearer error="invalid_token"');
      }
      const granted = new Set(String(claims.scope ?? '').split(' '));
      let needed: string[] = [];
      try {
        const doc = parse(params.query ?? '');
        const ops = doc.definitions.filter((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
        const op = ops.find((o) => o.name?.value === params.operationName) ?? ops[0];
        needed = (op?.selectionSet.selections ?? []).flatMap((s) => (s.kind === 'Field' && FIELD_SCOPES[s.name.value] ? [FIELD_SCOPES[s.name.value]] : []));
      } catch {
        needed = []; // a syntax error: graphql-http answers it
      }
      const missing = needed.filter((s) => !granted.has(s));
      if (missing.length > 0) {
        // What GraphQL servers send: a GraphQL body, no Bearer challenge.
        return [
          JSON.stringify({ errors: [{ message: `Missing scope: ${missing.join(' ')}`, extensions: { code: 'FORBIDDEN', requiredScopes: missing } }] }),
          { status: 401, statusText: 'Unauthorized', headers: { 'content-type': 'application/json; charset=utf-8' } },
        ] satisfies GraphqlHttpResponse;
      }
      return { claims };
    },
  });

  server.on('request', (req, res) => {
    if (req.url?.startsWith('/v1/graphql')) {
      graphqlRequests.push(req.headers);
      void graphql(req, res).catch(() => res.writeHead(500).end());
      return;
    }
    providerCallback(req, res);
  });
  return {
    url,
    graphqlRequests,
    tokenRequests,
    issued,
    registerRedirectUri: async (uri) => {
      if (!webRedirectUris.includes(uri)) {
        webRedirectUris.push(uri);
      }
      await storeWebClient();
    },
    expireAccessTokens: () => {
      for (const headers of graphqlRequests) {
        const token = /^Bearer (.+)$/i.exec(headers.authorization ?? '')?.[1];
        if (token) {
          expired.add(token);
        }
      }
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * A browser with a cookie jar (paths honoured, as a browser does), driving the provider's
 * development login and consent pages: follows redirects, fills the login form (any user name) and
 * confirms consent, and stops at the redirect URI, whose address it returns.
 */
export async function browse(start: string, isRedirect: (url: URL) => boolean, login = USER.sub): Promise<string> {
  const jar = new Map<string, { value: string; path: string }>();
  const cookieHeader = (url: URL) =>
    [...jar.entries()]
      .filter(([, c]) => url.pathname.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const path =
        attrs
          .map((a) => a.trim())
          .find((a) => a.toLowerCase().startsWith('path='))
          ?.slice(5) ?? '/';
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) {
        jar.delete(name);
      } else {
        jar.set(name, { value, path });
      }
    }
  };
  let url = new URL(start);
  let method = 'GET';
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    if (isRedirect(url)) {
      return url.toString();
    }
    const res = await fetch(url, {
      method,
      body,
      redirect: 'manual',
      headers: { cookie: cookieHeader(url), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    });
    remember(res);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url);
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) {
      throw new Error(`the sign-in page answered ${res.status}: ${html.slice(0, 300)}`);
    }
    const action = /<form[^>]*action="([^"]+)"/i.exec(html)?.[1];
    if (!action) {
      throw new Error(`no form on the sign-in page: ${html.slice(0, 300)}`);
    }
    const fields = new URLSearchParams();
    for (const m of html.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/gi)) {
      fields.set(m[1], m[2]);
    }
    if (/name="login"/.test(html)) {
      fields.set('login', login);
      fields.set('password', 'any');
    }
    url = new URL(action.replace(/&amp;/g, '&'), url);
    method = 'POST';
    body = fields;
  }
  throw new Error('the sign-in took more than 20 steps');
}
