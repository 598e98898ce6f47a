import type { Environment } from '../auth/environments';
import { TenantGraphqlError } from '../errors';
/**
 * A run as something to paste elsewhere: a cURL command, a fetch call, or a request in the
 * REST Client / JetBrains HTTP-file syntax — the same endpoint, query, operation name and
 * variables the run sent, the same JSON body. The token is a variable
 * (`$TENANT_GRAPHQL_TOKEN`) unless the person chose to write their own in, knowing it is a secret.
 *
 * What a repository's settings or a server wrote (an environment's name, a header, the endpoint,
 * the query, a token) is never written raw: each format has its one way of writing a value (a
 * single-quoted shell word, a JS string literal, a JSON body) and comment lines hold no line break,
 * so that no value can end its line, its word or its request and start a command or a request of
 * its own. A value a format cannot hold faithfully is refused ({@link ExportError}), never written
 * half-escaped.
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

/** A request an export cannot write faithfully (a header name that is none, a value with a line break): nothing is written. */
export class ExportError extends TenantGraphqlError {}

/** What no exported text holds raw: control characters (C0, DEL, C1) and the Unicode line and paragraph separators. */
const UNSAFE = /[\p{Cc}\u2028\u2029]/u;

/** An RFC 9110 token: what a header name (and an auth scheme) is made of. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * JSON text (or a JS string literal made by JSON.stringify) with the characters of {@link UNSAFE}
 * that JSON.stringify leaves raw (DEL, C1, U+2028, U+2029) as `\uXXXX`: the same value, and
 * nothing in it a terminal or a line splitter acts on. JSON.stringify escapes the other control
 * characters itself, so a raw line feed is one between the lines of pretty-printed JSON, kept.
 */
