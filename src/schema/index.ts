/**
 * The schemas service (environment schema + graphql-config folder schemas: `schemaFor(uri)`,
 * `onDidChange`, the one introspection path) and the schema feature (explorer, SDL view, status
 * bar, commands). Other features import this surface only.
 */
export { Schemas } from './schemas';
export { SchemaFeature, activeGraphqlUri } from './schemaFeature';
export { SDL_SCHEME, sdlViewUri, keyOfSdlViewUri } from './sdlView';
export type { SchemaSnapshot } from '../core/schema/schemaSnapshot';
