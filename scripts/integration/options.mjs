// The integration runner's command line (node:util parseArgs): the flags, their help text, and the
// options object the runner works from. Pure: argv and the environment in, options (or a usage error) out.
import { parseArgs } from 'node:util';

/** The parts of the suite, in the order a whole run goes through them (each a code-server run of its own). */
export const SUITES = ['main', 'restricted', 'german', 'folders', 'chat'];
/**
 * The parts run by default on another code-server (--code-server-entry, the oldest, 4.103): `chat`
 * needs the language model provider API (final in VS Code 1.104) and a built-in chat to set up
 * offline, so it runs on the newest only.
 */
const SUITES_ON_ANOTHER_CODE_SERVER = SUITES.filter((s) => s !== 'chat');

/**
 * The flags. `env` names the environment variable the runner read before it had flags: still read
 * when the flag is not given (a note on stderr says which flag replaces it), so that an older command
 * line keeps working; the flag wins when both are given.
 */
const FLAGS = {
  suites: {
    type: 'string',
    value: 'LIST',
    env: 'TENANT_GRAPHQL_SUITES',
    help: `parts of the suite, comma-separated (default ${SUITES.join(',')}; on another code-server ${SUITES_ON_ANOTHER_CODE_SERVER.join(',')}; with --bench: main)`,
  },
  suite: { type: 'string', value: 'NAME', help: 'one part of the suite (same as --suites NAME)' },
  grep: {
    type: 'string',
    value: 'REGEX',
    env: 'TENANT_GRAPHQL_TEST_GREP',
    help: 'only the tests whose full title (describe + it) matches; mocha makes a case-sensitive RegExp of it',
  },
  'keep-temp': { type: 'boolean', env: 'TENANT_GRAPHQL_KEEP_TEMP', help: 'keep the run folder (.cache/tmp/run-*) for debugging' },
  verbose: { type: 'boolean', env: 'TENANT_GRAPHQL_VERBOSE', help: "also print the workbench's console, the browser harness's steps and the webview record" },
  'runner-timeout': { type: 'string', value: 'SECONDS', env: 'TENANT_GRAPHQL_RUNNER_TIMEOUT_S', help: 'give up on a part of the suite after this long (default 900)' },
  'show-server-log': { type: 'boolean', env: 'TENANT_GRAPHQL_SHOW_SERVER_LOG', help: "print code-server's own output when a part fails" },
  'code-server-entry': { type: 'string', value: 'FILE', env: 'TENANT_GRAPHQL_CODE_SERVER_ENTRY', help: "another code-server's out/node/entry.js (default: .cache's newest)" },
  'code-server-node': { type: 'string', value: 'FILE', env: 'TENANT_GRAPHQL_CODE_SERVER_NODE', help: 'the Node to run it with (default: .cache/node24)' },
  'code-server-legacy': {
    type: 'boolean',
    env: 'TENANT_GRAPHQL_CODE_SERVER_LEGACY',
    help: 'a code-server without --vscode-option (4.103): passes --enable-smoke-test-driver, which its out/node/cli.js must list',
  },
  bench: { type: 'boolean', env: 'TENANT_GRAPHQL_BENCH', help: 'run the *.bench files (test/integration) instead of the tests' },
  'bench-profile': { type: 'string', value: 'DIR', env: 'TENANT_GRAPHQL_BENCH_PROFILE', help: "the adapter bench writes a CPU profile of each row's calls there (absolute)" },
  'bench-detail': { type: 'boolean', env: 'TENANT_GRAPHQL_BENCH_DETAIL', help: 'the adapter bench prints CPU time per call and its 10 slowest calls' },
  screenshots: { type: 'string', value: 'DIR', env: 'TENANT_GRAPHQL_SCREENSHOTS', help: "the results panel's layout checks save a PNG of each width there" },
  help: { type: 'boolean', short: 'h', help: 'print this help and exit' },
};

