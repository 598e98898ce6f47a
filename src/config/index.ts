/** The configuration service: the typed, frozen snapshot of the `tenantGraphql.*` settings. */
export { ConfigurationService, type Settings } from './configuration';
export { reportSettingsProblems } from './problemReporter';
export type { FolderTypesSettings, CodegenSettings } from '../core/codegen/typesSettings';
