/**
 * The command line's configuration: its arguments, the environment from the workspace's settings
 * file, and the credentials from environment variables (never a file, never an argument: `ps`
 * shows arguments). Every mistake is a {@link CliConfigError} with one sentence saying what is wrong.
 */
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { parseEnvironments, type Environment } from '../auth/environments';

/** A configuration mistake: the command line exits with 2 and prints the sentence. */
export class CliConfigError extends Error {}

/** How the command line gets its access token. */
export type CliCredentials =
  | { readonly kind: 'token'; readonly token: string }
  | { readonly kind: 'clientCredentials'; readonly clientId: string; readonly clientSecret: string; readonly scopes: readonly string[] };

/** The parsed arguments of `tenant-graphql test`. */
export interface CliOptions {
  readonly paths: readonly string[];
  readonly envName?: string;
  readonly settingsFile: string;
  readonly junitFile?: string;
  readonly allowMutations: boolean;
  readonly updateSnapshots: boolean;
}

/** The names of the environment variables the command line reads. */
export const ENV_VARS = {
  token: 'TENANT_GRAPHQL_TOKEN',
  clientId: 'TENANT_GRAPHQL_CLIENT_ID',
  clientSecret: 'TENANT_GRAPHQL_CLIENT_SECRET',
  scopes: 'TENANT_GRAPHQL_SCOPES',
} as const;

export const USAGE = `Usage: tenant-graphql test [paths...] [--env NAME] [--settings FILE] [--junit FILE] [--allow-mutations] [--update-snapshots]

Runs the cases of every *.graphql.test.json (or *.gql.test.json) under the paths (default: the current folder).
  --env NAME            the environment of tenantGraphql.environments to run on (default: tenantGraphql.activeEnvironment, or the only one)
  --settings FILE       the settings file that defines the environments (default: .vscode/settings.json)
  --junit FILE          also write a JUnit XML report there
  --allow-mutations     send mutations to an environment that asks before each (never to a readOnly one)
  --update-snapshots    save the answers of the snapshot assertions into the test files (with the schema's version)
A snapshot taken on another version of the environment's schema is a warning (⚠, at its line); its case passes while the answer matches.
Credentials (environment variables only): ${ENV_VARS.token}, or ${ENV_VARS.clientSecret} with the client of the
environment (or ${ENV_VARS.clientId}) for a Client Credentials token, scopes from ${ENV_VARS.scopes} or the environment's.
Exit codes: 0 all passed, 1 a case failed or a test file has a problem, 2 a configuration error.`;

/** Reads `test [paths...] [options]`; throws CliConfigError on an unknown option or a missing value. */
export function parseCliArgs(argv: readonly string[]): CliOptions | 'help' {
  const args = [...argv];
  if (args[0] === 'test') {
    args.shift();
  } else if (args[0] === undefined || args[0] === '--help' || args[0] === '-h' || args[0] === 'help') {
    return 'help';
  } else {
    throw new CliConfigError(`"${args[0]}" is not a command of tenant-graphql: the command is "test" (tenant-graphql test [paths] --env NAME).`);
  }
  const paths: string[] = [];
  let envName: string | undefined;
  let settingsFile = '.vscode/settings.json';
  let junitFile: string | undefined;
  let allowMutations = false;
  let updateSnapshots = false;
  const value = (option: string): string => {
    const v = args.shift();
    if (v === undefined || v.startsWith('--')) {
      throw new CliConfigError(`${option} needs a value (${option} ${option === '--env' ? 'NAME' : 'FILE'}).`);
    }
    return v;
  };
  while (args.length > 0) {
    const arg = args.shift()!;
    const [option, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const take = () => inline ?? value(option);
    switch (option) {
      case '--env':
        envName = take();
        break;
      case '--settings':
        settingsFile = take();
        break;
      case '--junit':
        junitFile = take();
        break;
      case '--allow-mutations':
        allowMutations = true;
        break;
      case '--update-snapshots':
        updateSnapshots = true;
        break;
      case '--help':
      case '-h':
        return 'help';
      default:
        if (option.startsWith('-')) {
          throw new CliConfigError(`${option} is not an option of tenant-graphql test (see tenant-graphql --help).`);
        }
        paths.push(arg);
    }
  }
  return {
    paths: paths.length > 0 ? paths : ['.'],
    ...(envName !== undefined ? { envName } : {}),
    settingsFile,
    ...(junitFile !== undefined ? { junitFile } : {}),
    allowMutations,
    updateSnapshots,
  };
}

/** The environment to run on, from the settings file's text. */
export function environmentFromSettings(settingsText: string | undefined, settingsFile: string, envName: string | undefined): Environment {
  if (settingsText === undefined) {
    throw new CliConfigError(
      `${settingsFile} does not exist: the environments are read from the workspace's settings (tenantGraphql.environments); name another file with --settings.`,
    );
  }
  const errors: ParseError[] = [];
  const settings = parseJsonc(settingsText, errors, { allowTrailingComma: true }) as unknown;
  if (errors.length > 0 || settings === null || typeof settings !== 'object' || Array.isArray(settings)) {
    throw new CliConfigError(`${settingsFile} is not a JSON object of settings.`);
  }
  const s = settings as Record<string, unknown>;
  // The settings file is the repository's, and the person running the command named it: its servers are used.
  const { environments, problems } = parseEnvironments(s['tenantGraphql.environments'], 'workspace');
  const name =
    envName ?? (typeof s['tenantGraphql.activeEnvironment'] === 'string' ? s['tenantGraphql.activeEnvironment'] : environments.length === 1 ? environments[0].name : undefined);
  if (name === undefined) {
    throw new CliConfigError(
      environments.length === 0
        ? `${settingsFile} defines no usable environment in tenantGraphql.environments${problems.length ? ` (${problems[0]})` : ''}.`
        : `${settingsFile} defines several environments (${environments.map((e) => e.name).join(', ')}): choose one with --env NAME.`,
    );
  }
  const env = environments.find((e) => e.name === name);
  if (!env) {
    const invalid = problems.find((p) => p.includes(`"${name}"`)) ?? problems[0];
    throw new CliConfigError(
      `${settingsFile} has no usable environment named "${name}"${environments.length ? ` (it has ${environments.map((e) => `"${e.name}"`).join(', ')})` : ''}${invalid ? `; ${invalid}` : ''}.`,
    );
  }
  return env;
}

/** The credentials from the environment variables; a sentence when there are none or they are incomplete. */
export function credentialsFromEnv(vars: Readonly<Record<string, string | undefined>>, env: Environment): CliCredentials {
  const token = vars[ENV_VARS.token]?.trim();
  const secret = vars[ENV_VARS.clientSecret];
  if (token && secret) {
    throw new CliConfigError(`Both ${ENV_VARS.token} and ${ENV_VARS.clientSecret} are set: set only one (a token, or the client secret to get one).`);
  }
  if (token) {
    return { kind: 'token', token };
  }
  if (secret) {
    const scopes = vars[ENV_VARS.scopes] !== undefined ? vars[ENV_VARS.scopes]!.split(/[\s,]+/).filter(Boolean) : env.scopes;
    return { kind: 'clientCredentials', clientId: vars[ENV_VARS.clientId]?.trim() || env.clientId, clientSecret: secret, scopes };
  }
  throw new CliConfigError(
    `No credentials: set ${ENV_VARS.clientSecret} (and ${ENV_VARS.clientId} when the CI client is not "${env.clientId}") for a Client Credentials token, or ${ENV_VARS.token} to a token of "${env.name}".`,
  );
}
