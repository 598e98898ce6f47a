import type { SecretRegistry } from './secretRegistry';
import { inert } from './text/inert';

/**
 * Logging seam. Core code logs through this interface; the extension backs it with a
 * VS Code LogOutputChannel, tests with an in-memory list. Every line passes through
 * {@link redact} first, so secrets cannot reach a log even when a caller slips.
 */
export interface Logger {
  trace(message: string): void;
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string | Error): void;
}

/** A logger that prefixes every line with a tag such as `[auth]`. */
export function taggedLogger(base: Logger, tag: string): Logger {
  const p = `[${tag}] `;
  return {
    trace: (m) => base.trace(p + m),
    debug: (m) => base.debug(p + m),
    info: (m) => base.info(p + m),
    warn: (m) => base.warn(p + m),
    error: (m) => base.error(typeof m === 'string' ? p + m : new Error(p + m.message)),
  };
}

/** A logger that drops everything. */
export const nullLogger: Logger = {
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** Names of parameters, members and properties whose values are secrets (snake, kebab and camel case). */
const SECRET_KEY =
  '(?:access|refresh|id|session|subject|actor|device)[_-]?token|code[_-]?verifier|verifier|client[_-]?secret|client[_-]?assertion|' +
  'api[_-]?key|secret|password|passwd|pre[_-]?authorized[_-]?code|device[_-]?code|code|state|token|assertion|dpop|cookie|set[_-]?cookie';
/** Keys whose name alone does not make an unquoted value a secret (`code: ECONNREFUSED`, `state: pending`). */
const AMBIGUOUS_KEY = /^(?:code|state|token|secret|cookie|dpop)$/i;
/** A key, optionally quoted (also `\"key\"` inside a JSON string), then `=`, `%3D`, `:` or ` = `. */
const KEYED = new RegExp(
  `(?<=^|[^A-Za-z0-9]|%[0-9A-Fa-f]{2})((?:\\\\?["'\`])?(${SECRET_KEY})(?:\\\\?["'\`])?\\s*(?:=|%3[Dd]|:)\\s*)` +
    // value: \"…\" (JSON in JSON), "…", '…', `…` with escapes, or unquoted up to a separator
    `(\\\\"(?:[^"\\\\]|\\\\(?!")|\\\\\\\\)*?\\\\"|"(?:[^"\\\\]|\\\\.)*"|'(?:[^'\\\\]|\\\\.)*'|\`(?:[^\`\\\\]|\\\\.)*\`|(?:(?!%26|%2[Cc]|%20)[^\\s&"',;}\\])])+)`,
  'gi',
);
/** `Authorization` / `Proxy-Authorization` in any notation: everything after it up to the end of its value. */
const AUTHORIZATION =
  /(?<![A-Za-z0-9])((?:proxy[_-]?)?authorization(?:\\?["'])?\s*(?:=|%3[Dd]|:)\s*(?:\\?["'])?)((?:(?:bearer|basic|dpop|token|digest|negotiate|mac|hoba)\s+)?)((?:[^\s"'\\&,;]|\\(?!["']))+)/gi;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9\-._~+/]+=*/gi;
const DPOP = /\b(DPoP)\s+[A-Za-z0-9\-._~+/]{16,}=*/gi;
const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;
/** An opaque token: 40+ base64url characters mixing upper case, lower case and digits. */
const OPAQUE = /(?<![A-Za-z0-9\-._~+/])(?=[A-Za-z0-9\-._~+/]*[A-Z])(?=[A-Za-z0-9\-._~+/]*[a-z])(?=[A-Za-z0-9\-._~+/]*[0-9])[A-Za-z0-9\-._~]{40,}=*(?![A-Za-z0-9\-._~+/])/g;

/**
 * Removes tokens, codes, verifiers, secrets and Authorization values from a log line by their
 * shape: query/form parameters (also `%3D`-encoded), JSON members (with escaped quotes, also
 * JSON inside JSON), `util.inspect` properties, `k = v` and `k: v` in snake, kebab or camel case
 * (`access_token`, `accessToken`, `clientSecret`, `code="…"`), `Authorization` values of any
 * scheme or none, `Bearer`/`Basic`/`DPoP` values, JWTs and long opaque tokens. Values the
 * extension holds are also caught by value: see {@link SecretRegistry}.
 */
export function redact(line: string): string {
  return line
    .replace(AUTHORIZATION, (_m, head: string, scheme: string) => `${head}${scheme}<redacted>`)
    .replace(BEARER, '$1 <redacted>')
    .replace(DPOP, '$1 <redacted>')
    .replace(JWT, '<redacted-jwt>')
    .replace(KEYED, (match, head: string, key: string, value: string) => {
      if (value.includes('<redacted')) {
        return match;
      }
      const quote = /^(\\"|["'`])/.exec(value)?.[1];
      if (quote) {
        return `${head}${quote}<redacted>${quote}`;
      }
      return AMBIGUOUS_KEY.test(key) && looksBenign(value, head) ? match : `${head}<redacted>`;
    })
    .replace(OPAQUE, '<redacted>');
}

/** An unquoted value after `code:` or `state =` that is a status word or number, not a secret. */
function looksBenign(value: string, head: string): boolean {
  // In a query or form (`code=…`), every value is a secret.
  if (/(?<![\s:])(?:=|%3[Dd])$/.test(head)) {
    return false;
  }
  return value.length < 6 || /^[A-Z][A-Z0-9_]*$/.test(value) || /^\d+$/.test(value) || /^[a-z]+$/.test(value);
}

/** Longest log line written; longer ones end with an ellipsis. */
export const MAX_LOG_LINE = 8000;

/**
 * Makes one log line safe: registered secrets (any encoding) and secret-shaped values are
 * redacted, then outside text is made inert for the output channel (CR, LF and TAB shown as
 * `\r`, `\n`, `\t`; NUL, other control, bidi and invisible characters removed; capped at
 * {@link MAX_LOG_LINE}), so no caller can forge a second line.
 */
export function safeLogLine(line: string, secrets?: SecretRegistry): string {
  return inert(redact(secrets ? secrets.redact(line) : line), { sink: 'log', maxLength: MAX_LOG_LINE });
}

/**
 * Wraps a logger so that every line goes through {@link safeLogLine}: registered secrets and
 * secret shapes are redacted, and no line carries a raw newline or NUL. An `Error` is written
 * as its (safe, one-line) `name: message` followed by its stack frames, one per line.
 * `secrets` is optional for compatibility; the extension passes the one registry that the
 * auth core registers its secrets with.
 */
export function redactingLogger(base: Logger, secrets?: SecretRegistry): Logger {
  const safe = (m: string) => safeLogLine(m, secrets);
  return {
    trace: (m) => base.trace(safe(m)),
    debug: (m) => base.debug(safe(m)),
    info: (m) => base.info(safe(m)),
    warn: (m) => base.warn(safe(m)),
    error: (m) => base.error(typeof m === 'string' ? safe(m) : safeError(m, secrets)),
  };
}

function safeError(err: Error, secrets?: SecretRegistry): string {
  const head = `${err.name}: ${err.message}`;
  const stack = err.stack ?? head;
  // The frames (`    at f (file:line)`) are ours; the message may be anyone's.
  const frames = stack.startsWith(head) ? stack.slice(head.length) : stack.replace(/^[\s\S]*?(?=\n\s+at )|^[\s\S]*$/, '');
  const lines = frames.split('\n').filter((l) => l.trim() !== '');
  return [safeLogLine(head, secrets), ...lines.map((l) => safeLogLine(l, secrets))].join('\n');
}
