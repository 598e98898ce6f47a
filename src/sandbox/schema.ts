import sdl from './sandboxSchema.graphql';

/**
 * The Sandbox's GraphQL schema in SDL (./sandboxSchema.graphql, loaded as text). Other tests load it
 * for language features, so every type, field, argument and enum value carries a description.
 */
export const SANDBOX_SDL: string = sdl;
