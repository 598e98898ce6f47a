/**
 * The shapes of a schema in use, shared by the environment schema (introspection + disk cache) and
 * graphql-config folder schemas: a snapshot, the environment schema's state, and a refresh's outcome.
 */
import type { GraphQLSchema } from 'graphql';

/** Where a schema in use came from. */
export type SchemaOrigin = 'cache' | 'introspection' | 'file';

/** One schema version in use: the schema plus what the status bar, tooltip and log say about it. */
export interface SchemaSnapshot {
  readonly schema: GraphQLSchema;
  readonly source: SchemaOrigin;
  /** Environment name, or the workspace folder name for a graphql-config schema. */
  readonly label: string;
  /** `env:<name>` or `folder:<uri>`: stable across versions of the same schema source. */
  readonly key: string;
  /** When the introspection was fetched (environment schemas). */
  readonly fetchedAt?: Date;
  /** SHA-256 of the introspection JSON (environment schemas). */
  readonly sha256?: string;
  /** The cache file (environment schemas) or the schema file (graphql-config). */
  readonly file?: string;
  /** The schema files of a graphql-config schema, each on its own. */
  readonly files?: readonly string[];
  /** SHA-256 of the schema files' texts as read (graphql-config schemas): see loadSchemaFiles. */
  readonly filesSha256?: string;
  /** Tolerated problems of the schema source (duplicate fields, validation errors). */
  readonly warnings: readonly string[];
}

/** What the schema of the active environment is doing now. */
export type SchemaState =
  | { readonly kind: 'noEnvironment' }
  | { readonly kind: 'loading' }
  /** Nothing loaded and nothing running (a refresh was cancelled). */
  | { readonly kind: 'idle' }
  | { readonly kind: 'ready' }
  | { readonly kind: 'notSignedIn' }
  | { readonly kind: 'failed'; readonly reason: string };

/** Outcome of a refresh, token-free (also the result of the Refresh Schema command). */
export interface RefreshOutcome {
  readonly ok: boolean;
  readonly environment?: string;
  /** Why the refresh failed; the last good schema (if any) stays in use. */
  readonly reason?: string;
  readonly notSignedIn?: boolean;
  readonly cancelled?: boolean;
  /** The introspection result differed from the schema in use. */
  readonly changed?: boolean;
  readonly source?: SchemaOrigin;
  readonly fetchedAt?: string;
  readonly sha256?: string;
  readonly cacheFile?: string;
  readonly warnings?: readonly string[];
}
