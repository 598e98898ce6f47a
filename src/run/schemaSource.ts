import type { GraphQLSchema } from 'graphql';
import { errorMessage } from '../core/errors';
import { INTROSPECTION_QUERY, schemaFromIntrospection } from '../core/schema/loadSchema';
import type { FeatureContext } from '../featureContext';
import { currentSchema } from '../schema';

/** Gives the active environment's schema, or undefined when it cannot be had now. */
export type SchemaSource = (signal?: AbortSignal) => Promise<GraphQLSchema | undefined>;

/**
 * The schema for variables (types, completion, checks before sending): the schema service's
 * when it has one, otherwise one introspection through the signed-in ServiceClient per
 * environment, kept in memory. A failure is not cached (the next run tries again) and gives
 * undefined: variables are then checked without a schema and the Service has the last word.
 * To swap for the shared schema service, replace this one function.
 */
export function introspectionSchemaSource(features: FeatureContext): SchemaSource {
  const cache = new Map<string, Promise<GraphQLSchema | undefined>>();
  return async (signal) => {
    const env = features.auth.activeEnvironment();
    if (!env) {
      return undefined;
    }
    // The schema service's schema (cached on disk, refreshed in the background) when it has one.
    const shared = currentSchema();
    if (shared) {
      return shared;
    }
    try {
      await features.service.target();
    } catch {
      return undefined; // not signed in: nothing to ask, and nothing worth a log line
    }
    const key = `${env.name}\n${env.baseUrl}`;
    let pending = cache.get(key);
    if (!pending) {
      pending = (async () => {
        const result = await features.service.execute({ query: INTROSPECTION_QUERY, operationName: 'IntrospectionQuery', signal });
        const loaded = schemaFromIntrospection(result.body);
        for (const w of loaded.warnings) {
          features.logger.warn(`[run] schema of ${env.name}: ${w}`);
        }
        features.logger.info(`[run] schema of ${env.name} loaded for variables`);
        return loaded.schema;
      })();
      cache.set(key, pending);
      pending.catch((err: unknown) => {
        cache.delete(key);
        features.logger.warn(`[run] schema of ${env.name} not available: ${errorMessage(err)}`);
      });
    }
    try {
      return await pending;
    } catch {
      return undefined;
    }
  };
}
