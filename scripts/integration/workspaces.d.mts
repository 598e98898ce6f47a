/** Types of scripts/integration/workspaces.mjs for its unit tests. */
export const FOLDERS: readonly (readonly [folder: string, environment: string])[];
export function restrictedWorkspaceSettings(listener: { authUrl: string; baseUrl: string }): Record<string, unknown>;
export function restrictedUserSettings(current: Record<string, unknown>): Record<string, unknown>;
export function languagePackEntry(pack: string): {
  hash: string;
  extensions: { extensionIdentifier: { id: string }; version: string }[];
  translations: { vscode: string };
  label: string;
};
export function prepareWorkspace(run: { root: string; tmp: string; suite: string; listener: { authUrl: string; baseUrl: string } }): {
  workspace: string;
  multiRoot: string | undefined;
};
export function germanProfile(run: { root: string; tmp: string }): string;
