import type { AuthCommand } from './authCommand';
import { summarize } from './sessionSummary';

/** Tenant GraphQL: Sign In as Team (Client Credentials, confidential clients only). */
export const signInAsTeam: AuthCommand = {
  id: 'tenantGraphql.signInAsTeam',
  run: async ({ signIn }, environment) => {
    const session = await signIn.signInAsTeamInteractive(typeof environment === 'string' ? environment : undefined);
    return session ? summarize(session) : undefined;
  },
};
