import type { IncomingMessage } from 'node:http';
import { getOperationAST, GraphQLError, parse, validate, type DocumentNode } from 'graphql';
import { createHandler, type Handler, type Response as GraphqlHttpResponse } from 'graphql-http';
import type { Viewer } from './data';
import { BodyTooLargeError, readBody, remoteAddress } from './http';
import { jsonResponse, type EndpointResponse } from './respond';
import { createGraphqlContext, type GraphqlContext } from './resolvers';
import { requiredScopes } from './scopes';
import type { SandboxState } from './state';
import { InvalidTokenError } from './tokens';

const REALM = 'Tenant GraphQL Sandbox';

/** A rejection before GraphQL runs: RFC 6750-style `error` plus a GraphQL-style `errors` entry. */
function rejection(status: number, error: string, description: string, headers: Record<string, string> = {}, extra: Record<string, unknown> = {}): EndpointResponse {
  return jsonResponse(status, { error, error_description: description, ...extra, errors: [{ message: description }] }, headers);
}

function invalidToken(description: string, withErrorCode = true): EndpointResponse {
  const challenge = withErrorCode ? `Bearer realm="${REALM}", error="invalid_token", error_description="${description.replace(/"/g, "'")}"` : `Bearer realm="${REALM}"`;
  return rejection(401, 'invalid_token', description, { 'www-authenticate': challenge });
}

function insufficientScope(missing: string[], description: string): EndpointResponse {
  const scope = missing.join(' ');
  return rejection(
    401,
    'insufficient_scope',
    description,
    {
      'www-authenticate': `Bearer realm="${REALM}", error="insufficient_scope", error_description="${description.replace(/"/g, "'")}", scope="${scope}"`,
    },
    { scope },
  );
}

function toEndpointResponse([body, init]: GraphqlHttpResponse): EndpointResponse {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(init.headers ?? {})) {
    if (typeof v === 'string') {
      headers[k.toLowerCase()] = v;
    }
  }
  return { status: init.status, headers, body: body ?? '' };
}

function fromEndpointResponse(r: EndpointResponse): GraphqlHttpResponse {
  return [r.body, { status: r.status, statusText: '', headers: r.headers }];
}

/** Resolves a bearer token to the principal it stands for, or the 401 response. */
async function authenticate(state: SandboxState, req: IncomingMessage, url: URL): Promise<Viewer | EndpointResponse> {
  const header = req.headers.authorization;
  if (url.searchParams.has('access_token')) {
    return invalidToken('Send the access token in the Authorization header (Authorization: Bearer <token>), not in the URL.');
  }
  if (header === undefined || header.trim() === '') {
    return invalidToken('This endpoint needs an access token: send Authorization: Bearer <token>.', false);
  }
  const m = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header);
  if (!m) {
    return invalidToken('The Authorization header must have the form "Bearer <token>".');
  }
  let claims;
  try {
    claims = await state.tokens.verifyAccessToken(m[1]);
  } catch (err) {
    if (err instanceof InvalidTokenError) {
      return invalidToken(err.message);
    }
    throw err;
  }
  if (claims.team !== state.tenant.team.id || !state.client(claims.client_id)) {
    return invalidToken('The access token is not valid for this service.');
  }
  const scopes = new Set(claims.scope.split(',').filter((s) => s !== ''));
  const base = { clientId: claims.client_id, scopes, teamId: claims.team };
  if (claims.sub === state.tenant.team.id) {
    return { kind: 'team', ...base };
  }
  const user = state.store.userById(claims.sub);
  if (!user) {
    return invalidToken('The user of this access token no longer exists.');
  }
  return { kind: 'user', user, ...base };
}

