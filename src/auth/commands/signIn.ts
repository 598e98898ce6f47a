import type { AuthCommand } from './authCommand';
import { summarize } from './sessionSummary';

/**
 * Tenant GraphQL: Sign In. Optional argument `{ environment?: string, scopes?: string[] }`
 * (e.g. "Sign in again with scope X"). Resolves to a token-free summary of the new session.
 */
export const signIn: AuthCommand = {
  id: 'tenantGraphql.signIn',
  run: async ({ signIn: flow }, arg) => {
    const a = (arg ?? {}) as { environment?: unknown; scopes?: unknown };
    const environment = typeof a.environment === 'string' ? a.environment : undefined;
    const extraScopes = Array.isArray(a.scopes) ? a.scopes.filter((s): s is string => typeof s === 'string') : undefined;
    const session = await flow.signInInteractive({ environment, extraScopes });
    return session ? summarize(session) : undefined;
  },
};
