/**
 * What the environment's schema service (environmentSchema.ts) is given and the steps of a
 * refresh that need none of its state: the introspection turned into a schema and written to the
 * disk cache, and the snapshot of a cached or introspected schema.
 */
import type { GraphQLSchema } from 'graphql';
import type { Clock, Timers } from '../clock';
import type { Event } from '../events';
import type { Logger } from '../logger';
import { schemaFromIntrospection, type LoadedSchema } from './loadSchema';
import { schemaCacheFile, writeSchemaCache, type SchemaCacheRecord } from './schemaCache';
import type { SchemaSnapshot } from './schemaSnapshot';

/**
 * The active environment as the schema service sees it: its name (for people) and its server key
 * (what the cached schema belongs to: a name a workspace reuses for another server is another schema).
 */
export interface SchemaEnvironment {
  readonly name: string;
  readonly key: string;
}

/** The active environment as the schema service asks for it. */
export interface ActiveEnvironment extends SchemaEnvironment {
  /** Id of the session requests use now, or undefined when not signed in. */
  sessionId(): Promise<string | undefined>;
}

/** What the schema service needs from the rest of the extension (narrow, so tests can fake it). */
export interface EnvironmentSchemaDeps {
  /** Folder of the per-environment cache files (`context.globalStorageUri`). */
  readonly storageDir: string;
  readonly logger: Logger;
  /** The active environment, if any, with the session its requests use (looked up once per sync). */
  activeEnvironment(): ActiveEnvironment | undefined;
  /** Fires when the active environment or its session may have changed. */
  readonly onDidChangeActive: Event<unknown>;
  /** Runs the introspection query against the active environment and returns the response body. */
  introspect(signal: AbortSignal): Promise<unknown>;
  /** Whether an error of `introspect` means nobody is signed in (a state, not a failure). */
  isNotSignedIn(err: unknown): boolean;
  /** The cache lifetime in milliseconds (read on every use: the setting can change). */
  ttlMs(): number;
  /** Time and timers (tests pass fakes). */
  readonly clock?: Clock;
  readonly timers?: Timers;
}

/**
 * Runs the introspection, builds the schema (in slices) and writes it to the cache; undefined when
 * `stale()` says the environment changed before the schema was built.
 */
export async function introspectToCache(
  deps: Pick<EnvironmentSchemaDeps, 'introspect' | 'storageDir'>,
  environment: SchemaEnvironment,
  signal: AbortSignal,
  stale: () => boolean,
  now: () => Date,
): Promise<{ readonly loaded: LoadedSchema; readonly record: SchemaCacheRecord } | undefined> {
  const body = await deps.introspect(signal);
  if (stale()) {
    return undefined;
  }
  const loaded = await schemaFromIntrospection(body);
  // The schema was just validated: a record that says so is loaded later without validating again.
  const record = await writeSchemaCache(deps.storageDir, environment.key, body, now(), { valid: loaded.warnings.length === 0 });
  return { loaded, record };
}

/** The snapshot of an environment's schema from its cache file or an introspection. */
export function environmentSnapshot(
  storageDir: string,
  environment: SchemaEnvironment,
  source: 'cache' | 'introspection',
  schema: GraphQLSchema,
  record: { fetchedAt: string; sha256: string },
  warnings: readonly string[],
): SchemaSnapshot {
  const file = schemaCacheFile(storageDir, environment.key);
  return { schema, source, label: environment.name, key: `env:${environment.key}`, fetchedAt: new Date(record.fetchedAt), sha256: record.sha256, file, warnings };
}
