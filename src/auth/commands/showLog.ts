import type { AuthCommand } from './authCommand';

/** Tenant GraphQL: Show Log. */
export const showLog: AuthCommand = {
  id: 'tenantGraphql.showLog',
  run: ({ channel }) => channel.show(true),
};
