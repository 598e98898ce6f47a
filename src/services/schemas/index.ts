/**
 * The schemas service: the environment schema and the graphql-config folder schemas
 * (`schemaFor(uri)`, `onDidChange`, the one introspection path).
 */
export { Schemas, type SchemaVersionChange } from './schemas';
export { SDL_SCHEME, sdlViewUri, keyOfSdlViewUri, activeGraphqlUri } from './sdlUris';
export type { SchemaSnapshot } from '../../core/schema/schemaSnapshot';
