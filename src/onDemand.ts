/**
 * The code loaded on first use, not at activation (less to require while the extension host's thread waits): built into dist/onDemand.js, which
 * takes every module it shares with the activation bundles from them (scripts/build.mjs), and
 * required by the composition root (./extension.ts) on the first command that needs it. What is
 * here is registered at activation by id only: the Sandbox feature (its host and commands), the
 * run feature's export and compare commands, the language feature's formatting code (its
 * providers and Format GraphQL Templates registered at activation, the code loaded on the first
 * format), and the types feature's code (src/codegen/index.ts says when it loads).
 */
export { startSandboxFeature } from './sandboxHost/sandboxFeature';
export { sandboxCommands } from './sandboxHost/commands';
export { runCommandsOnDemand } from './run/commands/onDemand';
export * as formatCode from './language/formatCode';
export * as types from './codegen/typesOnDemand';
