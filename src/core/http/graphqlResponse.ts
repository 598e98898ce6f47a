/**
 * Reading the Service's answers: the GraphQL body and its errors, previews of bodies that are
 * not GraphQL, and the typed errors of 400 and 401 answers.
 */
import { HttpStatusError } from '../errors';
import { BadRequestError, MissingScopeError, UnauthorizedError, UnexpectedResponseError, type GraphqlErrorEntry } from './httpErrors';
import { unauthorizedDetails } from './wwwAuthenticate';
import { stringifyJson } from '../../shared/deepJson';

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

export function tryParseJson(body: Buffer): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(body.toString('utf8')) as unknown };
  } catch {
    return { ok: false };
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function parseGraphqlBody(res: RawResponse): GraphqlResponseBody {
  const parsed = tryParseJson(res.body);
  if (!parsed.ok) {
    throw new UnexpectedResponseError(res.status, res.headers['content-type'], preview(res.body));
  }
  const v = parsed.value;
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

/** Keeps what the spec promises of each error entry and makes sure `message` is a string. */
function normaliseErrors(errors: unknown): GraphqlErrorEntry[] {
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

export function unauthorizedError(res: RawResponse, refreshed: boolean): UnauthorizedError {
  const parsed = tryParseJson(res.body);
  const details = unauthorizedDetails(res.headers['www-authenticate'], parsed.ok ? parsed.value : undefined);
  if (details.error === 'insufficient_scope' || (details.scopes.length > 0 && details.error !== 'invalid_token')) {
    return new MissingScopeError(details.scopes, details.description);
  }
  return new UnauthorizedError(details.description ?? details.error, refreshed);
}

export function badRequestError(res: RawResponse): BadRequestError {
  const text = preview(res.body);
  const parsed = tryParseJson(res.body);
  if (parsed.ok && isObject(parsed.value)) {
    const v = parsed.value;
    if (Array.isArray(v.errors) && v.errors.length > 0) {
      const errors = normaliseErrors(v.errors);
      return new BadRequestError(sentence(errors.map((e) => e.message).join('; ')), text, errors);
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
