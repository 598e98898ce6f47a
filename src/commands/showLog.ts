import type { CommandDefinition } from './services';

/** Tenant GraphQL: Show Log. */
export const showLog: CommandDefinition = {
  id: 'tenantGraphql.showLog',
  run: ({ channel }) => channel.show(true),
};
