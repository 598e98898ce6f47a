import {
  absoluteUrl,
  authHeaderOf,
  flag,
  headerProblem,
  nonEmptyString,
  oneOf,
  port,
  scopeList,
  secretHeaderList,
  serviceUrl,
  stringMap,
  type AuthHeader,
} from './environmentFields';

export { DEFAULT_AUTH_HEADER, type AuthHeader } from './environmentFields';

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
  /**
   * The authorization server's issuer identifier, when it sends one: the callback's `iss`
   * (RFC 9207) must then match it, and a callback without `iss` is refused. Without it, an `iss`
   * that does come back must match `authUrl`.
   */
  readonly issuer?: string;
  /** Ask for a refresh token: adds the `offline_access` scope and `prompt=consent` to E1. */
  readonly offlineAccess?: boolean;
  /** Extra parameters of E1 (e.g. `audience`, `prompt`); they never replace the ones the flow sets. */
  readonly authorizeParameters?: Readonly<Record<string, string>>;
  /** The API's resource indicator (RFC 8707), sent to E1 and E2 so that the token is made for it. */
  readonly resource?: string;
  /** The header that carries the access token and its scheme (`""`: the token alone). Default `Authorization: Bearer`. */
  readonly authHeader?: AuthHeader;
  /** Extra headers with plain values, sent with introspection and runs (never to the token endpoint). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Names of extra headers whose values are secrets, kept in secret storage (Set Header Secret). */
  readonly secretHeaders?: readonly string[];
  /**
   * For a workspace's entry that shares a name or a server with one of the person's: which one,
   * and what it changes there (see environmentOverlay.ts). Not part of the entry's content.
   */
  readonly overlay?: WorkspaceOverlay;
}

/** One thing a workspace's entry changes in the person's environment it shares a name or server with. */
export type OverlayChange =
  /** Same name, another server (addresses or client id). */
  | { readonly kind: 'server' }
  | { readonly kind: 'headerAdded' | 'headerChanged' | 'headerRemoved'; readonly name: string }
  /** A header whose value is a secret the person stored for this server (Set Header Secret). */
  | { readonly kind: 'secretHeaderAdded' | 'secretHeaderRemoved'; readonly name: string }
  | { readonly kind: 'parameterAdded' | 'parameterChanged' | 'parameterRemoved'; readonly name: string }
  /** The workspace's entry has the guard off, the person's on: it stays on. */
  | { readonly kind: 'readOnlyKept' | 'confirmMutationsKept' }
  /** The workspace's entry turns a guard on that the person's has off (stricter: it is on). */
  | { readonly kind: 'readOnlyOn' | 'confirmMutationsOn' }
  /** Other fields that differ (`scopes`, `redirectMode`, …), by their setting names. */
  | { readonly kind: 'fields'; readonly fields: readonly string[] };

/** How a workspace's entry relates to the person's environment it shares a name or a server with. */
export interface WorkspaceOverlay {
  /** The name of the person's environment. */
  readonly yours: string;
  /** The workspace's entry has the person's environment's name (it takes its place in the list). */
  readonly sameName: boolean;
  /** Both are the same server and client: the person's sign-in serves the workspace's entry. */
  readonly sameServer: boolean;
  /** What the workspace's entry changes, in the order the question names them. */
  readonly changes: readonly OverlayChange[];
}

/** The parameters of E1 the flow sets itself; `authorizeParameters` cannot replace them. */
const RESERVED_AUTHORIZE_PARAMETERS = new Set(['client_id', 'redirect_uri', 'response_type', 'code_challenge', 'code_challenge_method', 'state', 'scope', 'resource']);

const SETTING_NAME = 'tenantGraphql.environments';
const REDIRECT_MODES: readonly RedirectMode[] = ['uriHandler', 'loopback', 'paste'];
const CLIENT_TYPES: readonly ClientType[] = ['public', 'confidential'];
const KNOWN_KEYS = new Set([
  'name',
  'authUrl',
  'baseUrl',
  'clientId',
  'scopes',
  'redirectMode',
  'loopbackPort',
  'clientType',
  'confirmMutations',
  'readOnly',
  'issuer',
  'offlineAccess',
  'authorizeParameters',
  'resource',
  'authHeader',
  'headers',
  'secretHeaders',
]);
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
    const issuer = e.issuer === undefined ? undefined : absoluteUrl(e.issuer, `${at}.issuer`, problems);
    const offlineAccess = flag(e.offlineAccess, false, `${at}.offlineAccess`, problems);
    const authorizeParameters = stringMap(e.authorizeParameters, `${at}.authorizeParameters`, problems, (key) =>
      RESERVED_AUTHORIZE_PARAMETERS.has(key) ? `is set by the sign-in itself${key === 'scope' ? ' (use "scopes")' : key === 'resource' ? ' (use "resource")' : ''}` : undefined,
    );
    const resource = e.resource === undefined ? undefined : absoluteUrl(e.resource, `${at}.resource`, problems);
    const authHeader = authHeaderOf(e.authHeader, `${at}.authHeader`, problems);
    const headers = stringMap(e.headers, `${at}.headers`, problems, (key) => headerProblem(key, authHeader));
    const secretHeaders = secretHeaderList(e.secretHeaders, `${at}.secretHeaders`, problems, authHeader, headers);

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
        ...(issuer !== undefined ? { issuer } : {}),
        offlineAccess: offlineAccess!,
        authorizeParameters: Object.freeze(authorizeParameters!),
        ...(resource !== undefined ? { resource } : {}),
        authHeader: Object.freeze(authHeader!),
        headers: Object.freeze(headers!),
        secretHeaders: Object.freeze(secretHeaders!),
      }),
    );
  });
  return { environments, problems };
}
