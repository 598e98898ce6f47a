/**
 * The schema feature (explorer, SDL view, status bar, commands): it shows what the schemas service
 * (src/services/schemas) holds.
 */
export { SchemaFeature } from './schemaFeature';
