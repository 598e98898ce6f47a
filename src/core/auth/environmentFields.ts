/**
 * The field checks of `tenantGraphql.environments` (environments.ts validates an entry with them):
 * each returns the field's value with its default, or pushes a problem naming the field and returns
 * undefined.
 */
import { errorMessage } from '../errors';
import { parseServiceUrl } from '../urlPolicy';
import { RESERVED_HEADERS } from '../http/reservedHeaders';

/** Which header carries the access token. */
export interface AuthHeader {
  readonly name: string;
  /** `Bearer` by default; empty sends the token alone. */
  readonly scheme: string;
}

/** The default: `Authorization: Bearer <token>`. */
export const DEFAULT_AUTH_HEADER: AuthHeader = Object.freeze({ name: 'Authorization', scheme: 'Bearer' });

/** Default fixed port of the loopback redirect `http://127.0.0.1:<port>/auth-callback`. */
export const DEFAULT_LOOPBACK_PORT = 33333;

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;

/**
 * Control characters (C0, DEL, C1: line breaks, tabs, escapes), the Unicode line and paragraph
 * separators and the bidirectional controls. None has a place in a name or an identifier, and each
 * can change what a text means where the name is written: a line break ends a shell or script
 * comment and starts a new command (or, in an .http file, a new request); an escape drives the
 * terminal it is pasted into; a bidirectional control shows a name other than it is.
 */
const CONTROL = /[\p{Cc}\p{Bidi_Control}\u2028\u2029]/u;

/** A text shown with its control characters escaped (`"a\nb"`), never raw, for a problem that quotes it. */
function visible(text: string): string {
  return JSON.stringify(text).replace(/[\p{Cc}\p{Bidi_Control}\u2028\u2029]/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A name or identifier (an environment's name, a client id): a non-empty text without control
 * characters, trimmed.
 */
export function nonEmptyString(value: unknown, field: string, problems: string[]): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') {
    problems.push(`${field} must be a non-empty text.`);
    return undefined;
  }
  if (CONTROL.test(value.trim())) {
    problems.push(`${field} ${visible(value.trim())} must be one line of text without control characters (line breaks, tabs, escapes or text-direction marks).`);
    return undefined;
  }
  return value.trim();
}

export function serviceUrl(value: unknown, field: string, problems: string[]): string | undefined {
  try {
    const url = parseServiceUrl(value, field);
    return url.origin + url.pathname.replace(/\/+$/, '');
  } catch (err) {
    problems.push(errorMessage(err));
    return undefined;
  }
}

export function scopeList(value: unknown, field: string, problems: string[]): string[] | undefined {
  if (value === undefined) {
    return [];
  }
  if (!Array.isArray(value)) {
    problems.push(`${field} must be a list of scope names.`);
    return undefined;
  }
  const scopes: string[] = [];
  for (const [i, s] of value.entries()) {
    // Scopes are joined with spaces in E1 and split on commas in the token: neither may be inside one.
    if (typeof s !== 'string' || !/^[\x21\x23-\x2b\x2d-\x5b\x5d-\x7e]+$/.test(s)) {
      problems.push(`${field}[${i}] must be a scope name without spaces, commas, quotes or backslashes.`);
      return undefined;
    }
    if (!scopes.includes(s)) {
      scopes.push(s);
    }
  }
  return scopes;
}

export function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T, field: string, problems: string[]): T | undefined {
  if (value === undefined) {
    return fallback;
  }
  if (typeof value !== 'string' || !allowed.includes(value as T)) {
    problems.push(`${field} must be one of ${allowed.map((a) => `"${a}"`).join(', ')}.`);
    return undefined;
  }
  return value as T;
}

export function flag(value: unknown, fallback: boolean, field: string, problems: string[]): boolean | undefined {
  if (value === undefined) {
    return fallback;
  }
  if (typeof value !== 'boolean') {
    problems.push(`${field} must be true or false.`);
    return undefined;
  }
  return value;
}

export function port(value: unknown, field: string, problems: string[]): number | undefined {
  if (value === undefined) {
    return DEFAULT_LOOPBACK_PORT;
  }
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1024 || value > 65535) {
    problems.push(`${field} must be a whole number from 1024 to 65535 (it must match the registered redirect URI).`);
    return undefined;
  }
  return value;
}

