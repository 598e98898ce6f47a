/**
 * The bearer-token policy of the authenticated GraphQL client: which token goes on a request, and
 * what happens after a 401 (one forced refresh that names the rejected token, then one retry).
 * The token source is a seam: the extension passes the auth service, tests pass a fake.
 */

/** Gives access tokens for a session (refreshing them when they are near expiry, or when forced). */
export interface TokenSource {
  getAccessToken(sessionId: string, options?: { forceRefresh?: boolean; rejectedToken?: string; signal?: AbortSignal }): Promise<string>;
}

/** The token hooks of one request (see `GraphqlRequest.token` and `onUnauthorized`). */
export interface BearerHooks {
  /** The token to send; called before every attempt. */
  token(): Promise<string>;
  /** After a 401: a refreshed token, or undefined when none can be had (the 401 then stands). */
  onUnauthorized(): Promise<string | undefined>;
}

/** Bearer + refresh-and-retry for one request on behalf of `sessionId`. */
export function bearerHooks(source: TokenSource, sessionId: string, signal?: AbortSignal): BearerHooks {
  let lastToken: string | undefined;
  return {
    token: async () => (lastToken = await source.getAccessToken(sessionId, { signal })),
    onUnauthorized: async () => {
      try {
        return await source.getAccessToken(sessionId, { forceRefresh: true, rejectedToken: lastToken, signal });
      } catch {
        return undefined; // the 401 stands; the caller offers "Sign in again"
      }
    },
  };
}
