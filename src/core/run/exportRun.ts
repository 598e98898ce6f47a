/**
 * A run as something to paste elsewhere: a cURL command, a fetch call, or a request in the
 * REST Client / JetBrains HTTP-file syntax — the same endpoint, query, operation name and
 * variables the run sent, the same JSON body. The token is a variable
 * (`$TENANT_GRAPHQL_TOKEN`) unless the person chose to write their own in, knowing it is a secret.
 */

/** The environment variable the exported texts read the token from. */
export const TOKEN_VARIABLE = 'TENANT_GRAPHQL_TOKEN';

/** What a run sent. */
export interface SentRequest {
  /** The GraphQL endpoint (the environment's base address + /v1/graphql). */
  readonly endpoint: string;
  readonly query: string;
  readonly operationName?: string;
  readonly variables?: Record<string, unknown>;
  /** The environment's name, for the comment on how to get a token. */
  readonly environment: string;
}

/** The JSON body, as the extension's HTTP client sends it. */
export function requestBody(request: SentRequest): string {
  return JSON.stringify({ query: request.query, variables: request.variables, operationName: request.operationName });
}

/** A word quoted for a POSIX shell: single quotes, each inner `'` as `'\''`. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function tokenComment(request: SentRequest, prefix: string): string {
  return `${prefix} ${TOKEN_VARIABLE}: an access token for "${request.environment}" (sign in there, or use the OAuth client credentials grant of the Service's token endpoint)`;
}

/**
 * A cURL command (bash, zsh, sh). Without `token`, the Authorization header reads
 * `$TENANT_GRAPHQL_TOKEN` (in double quotes, so the shell expands it).
 */
export function toCurl(request: SentRequest, token?: string): string {
  const auth = token === undefined ? `"Authorization: Bearer $${TOKEN_VARIABLE}"` : shellQuote(`Authorization: Bearer ${token}`);
  const lines = [
    ...(token === undefined ? [tokenComment(request, '#')] : []),
    `curl -sS -X POST ${shellQuote(request.endpoint)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -H ${auth} \\`,
    `  --data-raw ${shellQuote(requestBody(request))}`,
  ];
  return `${lines.join('\n')}\n`;
}

/** A fetch call (Node 18+ or a browser console). Without `token`, it reads `process.env.TENANT_GRAPHQL_TOKEN`. */
export function toFetch(request: SentRequest, token?: string): string {
  const auth = token === undefined ? `\`Bearer \${process.env.${TOKEN_VARIABLE}}\`` : JSON.stringify(`Bearer ${token}`);
  const body = JSON.stringify({ query: request.query, variables: request.variables, operationName: request.operationName }, null, 2)
    .split('\n')
    .map((line, i) => (i === 0 ? line : `  ${line}`))
    .join('\n');
  const lines = [
    ...(token === undefined ? [tokenComment(request, '//')] : []),
    `const response = await fetch(${JSON.stringify(request.endpoint)}, {`,
    `  method: 'POST',`,
    `  headers: { 'Content-Type': 'application/json', Authorization: ${auth} },`,
    `  body: JSON.stringify(${body}),`,
    `});`,
    `console.log(JSON.stringify(await response.json(), null, 2));`,
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * A GraphQL request in the HTTP-file syntax of REST Client and JetBrains' HTTP client: request
 * line, headers, a blank line, the query, a blank line, the variables as JSON. Without `token`,
 * a `@token` variable read from the environment.
 */
export function toHttpFile(request: SentRequest, token?: string): string {
  const lines = [
    ...(token === undefined ? [tokenComment(request, '#'), `@token = {{$processEnv ${TOKEN_VARIABLE}}}`, ''] : []),
    `# @name ${request.operationName ?? 'operation'}`,
    `POST ${request.endpoint}`,
    'Content-Type: application/json',
    `Authorization: Bearer ${token ?? '{{token}}'}`,
    'X-REQUEST-TYPE: GraphQL',
    '',
    request.query.replace(/\s+$/, ''),
  ];
  if (request.variables && Object.keys(request.variables).length > 0) {
    lines.push('', JSON.stringify(request.variables, null, 2));
  }
  return `${lines.join('\n')}\n`;
}