/** The help text: usage, every flag, and where the variables the runner hands to the tests are described. */
export function helpText() {
  const rows = Object.entries(FLAGS).map(([name, f]) => [`${f.short ? `-${f.short}, ` : '    '}--${name}${f.value ? ` ${f.value}` : ''}`, f.help]);
  const width = Math.max(...rows.map(([left]) => left.length));
  return [
    'Usage: node scripts/testIntegration.mjs [flags]    (npm run test:integration -- [flags]; build first: node scripts/build.mjs)',
    '',
    'Runs the integration suite (test/integration) in code-server driven by headless Chromium, then the',
    'secret scan. Exit code 0 when every test passed and nothing leaked, 1 otherwise, 2 for a usage error.',
    '',
    ...rows.map(([left, help]) => `  ${left.padEnd(width)}  ${help}`),
    '',
    'Example: npm run test:integration -- --suites main --grep "Operation builder|Sign-in against"',
    'The variables the runner hands to the tests (TENANT_GRAPHQL_TEST_*) are listed in scripts/integration/testEnvironment.mjs.',
  ].join('\n');
}

/** A command line the runner cannot work with. */
export class UsageError extends Error {}

/**
 * The options of a run from its arguments and environment.
 * Returns `{ options, notes }`: notes are one line per old environment variable that was used.
 * Throws UsageError for an unknown flag, an unknown suite or a timeout that is not a positive number.
 * A boolean's old variable counts as set unless empty or `0`.
 */
export function resolveOptions(args, env) {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: Object.fromEntries(Object.entries(FLAGS).map(([name, f]) => [name, { type: f.type, ...(f.short ? { short: f.short } : {}) }])),
      strict: true,
    }));
  } catch (err) {
    throw new UsageError(err.message);
  }
  const notes = [];
  const get = (name) => {
    if (values[name] !== undefined) {
      return values[name];
    }
    const f = FLAGS[name];
    const fromEnv = f.env ? env[f.env] : undefined;
    if (fromEnv === undefined || fromEnv === '') {
      return undefined;
    }
    notes.push(`${f.env} is read for --${name}; prefer the flag`);
    return f.type === 'boolean' ? fromEnv !== '0' : fromEnv;
  };
  const bench = Boolean(get('bench'));
  if (values.suite !== undefined && values.suites !== undefined) {
    throw new UsageError('give --suite or --suites, not both');
  }
  const list = values.suite ?? get('suites');
  const codeServerEntry = get('code-server-entry');
  const suites = (list ?? (bench ? 'main' : (codeServerEntry ? SUITES_ON_ANOTHER_CODE_SERVER : SUITES).join(',')))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = suites.filter((s) => !SUITES.includes(s));
  if (unknown.length > 0 || suites.length === 0) {
    throw new UsageError(`unknown suite ${unknown.join(', ') || '(none given)'}: the suites are ${SUITES.join(', ')}`);
  }
  const timeoutText = get('runner-timeout');
  const runnerTimeoutS = timeoutText === undefined ? 900 : Number(timeoutText);
  if (!(runnerTimeoutS > 0)) {
    throw new UsageError(`--runner-timeout takes a number of seconds above 0, not ${JSON.stringify(timeoutText)}`);
  }
  const codeServerNode = get('code-server-node');
  return {
    notes,
    options: {
      help: Boolean(values.help),
      suites,
      grep: get('grep') ?? '',
      keepTemp: Boolean(get('keep-temp')),
      verbose: Boolean(get('verbose')),
      runnerTimeoutS,
      showServerLog: Boolean(get('show-server-log')),
      codeServer: { entry: codeServerEntry, node: codeServerNode, legacy: Boolean(get('code-server-legacy')) },
      bench,
      benchProfile: get('bench-profile') ?? '',
      benchDetail: Boolean(get('bench-detail')),
      screenshots: get('screenshots'),
    },
  };
}