function escapeUnsafe(json: string): string {
  return json.replace(/[^\P{Cc}\n]|[\u2028\u2029]/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A JS string literal of any text (double-quoted, printable). */
function jsString(text: string): string {
  return escapeUnsafe(JSON.stringify(text));
}

/** A JS object key: `"__proto__"` as a computed key, which makes an own property (a plain one would set the prototype). */
function jsKey(name: string): string {
  return name === '__proto__' ? `[${jsString(name)}]` : jsString(name);
}

/** Text for a comment line: one line, printable, no `{{` (a variable to the HTTP-file clients). */
function commentText(text: string): string {
  return text.replace(/[\p{Cc}\p{Bidi_Control}\u2028\u2029]/gu, '\uFFFD').replace(/\{\{/g, '{ {');
}

/** A header value (or token) as a header line may hold it: no control character but a tab. */
function checkedValue(value: string, what: string): string {
  if (/[^\P{Cc}\t]|[\u2028\u2029]/u.test(value)) {
    throw new ExportError(`The ${what} holds a line break or another control character: it cannot be exported.`);
  }
  return value;
}

/** The request's headers, each checked: a name is a token, a value one line of text. */
function checkedHeaders(request: SentRequest): readonly ExportHeader[] {
  const headers = request.headers ?? [];
  for (const h of headers) {
    if (!TOKEN.test(h.name)) {
      throw new ExportError(`${jsString(h.name)} is not a header name: the request cannot be exported.`);
    }
    if (h.value !== undefined) {
      checkedValue(h.value, `value of the ${h.name} header`);
    }
  }
  return headers;
}

function authOf(request: SentRequest): { name: string; prefix: string } {
  const auth = request.authHeader ?? { name: 'Authorization', scheme: 'Bearer' };
  if (!TOKEN.test(auth.name)) {
    throw new ExportError(`${jsString(auth.name)} is not a header name: the request cannot be exported.`);
  }
  return { name: auth.name, prefix: auth.scheme ? `${checkedValue(auth.scheme, 'scheme of the token header')} ` : '' };
}

/** The endpoint, refused when it holds a control character (a parsed URL never does). */
function checkedEndpoint(endpoint: string): string {
  if (UNSAFE.test(endpoint)) {
    throw new ExportError('The endpoint holds a control character: the request cannot be exported.');
  }
  return endpoint;
}

/** The JSON body, as the extension's HTTP client sends it. */
export function requestBody(request: SentRequest): string {
  return JSON.stringify({ query: request.query, variables: request.variables, operationName: request.operationName });
}

/** The body as a value (what JSON.parse gives back of the body sent): plain JSON values only. */
function bodyValue(request: SentRequest): unknown {
  return JSON.parse(requestBody(request));
}

/** A word quoted for a POSIX shell: single quotes, each inner `'` as `'\''`. */
export function shellQuote(text: string): string {
  if (text.includes('\0')) {
    throw new ExportError('A value holds a NUL character, which no shell word can hold: the request cannot be exported.');
  }
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * How a comment names a text (an environment's, a header's name): for the shell single-quoted,
 * because zsh, by default, reads a pasted `# …` line as a command (`#`, not found) and would expand
 * a `$(…)` or a backquote in it; elsewhere in double quotes. One line either way.
 */
type Naming = (text: string) => string;
const shellNaming: Naming = (text) => shellQuote(commentText(text));
const plainNaming: Naming = (text) => `"${commentText(text)}"`;

/** The comment on where the token comes from; its fixed words hold nothing a shell acts on (no quote, parenthesis or semicolon). */
function tokenComment(request: SentRequest, prefix: string, naming: Naming): string {
  return `${prefix} ${TOKEN_VARIABLE}: an access token for ${naming(request.environment)}, by signing in there or by the OAuth client credentials grant at the token endpoint of the Service`;
}

/** One comment line per secret header: which variable to set (its value is never written). */
function secretComments(request: SentRequest, prefix: string, naming: Naming): string[] {
  return checkedHeaders(request)
    .filter((h) => h.value === undefined)
    .map(
      (h) =>
        `${prefix} ${headerVariable(h.name)}: the secret value of the ${naming(h.name)} header of ${naming(request.environment)}, kept in the secret storage of VS Code: set it yourself`,
    );
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

/** A `-H` argument for a plain header: `Name: value`, or `Name;` for an empty one (curl drops a header written `Name:` with only blanks after it). */
function curlHeader(name: string, value: string): string {
  return shellQuote(/^[ \t]*$/.test(value) ? `${name};` : `${name}: ${value}`);
}

/**
 * A cURL command (bash, zsh, sh). Without `token`, the Authorization header reads
 * `$TENANT_GRAPHQL_TOKEN` (in double quotes, so the shell expands it). Every other value is one
 * single-quoted word; `--globoff` keeps curl from reading `{a,b}` or `[1-9]` in the address as
 * several addresses, and `--url` from reading an address as an option.
 */
export function toCurl(request: SentRequest, token?: string): string {
  const { name, prefix } = authOf(request);
  const auth = token === undefined ? withVariable(`${name}: ${prefix}`, TOKEN_VARIABLE) : curlHeader(name, `${prefix}${checkedValue(token, 'token')}`);
  const extra = checkedHeaders(request).map((h) => `  -H ${h.value === undefined ? withVariable(`${h.name}: `, headerVariable(h.name)) : curlHeader(h.name, h.value)} \\`);
  const lines = [
    ...(token === undefined ? [tokenComment(request, '#', shellNaming)] : []),
    ...secretComments(request, '#', shellNaming),
    `curl -sS --globoff -X POST --url ${shellQuote(checkedEndpoint(request.endpoint))} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -H ${auth} \\`,
    ...extra,
    `  --data-raw ${shellQuote(escapeUnsafe(requestBody(request)))}`,
  ];
  return `${lines.join('\n')}\n`;
}

/** A fetch call (Node 18+ or a browser console). Without `token`, it reads `process.env.TENANT_GRAPHQL_TOKEN`. */
export function toFetch(request: SentRequest, token?: string): string {
  const { name, prefix } = authOf(request);
  const fromEnv = `process.env.${TOKEN_VARIABLE}`;
  const auth = token === undefined ? (prefix ? `${jsString(prefix)} + ${fromEnv}` : fromEnv) : jsString(`${prefix}${checkedValue(token, 'token')}`);
  const headerEntries = [
    `'Content-Type': 'application/json'`,
    `${jsKey(name)}: ${auth}`,
    ...checkedHeaders(request).map((h) => `${jsKey(h.name)}: ${h.value === undefined ? `process.env.${headerVariable(h.name)}` : jsString(h.value)}`),
  ];
  // JSON is JS: each string a JS string literal; only a "__proto__" key means another thing there.
  const body = escapeUnsafe(JSON.stringify(bodyValue(request), null, 2))
    .replace(/^( *)"__proto__": /gm, '$1["__proto__"]: ')
    .split('\n')
    .map((line, i) => (i === 0 ? line : `  ${line}`))
    .join('\n');
  const lines = [
    ...(token === undefined ? [tokenComment(request, '//', plainNaming)] : []),
    ...secretComments(request, '//', plainNaming),
    `const response = await fetch(${jsString(checkedEndpoint(request.endpoint))}, {`,
    `  method: 'POST',`,
    `  headers: { ${headerEntries.join(', ')} },`,
    `  body: JSON.stringify(${body}),`,
    `});`,
    `console.log(JSON.stringify(await response.json(), null, 2));`,
  ];
  return `${lines.join('\n')}\n`;
}

/** A value for a line of an HTTP file: one line, and no `{{` (the clients would read a variable there, `{{$processEnv …}}` too). */
function httpLineValue(value: string, what: string): string {
  checkedValue(value, what);
  if (value.includes('{{')) {
    throw new ExportError(`The ${what} holds "{{", which the REST Client and JetBrains HTTP client read as a variable: it cannot be saved as .http.`);
  }
  return value;
}

/**
 * A request in the HTTP-file syntax of REST Client and JetBrains' HTTP client: request line,
 * headers, a blank line and the JSON body the run sent. Without `token`, a `@token` variable read
 * from the environment.
 *
 * The body is JSON (not the clients' GraphQL mode, which writes the query as it is): every line of
 * it starts with a space or a brace, so none can start a request (`###`), read a file (`<`) or
 * run a response handler (`>`), and a `{{` inside a string is written `\u007b{`, so that none is a
 * variable.
 */
export function toHttpFile(request: SentRequest, token?: string): string {
  const { name, prefix } = authOf(request);
  const headers = checkedHeaders(request);
  const endpoint = httpLineValue(checkedEndpoint(request.endpoint), 'endpoint');
  if (endpoint === '' || /\s/.test(endpoint)) {
    throw new ExportError('The endpoint is empty or holds a space: it cannot be saved as .http.');
  }
  const secrets = headers.filter((h) => h.value === undefined);
  const body = escapeUnsafe(JSON.stringify(bodyValue(request), null, 2)).replace(/\{(?=\{)/g, '\\u007b');
  const lines = [
    ...(token === undefined ? [tokenComment(request, '#', plainNaming), `@token = {{$processEnv ${TOKEN_VARIABLE}}}`] : []),
    ...secretComments(request, '#', plainNaming),
    ...secrets.map((h) => `@${httpVariable(h.name)} = {{$processEnv ${headerVariable(h.name)}}}`),
    ...(token === undefined || secrets.length > 0 ? [''] : []),
    `# @name ${(request.operationName ?? 'operation').replace(/[^\w-]/g, '_')}`,
    `POST ${endpoint}`,
    'Content-Type: application/json',
    `${name}: ${httpLineValue(prefix, 'scheme of the token header')}${token === undefined ? '{{token}}' : httpLineValue(token, 'token')}`,
    ...headers.map((h) => `${h.name}: ${h.value === undefined ? `{{${httpVariable(h.name)}}}` : httpLineValue(h.value, `value of the ${h.name} header`)}`),
    '',
    body,
  ];
  return `${lines.join('\n')}\n`;
}
