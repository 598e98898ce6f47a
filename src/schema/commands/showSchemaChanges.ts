import type { SchemaCommand } from './schemaCommand';

/**
 * Tenant GraphQL: Show Schema Changes. Opens the read-only view of the last schema change
 * (breaking, then dangerous, with schema coordinates). Resolves to the view's URI and the
 * summary ("2 breaking, 1 dangerous"), or undefined when no change was seen yet.
 */
export const showSchemaChanges: SchemaCommand = {
  id: 'tenantGraphql.showSchemaChanges',
  run: async ({ changes }): Promise<{ uri: string; summary: string } | undefined> => {
    const doc = await changes.show();
    return doc && changes.last ? { uri: doc.uri.toString(), summary: changes.last.summary } : undefined;
  },
};
