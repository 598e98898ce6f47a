import { parseServiceUrl, isLoopbackHost } from '../urlPolicy';
import { errorMessage } from '../errors';
import { parseEnvironments, type ClientType, type Environment } from './environments';

/** What Add Environment… asks, as typed. */
export interface EnvironmentAnswers {
  readonly name: string;
  readonly authUrl: string;
  readonly baseUrl: string;
  readonly clientId: string;
  /** Scopes as typed: separated by spaces or commas. */
  readonly scopes: string;
  readonly clientType: ClientType;
}

/** One `tenantGraphql.environments` entry as it is written to settings (defaults left out). */
export interface EnvironmentEntry {
  readonly name: string;
  readonly authUrl: string;
  readonly baseUrl: string;
  readonly clientId: string;
  readonly scopes: readonly string[];
  readonly clientType?: 'confidential';
}

/** Why a name cannot be used, or undefined when it can (for the input box, as you type). */
export function nameProblem(value: string, taken: readonly string[]): string | undefined {
  const name = value.trim();
  if (name === '') {
    return 'Give the environment a name, such as "Acme production".';
  }
  if (/[\p{Cc}\p{Cf}]/u.test(name)) {
    return 'The name cannot contain control characters.';
  }
  if (name.length > 80) {
    return 'Keep the name under 80 characters: it is shown in the status bar.';
  }
  if (taken.some((t) => t.trim().toLowerCase() === name.toLowerCase())) {
    return `An environment named "${name}" exists already. Choose another name.`;
  }
  return undefined;
}

/** Why an address cannot be used (https://, or http:// on this machine only), or undefined. */
export function addressProblem(value: string, label: string): string | undefined {
  try {
    parseServiceUrl(value.trim(), label);
    return undefined;
  } catch (err) {
    return errorMessage(err);
  }
}

/** Why a client ID cannot be used, or undefined. */
export function clientIdProblem(value: string): string | undefined {
  const id = value.trim();
  if (id === '') {
    return 'Enter the client ID of the application registered for you on the tenant.';
  }
  return /\s/.test(id) ? 'A client ID has no spaces.' : undefined;
}

/** Scopes typed with spaces or commas between them, each once. */
export function splitScopes(value: string): string[] {
  return [...new Set(value.split(/[\s,]+/).filter((s) => s !== ''))];
}

/**
 * The settings entry for the answers, checked as the extension reads its settings (the same
 * validation as `tenantGraphql.environments`), or the problems that keep it from being saved.
 * `taken` are the names in use in the user settings.
 */
export function environmentEntry(answers: EnvironmentAnswers, taken: readonly string[]): { entry: EnvironmentEntry } | { problems: string[] } {
  const own = { name: nameProblem(answers.name, taken), clientId: clientIdProblem(answers.clientId) };
  const problems = Object.values(own).filter((p): p is string => p !== undefined);
  const entry: EnvironmentEntry = {
    name: answers.name.trim(),
    authUrl: answers.authUrl.trim().replace(/\/+$/, ''),
    baseUrl: answers.baseUrl.trim().replace(/\/+$/, ''),
    clientId: answers.clientId.trim(),
    scopes: splitScopes(answers.scopes),
    ...(answers.clientType === 'confidential' ? { clientType: 'confidential' as const } : {}),
  };
  const parsed = parseEnvironments([entry]);
  // The reader's own words for the rest, without the field a check above has already named.
  const reader = parsed.problems.map((p) => p.replace(/^tenantGraphql\.environments\[0\]\./, ''));
  problems.push(...reader.filter((p) => !(own.name && p.startsWith('name')) && !(own.clientId && p.startsWith('clientId'))));
  return problems.length ? { problems } : { entry };
}

/**
 * The environment that `npm start` (or a person) set up for a Sandbox on this machine: one named
 * "Sandbox" whose addresses are both loopback. Try the Sandbox signs in there instead of starting a
 * second one. The built-in Sandbox (started from VS Code) is not counted.
 */
export function findSandboxEnvironment(environments: readonly Environment[]): Environment | undefined {
  const loopback = (address: string): boolean => {
    try {
      return isLoopbackHost(new URL(address).hostname);
    } catch {
      return false;
    }
  };
  return environments.find((e) => e.origin !== 'builtIn' && e.name.trim().toLowerCase() === 'sandbox' && loopback(e.authUrl) && loopback(e.baseUrl));
}
