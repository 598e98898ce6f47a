import * as vscode from 'vscode';

/**
 * The context keys the manifest's `when` clauses read (Command Palette, menus, welcome views).
 * Each is set from the code that owns the state; package.json names them, and
 * the lint (scripts/checkContextKeys.mjs) checks that every `tenantGraphql.*` key a `when` reads is one of these.
 */
export const CONTEXT_KEYS = [
  'tenantGraphql.signedIn',
  'tenantGraphql.signingIn',
  'tenantGraphql.inGraphqlTemplate',
  'tenantGraphql.explorerFiltered',
  'tenantGraphql.historySearched',
  'tenantGraphql.builderSearched',
  'tenantGraphql.builderShowsDeprecated',
  'tenantGraphql.hasEnvironment',
  'tenantGraphql.confidentialClient',
  'tenantGraphql.hasSecretHeaders',
  'tenantGraphql.sandboxRunning',
  'tenantGraphql.hasHistory',
  'tenantGraphql.hasLastRun',
  'tenantGraphql.schemaLoaded',
  'tenantGraphql.hasAgentOperation',
] as const;

export type ContextKey = (typeof CONTEXT_KEYS)[number];

const last = new Map<ContextKey, unknown>();

/** Sets a context key, skipping the round trip to the workbench when the value did not change. */
export function setContextKey(key: ContextKey, value: boolean): void {
  if (last.get(key) === value) {
    return;
  }
  last.set(key, value);
  void vscode.commands.executeCommand('setContext', key, value);
}
