/**
 * The schemas service (environment schema + graphql-config folder schemas: `schemaFor(uri)`,
 * `onDidChange`, the one introspection path) and the schema feature (explorer, SDL view, status
 * bar, commands). Other features import this surface only.
 */
export { Schemas, INTROSPECTION_TIMEOUT_FACTOR, type SchemasDeps, type SchemaVersionChange } from './schemas';
export { SchemaFeature, SCHEMA_EXPLORER_VIEW, activeGraphqlUri } from './schemaFeature';
export { SDL_SCHEME, sdlViewUri, keyOfSdlViewUri } from './sdlView';
export type { FolderSchemaEntry } from './folderSchemas';
export type { RefreshOutcome, SchemaOrigin, SchemaSnapshot, SchemaState } from '../core/schema/schemaSnapshot';
