/** The configuration service: the typed, frozen snapshot of the `tenantGraphql.*` settings. */
export { ConfigurationService, type CodeFileSettings } from './configuration';
export { reportSettingsProblems } from './problemReporter';
export type { FolderTypesSettings } from '../../core/codegen/typesSettings';
