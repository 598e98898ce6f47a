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

const SECRET_PARAMS = /\b(access_token|refresh_token|id_token|code|code_verifier|client_secret|password|state|token)=([^&\s"']+)/gi;
const SECRET_JSON = /("(?:access_token|refresh_token|id_token|code|code_verifier|client_secret|password|state|token)"\s*:\s*")([^"]*)(")/gi;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9\-._~+/]+=*/gi;
const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;

/**
 * Removes tokens, codes, verifiers, secrets and Authorization values from a log line:
 * query/form parameters, JSON members, `Bearer ...` values and anything shaped like a JWT.
 */
function redact(line: string): string {
  return line.replace(BEARER, '$1 <redacted>').replace(JWT, '<redacted-jwt>').replace(SECRET_JSON, '$1<redacted>$3').replace(SECRET_PARAMS, '$1=<redacted>');
}

/** Wraps a logger so that every line is redacted before it is written. */
export function redactingLogger(base: Logger): Logger {
  return {
    trace: (m) => base.trace(redact(m)),
    debug: (m) => base.debug(redact(m)),
    info: (m) => base.info(redact(m)),
    warn: (m) => base.warn(redact(m)),
    error: (m) => base.error(redact(typeof m === 'string' ? m : (m.stack ?? m.message))),
  };
}
