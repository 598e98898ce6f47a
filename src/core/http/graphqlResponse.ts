/**
 * Reading the Service's answers: the GraphQL body and its errors, previews of bodies that are
 * not GraphQL, and the typed errors of 400 and 401 answers.
 */
import { HttpStatusError } from '../errors';
import { BadRequestError, ForbiddenError, IpNotAllowedError, MissingScopeError, UnauthorizedError, UnexpectedResponseError, type GraphqlErrorEntry } from './httpErrors';
import { unauthorizedDetails } from './wwwAuthenticate';
import { stringifyJson } from '../../shared/deepJson';
import { isRecord as isObject } from '../../shared/resultView';
import { parseIntrospectionInSlices, RESPONSE_SCHEMA_TYPES } from '../schema/introspectionInSlices';

const BODY_PREVIEW_BYTES = 500;

/** An HTTP answer as received: status, flattened headers, the whole body. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** The body of a GraphQL response. */
export interface GraphqlResponseBody {
  data?: Record<string, unknown> | null;
  errors?: GraphqlErrorEntry[];
  extensions?: Record<string, unknown>;
}

/** The answer is bigger than the client is willing to hold in memory. */
export class ResponseTooLargeError extends HttpStatusError {
  constructor(
    status: number,
    readonly limitBytes: number,
  ) {
    super(status, `The Service's answer is larger than ${formatBytes(limitBytes)}, so it was not read. ` + 'Ask for less: fewer fields, or smaller pages (for example first: 20).');
  }
}

export function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v !== undefined) {
      out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
    }
  }
  return out;
}

/** The first bytes of a body as text, for messages and the log. */
export function preview(body: Buffer): string {
  return new TextDecoder('utf-8', { fatal: false }).decode(body.subarray(0, BODY_PREVIEW_BYTES));
}

type Parsed = { ok: true; value: unknown } | { ok: false };

/** Each response body's parse, kept while the body lives: deciding what an answer is and reading it parse it once. */
const parsedBodies = new WeakMap<Buffer, Parsed>();

/** The body as JSON, parsed once per body while it is being read (the value is shared: never changed; dropped once a GraphQL body is read from it). */
export function tryParseJson(body: Buffer): Parsed {
  let parsed = parsedBodies.get(body);
  if (!parsed) {
    try {
      parsed = { ok: true, value: JSON.parse(body.toString('utf8')) as unknown };
    } catch {
      parsed = { ok: false };
    }
    parsedBodies.set(body, parsed);
  }
  return parsed;
}

export function parseGraphqlBody(res: RawResponse): GraphqlResponseBody {
  const parsed = tryParseJson(res.body);
  if (!parsed.ok) {
    throw new UnexpectedResponseError(res.status, res.headers['content-type'], preview(res.body));
  }
  return graphqlBodyOf(res, parsed.value);
}

/** Bodies from this size on that answer the introspection query are parsed in slices. */
const SLICED_PARSE_BYTES = 256 * 1024;

/**
 * As parseGraphqlBody, but a large answer to the introspection query (`"__schema"` at its start) is
 * parsed in slices with the thread yielded in between (one JSON.parse of GitHub's 5 MB
 * introspection holds the thread 40-90 ms); the value is the same.
 */
export async function parseGraphqlBodyInSlices(res: RawResponse): Promise<GraphqlResponseBody> {
  // A 4xx answer was parsed already to tell whether it is GraphQL (tryParseJson keeps that parse).
  const ok = res.status >= 200 && res.status < 300;
  if (!ok || parsedBodies.has(res.body) || res.body.length < SLICED_PARSE_BYTES || !res.body.subarray(0, 200).includes('"__schema"')) {
    return parseGraphqlBody(res);
  }
  let value: unknown;
  try {
    value = await parseIntrospectionInSlices(res.body, undefined, RESPONSE_SCHEMA_TYPES);
  } catch {
    parsedBodies.set(res.body, { ok: false });
    throw new UnexpectedResponseError(res.status, res.headers['content-type'], preview(res.body));
  }
  parsedBodies.set(res.body, { ok: true, value });
  return graphqlBodyOf(res, value);
}

function graphqlBodyOf(res: RawResponse, v: unknown): GraphqlResponseBody {
  // The last reader of this body: its parse is not kept beside the bytes (a run's bytes may be kept for the filter).
  parsedBodies.delete(res.body);
  if (!isObject(v) || (!('data' in v) && !('errors' in v))) {
    throw new UnexpectedResponseError(res.status, res.headers['content-type'], preview(res.body), 'is JSON but not a GraphQL response (no data, no errors)');
  }
  const body: GraphqlResponseBody = {};
  if ('data' in v) {
    body.data = isObject(v.data) ? v.data : null;
  }
  if (v.errors !== undefined) {
    body.errors = normaliseErrors(v.errors);
  }
  if (isObject(v.extensions)) {
    body.extensions = v.extensions;
  }
  return body;
}

/**
 * Keeps what the spec promises of each error entry and makes sure `message` is a string (a live
 * run's answer here; a run reopened from the history in the filter worker).
 */
export function normaliseErrors(errors: unknown): GraphqlErrorEntry[] {
  if (!Array.isArray(errors)) {
    return [{ message: `The Service sent a malformed errors field: ${stringifyJson(errors, { maxLength: 400 })?.slice(0, 200)}` }];
  }
  return errors.map((e): GraphqlErrorEntry => {
    if (!isObject(e)) {
      return { message: String(e) };
    }
    const entry: GraphqlErrorEntry = { message: typeof e.message === 'string' ? e.message : stringifyJson(e) };
    if (Array.isArray(e.locations)) {
      entry.locations = e.locations.filter((l): l is { line: number; column: number } => isObject(l) && typeof l.line === 'number' && typeof l.column === 'number');
    }
    if (Array.isArray(e.path)) {
      entry.path = e.path.filter((p): p is string | number => typeof p === 'string' || typeof p === 'number');
    }
    if (isObject(e.extensions)) {
      entry.extensions = e.extensions;
    }
    return entry;
  });
}

