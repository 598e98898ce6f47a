/**
 * Headers the GraphQL client sets itself, or that a request must not carry: an environment's
 * `headers` may not name them (the settings check), and the client never lets one through.
 */
export const RESERVED_HEADERS: ReadonlySet<string> = new Set([
  'host',
  'content-type',
  'content-length',
  'accept',
  'connection',
  'transfer-encoding',
  'user-agent',
  'cookie',
  'proxy-authorization',
  'te',
  'upgrade',
  'keep-alive',
  'expect',
]);
