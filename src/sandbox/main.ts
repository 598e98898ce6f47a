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

/** Parses the CLI arguments into start options; `help` when --help was given. */
export function parseArgs(argv: readonly string[]): SandboxOptions | 'help' {
  const options: SandboxOptions = { authPort: DEFAULT_AUTH_PORT, apiPort: DEFAULT_API_PORT, quiet: false };
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
    `  admin       ${s.adminUrl}  (loopback only)`,
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

async function main(): Promise<void> {
  // A parent that reads only the SANDBOX line may close our stdout; keep serving regardless.
  process.stdout.on('error', () => undefined);
  let options: SandboxOptions | 'help';
  try {
    options = parseArgs(process.argv.slice(2));
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
