/**
 * The code loaded on first use, not at activation (issue 28): built into dist/onDemand.js, which
 * takes every module it shares with the activation bundles from them (scripts/build.mjs), and
 * required by the composition root (./extension.ts) on the first command that needs it. What is
 * here is registered at activation by id only: the Sandbox feature (its host and commands) and the
 * run feature's export and compare commands.
 */
export { startSandboxFeature } from './sandboxHost/sandboxFeature';
export { sandboxCommands } from './sandboxHost/commands';
export { runCommandsOnDemand } from './run/commands/onDemand';