/** Builds the graphql-http handler: parse, validate, scope check, then execute with the viewer. */
export function createGraphqlHandler(state: SandboxState): Handler<IncomingMessage, GraphqlContext> {
  return createHandler<IncomingMessage, GraphqlContext, GraphqlContext>({
    // Read per request: the admin endpoint can switch the schema version while the Sandbox runs.
    schema: () => state.schema,
    onSubscribe: (req, params) => {
      let document: DocumentNode;
      try {
        document = parse(params.query);
      } catch (err) {
        if (err instanceof GraphQLError) {
          return [err];
        }
        throw err;
      }
      const errors = validate(state.schema, document);
      if (errors.length > 0) {
        return errors;
      }
      const operation = getOperationAST(document, params.operationName);
      if (!operation) {
        return [
          new GraphQLError(params.operationName ? `Unknown operation named "${params.operationName}".` : 'Must provide operation name if query contains multiple operations.'),
        ];
      }
      if (operation.operation === 'mutation' && req.method === 'GET') {
        return [
          JSON.stringify({ errors: [{ message: 'Cannot perform mutations over GET; use POST.' }] }),
          {
            status: 405,
            statusText: 'Method Not Allowed',
            headers: { allow: 'POST', 'content-type': 'application/json; charset=utf-8' },
          },
        ];
      }
      const ctx = req.context;
      const needed = requiredScopes(state.schema, document, operation, state.tenant.scopeRules);
      if (ctx.viewer.scopes.size === 0) {
        const missing = needed.size > 0 ? [...needed] : state.tenant.scopes.map((s) => s.name);
        return fromEndpointResponse(
          insufficientScope(missing, 'The access token was issued with an empty scope, so it cannot access any API resource. Sign in again requesting the scopes you need.'),
        );
      }
      const missing = [...needed].filter((s) => !ctx.viewer.scopes.has(s)).sort();
      if (missing.length > 0) {
        return fromEndpointResponse(
          insufficientScope(missing, `The access token lacks the scope${missing.length > 1 ? 's' : ''} ${missing.join(', ')} that this operation needs.`),
        );
      }
      return {
        schema: state.schema,
        document,
        operationName: params.operationName,
        variableValues: params.variables,
        contextValue: ctx,
        rootValue: undefined,
      };
    },
  });
}

/**
 * E3 `{base_url}/v1/graphql` (POST, and GET for queries), following GraphQL over HTTP: 403 outside
 * the IP allowlist, 401 for a missing, invalid, expired, foreign or under-scoped token, 429 over
 * the rate limit, 400 for missing or invalid parameters, GraphQL errors with 200.
 */
export async function processGraphqlRequest(state: SandboxState, handler: Handler<IncomingMessage, GraphqlContext>, req: IncomingMessage, url: URL): Promise<EndpointResponse> {
  if (!state.allowlist.allows(remoteAddress(req))) {
    return rejection(403, 'forbidden', 'The originating IP address is not permitted to access the API.');
  }
  if (req.method !== 'GET' && req.method !== 'POST') {
    return { ...rejection(405, 'method_not_allowed', 'Use POST (or GET for queries).'), headers: { 'content-type': 'application/json; charset=utf-8', allow: 'GET, POST' } };
  }
  state.recordHeaders(req.headers);
  const viewer = await authenticate(state, req, url);
  if ('status' in viewer) {
    return viewer;
  }
  const decision = state.rateLimiter.hit(`${viewer.clientId}\u0000${viewer.kind === 'user' ? viewer.user.id : viewer.teamId}`);
  if (!decision.allowed) {
    return rejection(
      429,
      'rate_limited',
      `Too many requests: the limit is ${state.rateLimiter.settings.limit} per ${state.rateLimiter.settings.windowMs / 1000} s. Retry after ${decision.retryAfterSeconds} s.`,
      {
        'retry-after': String(decision.retryAfterSeconds),
      },
    );
  }
  let body: string | null = null;
  if (req.method === 'POST') {
    try {
      body = await readBody(req);
    } catch (err) {
      if (err instanceof BodyTooLargeError) {
        return rejection(413, 'request_too_large', err.message);
      }
      throw err;
    }
  }
  const context = createGraphqlContext(state.store, viewer, state.tenant, () => state.clock.now());
  const result = await handler({
    method: req.method,
    url: req.url ?? '/',
    headers: req.headers,
    body,
    raw: req,
    context,
  });
  return toEndpointResponse(result);
}