/** The media types GraphQL over HTTP defines for responses, the newer one first. */
export const GRAPHQL_ACCEPT = 'application/graphql-response+json, application/json;q=0.9';

/**
 * Reads a 401: the Bearer challenge of `WWW-Authenticate` (RFC 6750), an OAuth-style JSON body,
 * or a GraphQL body whose `errors[]` say why (what GraphQL servers send). A missing scope is
 * recognised from `insufficient_scope`, a `scope` parameter, or an error that says so.
 */
export function unauthorizedError(res: RawResponse, refreshed: boolean): UnauthorizedError {
  const parsed = tryParseJson(res.body);
  const body = parsed.ok ? parsed.value : undefined;
  const details = unauthorizedDetails(res.headers['www-authenticate'], body);
  const graphql = graphqlErrorsOf(body);
  const graphqlReason = graphql ? errorsSummary(graphql) : undefined;
  for (const e of graphql ?? []) {
    for (const s of scopeHints(e.extensions)) {
      details.scopes.push(s);
    }
  }
  const reason = details.description ?? graphqlReason ?? details.error;
  if (
    details.error === 'insufficient_scope' ||
    (details.scopes.length > 0 && details.error !== 'invalid_token') ||
    (details.error === undefined && graphqlReason !== undefined && /\bscopes?\b/i.test(graphqlReason))
  ) {
    return new MissingScopeError([...new Set(details.scopes)], reason);
  }
  return new UnauthorizedError(reason, refreshed);
}

/**
 * Reads a 403. The spec names one cause (the address is not allowed), but gateways and GraphQL
 * servers also answer 403 with their own reason: a body that gives one is shown as it is, and the
 * IP message is kept for answers that give none or speak of the address.
 */
export function forbiddenError(res: RawResponse): IpNotAllowedError | ForbiddenError | MissingScopeError {
  const text = preview(res.body);
  const parsed = tryParseJson(res.body);
  const body = parsed.ok ? parsed.value : undefined;
  const details = unauthorizedDetails(res.headers['www-authenticate'], body);
  if (details.error === 'insufficient_scope') {
    return new MissingScopeError(details.scopes, details.description);
  }
  const graphql = graphqlErrorsOf(body);
  let reason = graphql ? errorsSummary(graphql) : (details.description ?? undefined);
  if (reason === undefined && isObject(body) && typeof body.message === 'string' && body.message.trim() !== '') {
    reason = body.message;
  }
  if (reason === undefined || /\b(ip|address|network|allow-?list(ed)?|allowed)\b/i.test(reason)) {
    return new IpNotAllowedError(text);
  }
  return new ForbiddenError(sentence(reason.slice(0, 300)), text);
}

function graphqlErrorsOf(body: unknown): GraphqlErrorEntry[] | undefined {
  return isObject(body) && Array.isArray(body.errors) && body.errors.length > 0 ? normaliseErrors(body.errors) : undefined;
}

function errorsSummary(errors: GraphqlErrorEntry[]): string {
  return errors
    .map((e) => e.message.trim())
    .filter((m) => m !== '')
    .join('; ')
    .slice(0, 300);
}

/** Scopes an error's extensions name (`scope`, `scopes`, `requiredScopes`, ...), space or comma separated. */
function scopeHints(extensions: Record<string, unknown> | undefined): string[] {
  const out: string[] = [];
  for (const key of ['scope', 'scopes', 'requiredScope', 'requiredScopes', 'missingScopes']) {
    const v = extensions?.[key];
    const items = typeof v === 'string' ? v.split(/[\s,]+/) : Array.isArray(v) ? v : [];
    for (const s of items) {
      if (typeof s === 'string' && /^[\x21\x23-\x2b\x2d-\x5b\x5d-\x7e]{1,100}$/.test(s)) {
        out.push(s);
      }
    }
  }
  return out;
}

/**
 * Reads a 4xx other than 401, 403 and 429: with a GraphQL body (GraphQL over HTTP answers
 * `application/graphql-response+json` validation errors with 4xx) its errors, with their
 * locations, become the error's; otherwise the server's reason in words.
 */
export function badRequestError(res: RawResponse): BadRequestError {
  const text = preview(res.body);
  const parsed = tryParseJson(res.body);
  if (parsed.ok && isObject(parsed.value)) {
    const v = parsed.value;
    if (Array.isArray(v.errors) && v.errors.length > 0) {
      const errors = normaliseErrors(v.errors);
      return new BadRequestError(sentence(errors.map((e) => e.message).join('; ')), text, errors, res.status);
    }
    for (const key of ['error_description', 'message', 'error']) {
      if (typeof v[key] === 'string' && v[key] !== '') {
        return new BadRequestError(sentence(v[key]), text);
      }
    }
  }
  const plain = text.replace(/\s+/g, ' ').trim();
  return new BadRequestError(plain ? sentence(plain.slice(0, 300)) : 'it gave no reason.', text);
}

function sentence(s: string): string {
  const t = s.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

/** `512 B`, `2.1 kB`, `3.4 MB`. */
export function formatBytes(n: number): string {
  if (n < 1000) {
    return `${n} B`;
  }
  if (n < 1_000_000) {
    return `${(n / 1000).toFixed(1)} kB`;
  }
  return `${(n / 1_000_000).toFixed(1)} MB`;
}
