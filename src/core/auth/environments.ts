import { errorMessage } from '../errors';
import { parseServiceUrl } from '../urlPolicy';

/** How the browser hands the authorization response back to the extension. */
export type RedirectMode = 'uriHandler' | 'loopback' | 'paste';

/** Public clients have no secret; confidential ones need a secret set through the command. */
export type ClientType = 'public' | 'confidential';

/**
 * Where an environment was defined: the person's user settings, a workspace's (or folder's)
 * settings, or the extension itself (the built-in Sandbox). Nothing is sent to a workspace-defined
 * server until the person agrees (see the auth feature's workspace approvals).
 */
export type EnvironmentOrigin = 'user' | 'workspace' | 'builtIn';

/** One entry of `tenantGraphql.environments`, validated and with defaults filled in. */
export interface Environment {
  readonly name: string;
  readonly origin: EnvironmentOrigin;
  /** Browser-facing address; E1 is `{authUrl}/oauth/authorize`. No trailing slash. */
  readonly authUrl: string;
  /** API address; E2 is `{baseUrl}/v1/oauth/token`. No trailing slash. */
  readonly baseUrl: string;
  readonly clientId: string;
  readonly scopes: readonly string[];
  readonly redirectMode: RedirectMode;
  readonly loopbackPort: number;
  readonly clientType: ClientType;
  /** Ask before running a mutation (`"confirmMutations": false` turns it off; off for the built-in Sandbox). */
  readonly confirmMutations: boolean;
  /** Mutations are refused (`"readOnly": true`). */
  readonly readOnly: boolean;
}

/** Default fixed port of the loopback redirect `http://127.0.0.1:<port>/auth-callback`. */
export const DEFAULT_LOOPBACK_PORT = 33333;

const SETTING_NAME = 'tenantGraphql.environments';
const REDIRECT_MODES: readonly RedirectMode[] = ['uriHandler', 'loopback', 'paste'];
const CLIENT_TYPES: readonly ClientType[] = ['public', 'confidential'];
const KNOWN_KEYS = new Set(['name', 'authUrl', 'baseUrl', 'clientId', 'scopes', 'redirectMode', 'loopbackPort', 'clientType', 'confirmMutations', 'readOnly']);
const SECRET_KEYS = new Set(['clientSecret', 'client_secret', 'secret', 'accessToken', 'refreshToken']);

/**
 * Validates the raw `tenantGraphql.environments` setting of one origin (user settings by default).
 * Entries with an invalid field are dropped and each problem names its field
 * (`tenantGraphql.environments[1].baseUrl ...`, with "(workspace settings)" for a workspace's);
 * unknown keys are reported but do not drop the entry.
 */
export function parseEnvironments(raw: unknown, origin: EnvironmentOrigin = 'user'): { environments: Environment[]; problems: string[] } {
  const SETTING = origin === 'workspace' ? 'tenantGraphql.environments (workspace settings)' : SETTING_NAME;
  const environments: Environment[] = [];
  const problems: string[] = [];
  if (raw === undefined || raw === null) {
    return { environments, problems };
  }
  if (!Array.isArray(raw)) {
    return { environments, problems: [`${SETTING} must be a list of environments.`] };
  }
  const seen = new Set<string>();
  raw.forEach((entry: unknown, index) => {
    const at = `${SETTING}[${index}]`;
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
      problems.push(`${at} must be an object with name, authUrl, baseUrl and clientId.`);
      return;
    }
    const e = entry as Record<string, unknown>;
    for (const key of Object.keys(e)) {
      if (SECRET_KEYS.has(key)) {
        problems.push(`${at}.${key} must not be in settings: secrets are kept only in secret storage. Remove it and use the "Set Client Secret" command.`);
      } else if (!KNOWN_KEYS.has(key)) {
        problems.push(`${at}.${key} is not a known field and is ignored.`);
      }
    }
    const fatalFrom = problems.length;

    const name = nonEmptyString(e.name, `${at}.name`, problems);
    if (name !== undefined) {
      if (seen.has(name)) {
        problems.push(`${at}.name "${name}" is used by an earlier environment; names must be unique.`);
      }
      seen.add(name);
    }
    const authUrl = serviceUrl(e.authUrl, `${at}.authUrl`, problems);
    const baseUrl = serviceUrl(e.baseUrl, `${at}.baseUrl`, problems);
    const clientId = nonEmptyString(e.clientId, `${at}.clientId`, problems);
    const scopes = scopeList(e.scopes, `${at}.scopes`, problems);
    const redirectMode = oneOf(e.redirectMode, REDIRECT_MODES, 'uriHandler', `${at}.redirectMode`, problems);
    const clientType = oneOf(e.clientType, CLIENT_TYPES, 'public', `${at}.clientType`, problems);
    const loopbackPort = port(e.loopbackPort, `${at}.loopbackPort`, problems);
    const confirmMutations = flag(e.confirmMutations, origin !== 'builtIn', `${at}.confirmMutations`, problems);
    const readOnly = flag(e.readOnly, false, `${at}.readOnly`, problems);

    if (problems.length > fatalFrom) {
      return;
    }
    environments.push(
      Object.freeze({
        name: name!,
        origin,
        authUrl: authUrl!,
        baseUrl: baseUrl!,
        clientId: clientId!,
        scopes: Object.freeze(scopes!),
        redirectMode: redirectMode!,
        loopbackPort: loopbackPort!,
        clientType: clientType!,
        confirmMutations: confirmMutations!,
        readOnly: readOnly!,
      }),
    );
  });
  return { environments, problems };
}

function nonEmptyString(value: unknown, field: string, problems: string[]): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') {
    problems.push(`${field} must be a non-empty text.`);
    return undefined;
  }
  return value.trim();
}

function serviceUrl(value: unknown, field: string, problems: string[]): string | undefined {
  try {
    const url = parseServiceUrl(value, field);
    return url.origin + url.pathname.replace(/\/+$/, '');
  } catch (err) {
    problems.push(errorMessage(err));
    return undefined;
  }
}

function scopeList(value: unknown, field: string, problems: string[]): string[] | undefined {
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

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T, field: string, problems: string[]): T | undefined {
  if (value === undefined) {
    return fallback;
  }
  if (typeof value !== 'string' || !allowed.includes(value as T)) {
    problems.push(`${field} must be one of ${allowed.map((a) => `"${a}"`).join(', ')}.`);
    return undefined;
  }
  return value as T;
}

function flag(value: unknown, fallback: boolean, field: string, problems: string[]): boolean | undefined {
  if (value === undefined) {
    return fallback;
  }
  if (typeof value !== 'boolean') {
    problems.push(`${field} must be true or false.`);
    return undefined;
  }
  return value;
}

function port(value: unknown, field: string, problems: string[]): number | undefined {
  if (value === undefined) {
    return DEFAULT_LOOPBACK_PORT;
  }
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1024 || value > 65535) {
    problems.push(`${field} must be a whole number from 1024 to 65535 (it must match the registered redirect URI).`);
    return undefined;
  }
  return value;
}