export function absoluteUrl(value: unknown, field: string, problems: string[]): string | undefined {
  if (typeof value !== 'string' || !URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    problems.push(`${field} must be an absolute https:// (or loopback http://) address.`);
    return undefined;
  }
  return value;
}

/** An object of text values; `reserved` returns why a key may not be used. */
export function stringMap(value: unknown, field: string, problems: string[], reserved: (key: string) => string | undefined): Record<string, string> | undefined {
  if (value === undefined) {
    return {};
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    problems.push(`${field} must be an object of names and text values.`);
    return undefined;
  }
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (CONTROL.test(key)) {
      problems.push(`${field} ${visible(key)} must be a name without control characters (line breaks, tabs, escapes or text-direction marks).`);
      return undefined;
    }
    const why = reserved(key);
    if (why) {
      problems.push(`${field}.${key} ${why}.`);
      return undefined;
    }
    // CR, LF and NUL would split or end a header line, and no other control character (but a tab) may be in one (RFC 9110 5.5).
    if (typeof v !== 'string' || /[^\P{Cc}\t]|[\u2028\u2029]/u.test(v)) {
      problems.push(`${field}.${key} must be a one-line text without control characters.`);
      return undefined;
    }
    out[key] = v;
  }
  return out;
}

export function headerProblem(name: string, authHeader: AuthHeader | undefined): string | undefined {
  if (!HEADER_NAME.test(name)) {
    return 'is not a valid header name';
  }
  const lower = name.toLowerCase();
  if (RESERVED_HEADERS.has(lower)) {
    return 'is set by the extension itself (or must not be sent)';
  }
  if (lower === 'authorization' || lower === authHeader?.name.toLowerCase()) {
    return 'carries the access token: use "authHeader" to choose its name and scheme';
  }
  return undefined;
}

export function authHeaderOf(value: unknown, field: string, problems: string[]): AuthHeader | undefined {
  if (value === undefined) {
    return DEFAULT_AUTH_HEADER;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    problems.push(`${field} must be an object like { "name": "Authorization", "scheme": "Bearer" }.`);
    return undefined;
  }
  const v = value as Record<string, unknown>;
  const name = v.name === undefined ? DEFAULT_AUTH_HEADER.name : v.name;
  const scheme = v.scheme === undefined ? DEFAULT_AUTH_HEADER.scheme : v.scheme;
  if (typeof name !== 'string' || !HEADER_NAME.test(name) || RESERVED_HEADERS.has(name.toLowerCase())) {
    problems.push(`${field}.name must be a header name the extension does not set itself.`);
    return undefined;
  }
  if (typeof scheme !== 'string' || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]*$/.test(scheme)) {
    problems.push(`${field}.scheme must be one word (like "Bearer") or empty.`);
    return undefined;
  }
  for (const key of Object.keys(v)) {
    if (key !== 'name' && key !== 'scheme') {
      problems.push(`${field}.${key} is not a known field and is ignored.`);
    }
  }
  return { name, scheme };
}

export function secretHeaderList(
  value: unknown,
  field: string,
  problems: string[],
  authHeader: AuthHeader | undefined,
  headers: Record<string, string> | undefined,
): string[] | undefined {
  if (value === undefined) {
    return [];
  }
  if (!Array.isArray(value)) {
    problems.push(`${field} must be a list of header names (their values are set with "Set Header Secret").`);
    return undefined;
  }
  const out: string[] = [];
  for (const [i, name] of value.entries()) {
    const why = typeof name === 'string' ? headerProblem(name, authHeader) : 'is not a header name';
    if (why) {
      problems.push(`${field}[${i}] ${why}.`);
      return undefined;
    }
    const n = name as string;
    if (headers && Object.keys(headers).some((h) => h.toLowerCase() === n.toLowerCase())) {
      problems.push(`${field}[${i}] "${n}" also has a plain value in "headers": a secret header's value is kept only in secret storage.`);
      return undefined;
    }
    if (!out.some((o) => o.toLowerCase() === n.toLowerCase())) {
      out.push(n);
    }
  }
  return out;
}
