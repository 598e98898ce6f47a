import type { Environment } from '../auth/environments';
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
  /** The header that carries the token (default `Authorization: Bearer`). */
  readonly authHeader?: { readonly name: string; readonly scheme: string };
  /** The environment's extra headers: plain values as they are, secret ones by name only. */
  readonly headers?: readonly ExportHeader[];
  /**
   * The environment the request went (or would go) to: a token written into the export is one of
   * that environment's server, never the active one's (another folder's, in a multi-root workspace).
   */
  readonly target?: Environment;
}

/** One extra header of an export: a plain value, or a secret written as an environment variable. */
export interface ExportHeader {
  readonly name: string;
  /** The plain value; undefined for a secret header (never written, only its variable). */
  readonly value?: string;
}

/** The extra headers of an environment for an export: plain values, and the names of the secret ones. */
export function exportHeaders(env: { readonly headers?: Readonly<Record<string, string>>; readonly secretHeaders?: readonly string[] }): ExportHeader[] {
  return [...Object.entries(env.headers ?? {}).map(([name, value]) => ({ name, value })), ...(env.secretHeaders ?? []).map((name) => ({ name }))];
}

/** The environment variable a secret header's value is read from: `TENANT_GRAPHQL_<NAME>` (`X-Api-Key` -> `TENANT_GRAPHQL_X_API_KEY`). */
export function headerVariable(name: string): string {
  const variable = `TENANT_GRAPHQL_${name.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
  return variable === TOKEN_VARIABLE ? `TENANT_GRAPHQL_HEADER_${name.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}` : variable;
}

function authOf(request: SentRequest): { name: string; prefix: string } {
  const auth = request.authHeader ?? { name: 'Authorization', scheme: 'Bearer' };
  return { name: auth.name, prefix: auth.scheme ? `${auth.scheme} ` : '' };
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

/** One comment line per secret header: which variable to set (its value is never written). */
function secretComments(request: SentRequest, prefix: string): string[] {
  return (request.headers ?? [])
    .filter((h) => h.value === undefined)
    .map((h) => `${prefix} ${headerVariable(h.name)}: the secret value of the ${h.name} header of "${request.environment}" (kept in VS Code's secret storage; set it yourself)`);
}

/** A REST Client file variable for a secret header: `header_x_api_key`. */
function httpVariable(name: string): string {
  return `header_${name.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;
}

/**
 * `fixed` followed by the shell variable `variable`, for a `-H` argument: in double quotes when
 * `fixed` holds nothing the shell would expand there (the usual header names), else `fixed`
 * single-quoted and the variable double-quoted after it (a header name may hold ` $ or !).
 */
function withVariable(fixed: string, variable: string): string {
  return /^[^"$`\\!]*$/.test(fixed) ? `"${fixed}$${variable}"` : `${shellQuote(fixed)}"$${variable}"`;
}

/**
 * A cURL command (bash, zsh, sh). Without `token`, the Authorization header reads
 * `$TENANT_GRAPHQL_TOKEN` (in double quotes, so the shell expands it).
 */
export function toCurl(request: SentRequest, token?: string): string {
  const { name, prefix } = authOf(request);
  const auth = token === undefined ? withVariable(`${name}: ${prefix}`, TOKEN_VARIABLE) : shellQuote(`${name}: ${prefix}${token}`);
  const extra = (request.headers ?? []).map((h) => `  -H ${h.value === undefined ? withVariable(`${h.name}: `, headerVariable(h.name)) : shellQuote(`${h.name}: ${h.value}`)} \\`);
  const lines = [
    ...(token === undefined ? [tokenComment(request, '#')] : []),
    ...secretComments(request, '#'),
    `curl -sS -X POST ${shellQuote(request.endpoint)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -H ${auth} \\`,
    ...extra,
    `  --data-raw ${shellQuote(requestBody(request))}`,
  ];
  return `${lines.join('\n')}\n`;
}

/** A fetch call (Node 18+ or a browser console). Without `token`, it reads `process.env.TENANT_GRAPHQL_TOKEN`. */
export function toFetch(request: SentRequest, token?: string): string {
  const { name, prefix } = authOf(request);
  const auth = token === undefined ? `\`${prefix}\${process.env.${TOKEN_VARIABLE}}\`` : JSON.stringify(`${prefix}${token}`);
  const headerEntries = [
    `'Content-Type': 'application/json'`,
    `${JSON.stringify(name)}: ${auth}`,
    ...(request.headers ?? []).map((h) => `${JSON.stringify(h.name)}: ${h.value === undefined ? `process.env.${headerVariable(h.name)}` : JSON.stringify(h.value)}`),
  ];
  const body = JSON.stringify({ query: request.query, variables: request.variables, operationName: request.operationName }, null, 2)
    .split('\n')
    .map((line, i) => (i === 0 ? line : `  ${line}`))
    .join('\n');
  const lines = [
    ...(token === undefined ? [tokenComment(request, '//')] : []),
    ...secretComments(request, '//'),
    `const response = await fetch(${JSON.stringify(request.endpoint)}, {`,
    `  method: 'POST',`,
    `  headers: { ${headerEntries.join(', ')} },`,
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
  const { name, prefix } = authOf(request);
  const secrets = (request.headers ?? []).filter((h) => h.value === undefined);
  const lines = [
    ...(token === undefined ? [tokenComment(request, '#'), `@token = {{$processEnv ${TOKEN_VARIABLE}}}`] : []),
    ...secretComments(request, '#'),
    ...secrets.map((h) => `@${httpVariable(h.name)} = {{$processEnv ${headerVariable(h.name)}}}`),
    ...(token === undefined || secrets.length > 0 ? [''] : []),
    `# @name ${request.operationName ?? 'operation'}`,
    `POST ${request.endpoint}`,
    'Content-Type: application/json',
    `${name}: ${prefix}${token ?? '{{token}}'}`,
    ...(request.headers ?? []).map((h) => `${h.name}: ${h.value ?? `{{${httpVariable(h.name)}}}`}`),
    'X-REQUEST-TYPE: GraphQL',
    '',
    request.query.replace(/\s+$/, ''),
  ];
  if (request.variables && Object.keys(request.variables).length > 0) {
    lines.push('', JSON.stringify(request.variables, null, 2));
  }
  return `${lines.join('\n')}\n`;
}
