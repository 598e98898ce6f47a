// The runner's channel INTO the VS Code test process: environment variables of the extension host
// (code-server's `extensionEnvironment` payload; older code-servers, given with --code-server-entry,
// ignore the payload's, so the runner also puts them in code-server's own environment). These are the
// only TENANT_GRAPHQL_* variables the integration tests read, and nobody sets them by hand: the
// runner's flags (scripts/integration/options.mjs) are the interface.
//
//   TENANT_GRAPHQL_TEST_SANDBOX        the runner's Sandbox: its SANDBOX line (authUrl, baseUrl, adminUrl, adminKey, clients, users)
//                                      (test/integration/helpers.ts)
//   TENANT_GRAPHQL_TEST_LISTENER       "a server somebody else runs": the recording proxy's addresses, the second Sandbox's
//                                      admin address and key, and its own addresses as `direct` (helpers.ts)
//   TENANT_GRAPHQL_TEST_INTEROP        the independent pair (oidc-provider + graphql-http): url, control, clientId,
//                                      resource, teamClientId, teamSecret (tenantServers.test.ts, resultsAfterSignIn.test.ts)
//   TENANT_GRAPHQL_TEST_HEADER_SECRET  a secret header value the headers tests store; the secret scan searches for it (headers.test.ts)
//   TENANT_GRAPHQL_TEST_GREP           --grep (test/integration/index.ts)
//   TENANT_GRAPHQL_TEST_SUITE          the part of the suite: main, restricted, german or folders (index.ts)
//   TENANT_GRAPHQL_TEST_RUNNER         always `code-server` (index.ts)
//   TENANT_GRAPHQL_BENCH               `1` with --bench: index.ts loads the *.bench.js files instead of *.test.js
//   TENANT_GRAPHQL_BENCH_PROFILE       --bench-profile (adapter.bench.ts)
//   TENANT_GRAPHQL_BENCH_DETAIL        `1` with --bench-detail (adapter.bench.ts)

/**
 * The extension host's environment for one part of the suite.
 * @param {{ suite: string, options: { grep: string, bench: boolean, benchProfile: string, benchDetail: boolean },
 *   sandbox: { info: object }, other: { info: { adminUrl: string, adminKey: string, authUrl: string, baseUrl: string } },
 *   listener: { authUrl: string, baseUrl: string }, interop: { url: string, control: string, clientId: string,
 *   resource: string, teamClientId: string, teamSecret: string }, headerSecret: string }} run
 */
export function testEnvironment({ suite, options, sandbox, other, listener, interop, headerSecret }) {
  return {
    TENANT_GRAPHQL_TEST_SANDBOX: JSON.stringify(sandbox.info),
    // A secret header value the headers tests store with Set Header Secret: searched for by the scan.
    TENANT_GRAPHQL_TEST_HEADER_SECRET: headerSecret,
    TENANT_GRAPHQL_TEST_LISTENER: JSON.stringify({
      authUrl: listener.authUrl,
      baseUrl: listener.baseUrl,
      adminUrl: other.info.adminUrl,
      adminKey: other.info.adminKey,
      // The other Sandbox's own addresses (not through the proxy): a server identity of its own (the folders suite's Beta).
      direct: { authUrl: other.info.authUrl, baseUrl: other.info.baseUrl },
    }),
    TENANT_GRAPHQL_TEST_INTEROP: JSON.stringify({
      url: interop.url,
      control: interop.control,
      clientId: interop.clientId,
      resource: interop.resource,
      teamClientId: interop.teamClientId,
      teamSecret: interop.teamSecret,
    }),
    TENANT_GRAPHQL_TEST_GREP: options.grep,
    TENANT_GRAPHQL_TEST_SUITE: suite,
    TENANT_GRAPHQL_TEST_RUNNER: 'code-server',
    TENANT_GRAPHQL_BENCH: options.bench ? '1' : '',
    TENANT_GRAPHQL_BENCH_PROFILE: options.benchProfile,
    TENANT_GRAPHQL_BENCH_DETAIL: options.benchDetail ? '1' : '',
  };
}
