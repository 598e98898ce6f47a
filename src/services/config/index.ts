/** The configuration service: the typed, frozen snapshot of the `tenantGraphql.*` settings. */
export { ConfigurationService } from './configuration';
export type { CodeFileSettings } from './codeFileSettings';
export { reportSettingsProblems } from './problemReporter';
export type { FolderTypesSettings } from '../../core/codegen/typesSettings';
