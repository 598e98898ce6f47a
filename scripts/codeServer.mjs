// What `npm start` and the test runners share about running VS Code in a browser here: code-server's
// command line and the Chromium flags that keep a headless browser quiet on a machine without internet.

/** Chromium flags for the headless runs: no sandbox (root), no GPU, no traffic but to 127.0.0.1. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

/**
 * code-server's arguments: no auth, on 127.0.0.1 only, no telemetry or update checks, and the option
 * without which a built VS Code ignores `extensionDevelopmentPath` (and test entries) in the address.
 * @param {{ entry: string, port: number, stateDir: string, folder: string, workspaceTrust?: boolean, legacySmokeTestOption?: boolean }} options
 *   stateDir holds user-data/, extensions/ and config.yaml; workspaceTrust keeps VS Code's workspace
 *   trust on (an untrusted folder opens in Restricted Mode), off by default as in `npm start`;
 *   legacySmokeTestOption passes `--enable-smoke-test-driver` as older code-servers need (see scripts/integration/options.mjs)
 */
export function codeServerArgs({ entry, port, stateDir, folder, workspaceTrust = false, legacySmokeTestOption = false }) {
  return [
    entry,
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    ...(workspaceTrust ? [] : ['--disable-workspace-trust']),
    '--disable-getting-started-override',
    // code-server before --vscode-option (4.103 and older) needs its CLI to accept VS Code's own flag.
    ...(legacySmokeTestOption ? ['--enable-smoke-test-driver'] : ['--vscode-option', 'enable-smoke-test-driver']),
    '--user-data-dir',
    `${stateDir}/user-data`,
    '--extensions-dir',
    `${stateDir}/extensions`,
    '--config',
    `${stateDir}/config.yaml`,
    folder,
  ];
}
