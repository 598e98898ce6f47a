/**
 * Which server a credential belongs to. A session, a client secret and a schema cache entry are
 * bound to the identity of the environment they were made for (its normalised authorization and
 * API addresses and its client id), never to its display name: a repository's settings can reuse a
 * name, but not make a credential travel to another server (VS Code's GitHub authentication keys
 * its tokens by `${authority}${path}` the same way).
 */
import { createHash } from 'node:crypto';

/** The server side of an environment: where its user signs in, where its API is, and as which client. */
export interface ServerIdentity {
  /** Normalised `authUrl` (see {@link normaliseServerUrl}). */
  readonly authUrl: string;
  /** Normalised `baseUrl`. */
  readonly baseUrl: string;
  readonly clientId: string;
}

/**
 * A service address in one canonical form: scheme and host in lower case (IDNs in punycode), no
 * default port, no user info, query or fragment, the path without trailing slashes.
 * Throws a TypeError for text that is not an absolute URL.
 */
export function normaliseServerUrl(text: string): string {
  const url = new URL(text.trim());
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}

/** The identity of an environment (or of anything with its three fields). */
export function serverIdentity(env: { readonly authUrl: string; readonly baseUrl: string; readonly clientId: string }): ServerIdentity {
  return { authUrl: normaliseServerUrl(env.authUrl), baseUrl: normaliseServerUrl(env.baseUrl), clientId: env.clientId };
}

/** The identity as one text (for maps and storage keys): `authUrl baseUrl clientId`, space separated. */
export function serverKey(identity: ServerIdentity): string {
  return `${identity.authUrl} ${identity.baseUrl} ${identity.clientId}`;
}

/** A short, file-name and storage-key safe digest of the identity (SHA-256, 32 hex digits). */
export function serverDigest(identity: ServerIdentity): string {
  return createHash('sha256').update(serverKey(identity)).digest('hex').slice(0, 32);
}

/** True when both are the same server and client (after normalisation). */
export function sameServer(a: ServerIdentity, b: { readonly authUrl: string; readonly baseUrl: string; readonly clientId: string }): boolean {
  try {
    return serverKey(serverIdentity(a)) === serverKey(serverIdentity(b));
  } catch {
    return false;
  }
}

/** The host (with a non-default port) of an address, for messages: `api.example.com`, `127.0.0.1:4781`. */
export function serverHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The hosts of an identity for messages: one host when sign-in and API share it, else both. */
export function serverHosts(identity: { readonly authUrl: string; readonly baseUrl: string }): string {
  const auth = serverHost(identity.authUrl);
  const api = serverHost(identity.baseUrl);
  return auth === api ? api : `${auth}, ${api}`;
}
