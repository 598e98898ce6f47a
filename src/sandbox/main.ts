import { createInterface } from 'node:readline';
import { ADMIN_KEY_ENV, ADMIN_KEY_HEADER, ADMIN_KEY_MIN_LENGTH } from './admin';
import { parseFaultSpec, type FaultSpec } from './faults';
import { startSandbox, type RunningSandbox, type SandboxOptions } from './index';
import { isSandboxSchemaVersion, SANDBOX_SCHEMA_VERSIONS } from './schemaVersions';

/** Ports the CLI uses unless told otherwise, so a demo keeps stable addresses. */
export const DEFAULT_AUTH_PORT = 4780;
/** Default port of {base_url} for the CLI. */
export const DEFAULT_API_PORT = 4781;

const USAGE = `Usage: npm run sandbox -- [options]

Runs the Tenant GraphQL Sandbox: a local, spec-faithful OAuth 2.0 + PKCE and GraphQL service.

Options:
  --auth-port N        port of {auth_url} (default ${DEFAULT_AUTH_PORT}; 0 picks a free port)
  --api-port N         port of {base_url} (default ${DEFAULT_API_PORT}; 0 picks a free port)
  --config FILE        tenant configuration JSON (default: the built-in Acme Corp demo tenant)
  --auto-consent USER  approve every valid sign-in at once as USER (tests and demos)
  --always-consent     ask for consent at every sign-in, even when the user approved the scopes before
  --redirect-uri URI   register one more exact redirect URI for every client (repeatable)
  --fault JSON         inject a fault from the start, e.g. '{"kind":"status","status":500,"count":2}' (repeatable)
  --schema-version N   serve version N of the GraphQL schema (1, the default, or 2; switch later with POST /admin/schema)
  --admin              turn on the admin endpoint {base_url}/admin/ (test machinery: faults, clock, consents,
                       issued secrets...). Its key comes from the environment variable ${ADMIN_KEY_ENV}
                       (at least ${ADMIN_KEY_MIN_LENGTH} characters); every admin request sends it in the ${ADMIN_KEY_HEADER} header.
                       Without --admin the admin paths answer 404.
  --stdin-control      read requests of the starting process from standard input, one JSON object a line:
                       {"id":1,"registerRedirectUri":{"clientId":"...","uri":"..."}} or {"id":2,"allowAuthHost":"host:port"};
                       each is answered on standard output with a line CONTROL {"id":1,"ok":true} (or "error")
  --quiet              do not log requests
  --help               show this help
`;

/** Thrown for bad command-line arguments. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

function port(value: string | undefined, flag: string): number {
  const n = Number(value);
  if (value === undefined || !/^\d+$/.test(value) || n > 65535) {
    throw new UsageError(`${flag} needs a port number between 0 and 65535.`);
  }
  return n;
}

/** Start options and what only the command line offers. */
export interface CliOptions extends SandboxOptions {
  /** Whether to read requests of the starting process from standard input. */
  stdinControl?: boolean;
}

/**
 * Parses the CLI arguments into start options; `help` when --help was given. `--admin` takes its key
 * from `env` (never from argv, which any process of the machine can read).
 */
export function parseArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): CliOptions | 'help' {
  const options: CliOptions = { authPort: DEFAULT_AUTH_PORT, apiPort: DEFAULT_API_PORT, quiet: false };
  const redirectUris: string[] = [];
  const faults: FaultSpec[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) {
        throw new UsageError(`${flag} needs a value.`);
      }
      return v;
    };
    switch (flag) {
      case '--help':
      case '-h':
        return 'help';
      case '--auth-port':
        options.authPort = port(value(), flag);
        break;
      case '--api-port':
        options.apiPort = port(value(), flag);
        break;
      case '--config':
        options.config = value();
        break;
      case '--auto-consent':
        options.autoConsent = value();
        break;
      case '--always-consent':
        options.alwaysConsent = true;
        break;
      case '--redirect-uri':
        redirectUris.push(value());
        break;
      case '--fault': {
        const text = value();
        try {
          faults.push(parseFaultSpec(JSON.parse(text)));
        } catch (err) {
          throw new UsageError(`--fault: ${(err as Error).message}`);
        }
        break;
      }
      case '--schema-version': {
        const version = Number(value());
        if (!isSandboxSchemaVersion(version)) {
          throw new UsageError(`--schema-version must be one of ${SANDBOX_SCHEMA_VERSIONS.join(', ')}.`);
        }
        options.schemaVersion = version;
        break;
      }
      case '--admin': {
        if (inline !== undefined) {
          throw new UsageError(`--admin takes no value: the key comes from the environment variable ${ADMIN_KEY_ENV}, never from the command line.`);
        }
        const key = env[ADMIN_KEY_ENV];
        if (key === undefined || key.length < ADMIN_KEY_MIN_LENGTH) {
          throw new UsageError(`--admin needs the admin key in the environment variable ${ADMIN_KEY_ENV} (at least ${ADMIN_KEY_MIN_LENGTH} characters).`);
        }
        options.adminKey = key;
        break;
      }
      case '--stdin-control':
        options.stdinControl = true;
        break;
      case '--quiet':
        options.quiet = true;
        break;
      default:
        throw new UsageError(`Unknown option ${arg}.`);
    }
  }
  if (redirectUris.length > 0) {
    options.redirectUris = redirectUris;
  }
  if (faults.length > 0) {
    options.faults = faults;
  }
  return options;
}

