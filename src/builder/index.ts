/**
 * The operation builder feature: ticks in a tree of the schema write the operation under the
 * cursor (the text logic is in src/core/builder).
 */
export { BuilderFeature } from './builderFeature';
