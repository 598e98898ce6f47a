import type { AuthCommand } from './authCommand';
import { summarize } from './sessionSummary';

/** Tenant GraphQL: Sign In as Team (Client Credentials, confidential clients only). */
export const signInAsTeam: AuthCommand = {
  id: 'tenantGraphql.signInAsTeam',
  run: async ({ auth }, environment) => {
    const session = await auth.signInAsTeamInteractive(typeof environment === 'string' ? environment : undefined);
    return session ? summarize(session) : undefined;
  },
};