/** The machine-readable first line: `SANDBOX {json}`. */
export function sandboxLine(s: RunningSandbox): string {
  const info = {
    authUrl: s.authUrl,
    baseUrl: s.baseUrl,
    adminUrl: s.adminUrl,
    clients: s.clients,
    users: s.users,
    scopes: s.scopes,
    team: s.team,
  };
  return `SANDBOX ${JSON.stringify(info)}`;
}

/** The human-friendly summary printed after the SANDBOX line. */
export function summary(s: RunningSandbox, autoConsent: string | undefined, alwaysConsent = false): string {
  const lines = [
    '',
    `Tenant GraphQL Sandbox is running for team ${s.team.name} (${s.team.id}).`,
    `  {auth_url}  ${s.authUrl}   sign-in: ${s.authUrl}/oauth/authorize`,
    `  {base_url}  ${s.baseUrl}   token: ${s.baseUrl}/v1/oauth/token   GraphQL: ${s.baseUrl}/v1/graphql`,
    s.adminUrl === undefined
      ? '  admin       off (start with --admin to turn it on)'
      : `  admin       ${s.adminUrl}  (loopback only, with the key of ${ADMIN_KEY_ENV} in ${ADMIN_KEY_HEADER})`,
    '',
    'Applications:',
    ...s.clients.map((c) => `  ${c.clientId} (${c.type}${c.clientSecret === undefined ? '' : `, secret ${c.clientSecret}`}) grants: ${c.grants.join(', ')}`),
    'Users:',
    ...s.users.map((u) => `  ${u.id.padEnd(8)} ${u.name} [${u.groups.join(', ')}]`),
    `Scopes: ${s.scopes.join(' ')}`,
    autoConsent === undefined
      ? `Consent: a sign-in page lets you pick a user and approve or deny; ${alwaysConsent ? 'asked at every sign-in' : 'remembered per user and application'}; sign out of the browser at ${s.authUrl}/oauth/signout.`
      : `Consent: approved automatically as ${autoConsent}.`,
    '',
    'Press Ctrl-C to stop.',
  ];
  return lines.join('\n');
}

/**
 * Answers one line of `--stdin-control`. Standard input reaches the Sandbox only from the process
 * that started it, so these requests need no key: the extension registers the callback address a
 * browser-based VS Code hands out for each sign-in, and the port forwarding its browser uses.
 */
export function controlReply(sandbox: RunningSandbox, line: string): string | undefined {
  if (line.trim() === '') {
    return undefined;
  }
  let id: unknown;
  try {
    const message = JSON.parse(line) as Record<string, unknown>;
    id = message.id;
    const register = message.registerRedirectUri as { clientId?: unknown; uri?: unknown } | undefined;
    if (register !== undefined) {
      if (typeof register.clientId !== 'string' || typeof register.uri !== 'string') {
        throw new Error('registerRedirectUri needs { "clientId": string, "uri": string }.');
      }
      sandbox.registerRedirectUri(register.clientId, register.uri);
    } else if (typeof message.allowAuthHost === 'string') {
      sandbox.allowForwardedAuthHost(message.allowAuthHost);
    } else {
      throw new Error('Send registerRedirectUri or allowAuthHost.');
    }
    return `CONTROL ${JSON.stringify({ id, ok: true })}`;
  } catch (err) {
    return `CONTROL ${JSON.stringify({ id, error: (err as Error).message })}`;
  }
}

async function main(): Promise<void> {
  // A parent that reads only the SANDBOX line may close our stdout; keep serving regardless.
  process.stdout.on('error', () => undefined);
  let options: CliOptions | 'help';
  try {
    options = parseArgs(process.argv.slice(2));
    // Read once; nothing this process starts needs it.
    delete process.env[ADMIN_KEY_ENV];
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (options === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  let sandbox: RunningSandbox;
  try {
    sandbox = await startSandbox(options);
  } catch (err) {
    process.stderr.write(`The Sandbox could not start: ${(err as Error).message}\n`);
    process.exitCode = 1;
    return;
  }
  process.stdout.write(`${sandboxLine(sandbox)}\n`);
  process.stdout.write(`${summary(sandbox, options.autoConsent, options.alwaysConsent)}\n`);
  if (options.stdinControl === true) {
    const running = sandbox;
    createInterface({ input: process.stdin }).on('line', (line) => {
      const reply = controlReply(running, line);
      if (reply !== undefined) {
        process.stdout.write(`${reply}\n`);
      }
    });
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      process.exit(1);
    }
    stopping = true;
    process.stdout.write(`\n${signal}: stopping the Sandbox.\n`);
    void sandbox.close().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

if (require.main === module) {
  void main();
}
