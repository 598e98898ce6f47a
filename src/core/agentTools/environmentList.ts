/**
 * The environments tool's answer: each environment's name, whether it is the active one, where it
 * was defined, its API's host, its guards and whether someone is signed in to it. Built from an
 * allowlist of fields: never a token, client secret, header value or a credential in an address.
 */
import type { Environment } from '../auth/environments';

/** What the tool knows of one environment besides its settings entry. */
export interface EnvironmentState {
  readonly environment: Environment;
  readonly active: boolean;
  /** The signed-in account's display name; undefined when nobody is signed in. */
  readonly account?: string;
  /** False for a workspace's environment the person has not allowed yet (or in Restricted Mode). */
  readonly allowed: boolean;
}

/** One environment as the tool tells it (JSON). */
export interface EnvironmentListing {
  readonly name: string;
  readonly active: boolean;
  readonly definedIn: 'user settings' | 'workspace settings' | 'built in';
  /** `https://host[:port]/path` of the API: no user name, password, query or fragment. */
  readonly api: string;
  readonly signedIn: boolean;
  readonly account?: string;
  readonly readOnly: boolean;
  readonly confirmMutations: boolean;
  readonly allowed: boolean;
}

/** An address without its credentials, query and fragment (an unparsable one: its scheme and "…"). */
export function addressWithoutCredentials(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return 'an address that is not a valid URL';
  }
}

const DEFINED_IN: Readonly<Record<Environment['origin'], EnvironmentListing['definedIn']>> = {
  user: 'user settings',
  workspace: 'workspace settings',
  builtIn: 'built in',
};

/** The environments as the tool lists them (fields picked one by one: nothing else of the entry). */
export function listEnvironments(states: readonly EnvironmentState[]): EnvironmentListing[] {
  return states.map((s) => ({
    name: s.environment.name,
    active: s.active,
    definedIn: DEFINED_IN[s.environment.origin],
    api: addressWithoutCredentials(s.environment.baseUrl),
    signedIn: s.account !== undefined,
    ...(s.account !== undefined ? { account: s.account } : {}),
    readOnly: s.environment.readOnly,
    confirmMutations: s.environment.confirmMutations,
    allowed: s.allowed,
  }));
}

/** The tool's text: a sentence, then the list as JSON. */
export function environmentsText(listing: readonly EnvironmentListing[], trusted: boolean): string {
  const restricted = trusted ? '' : 'This workspace is in Restricted Mode: nothing is sent to any server, and environments defined by the workspace are not used.';
  if (listing.length === 0) {
    return `No environment is configured. The person can add one in the tenantGraphql.environments setting, or run "Tenant GraphQL: Try the Sandbox".${restricted ? ` ${restricted}` : ''}`;
  }
  const active = listing.find((e) => e.active);
  const lead = [
    active ? `The active environment is "${active.name}"${active.signedIn ? `, signed in as ${active.account ?? 'someone'}` : ', not signed in'}.` : 'No environment is active.',
    restricted,
    'The tools work on the active environment; the person switches it with "Tenant GraphQL: Switch Environment".',
  ]
    .filter((s) => s !== '')
    .join(' ');
  return `${lead}\n${JSON.stringify(listing, null, 2)}`;
}
