/**
 * The types feature's code loaded on first use (less to load at activation): in the on-demand bundle (src/onDemand.ts),
 * required when a folder has types turned on (at start or when its settings change), on the first
 * hover of a GraphQL document or template, or on the first types command (./index.ts).
 */
export { TypesGenerationService } from './typesFeature';
export { typesCommands } from './commands';
export { typesHover } from './typesHover';
