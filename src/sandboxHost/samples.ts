import * as vscode from 'vscode';

/** The sample files that ship in `media/samples` (a query with its variables, one with a mistake, GraphQL in TypeScript with its variables). */
export const SAMPLE_FILES = ['tasks.graphql', 'tasks.variables.json', 'typo.graphql', 'api.ts', 'api.variables.json'] as const;
/** A sample's file name. */
export type SampleFile = (typeof SAMPLE_FILES)[number];

/**
 * Copies the shipped samples into the extension's global storage (once: later calls keep the
 * user's edits) and opens one of them in an editor. Returns the opened file.
 */
export async function openSample(context: vscode.ExtensionContext, name: SampleFile = 'tasks.graphql'): Promise<vscode.Uri> {
  const folder = vscode.Uri.joinPath(context.globalStorageUri, 'samples');
  await vscode.workspace.fs.createDirectory(folder);
  for (const file of SAMPLE_FILES) {
    const target = vscode.Uri.joinPath(folder, file);
    try {
      await vscode.workspace.fs.stat(target);
    } catch {
      await vscode.workspace.fs.copy(vscode.Uri.joinPath(context.extensionUri, 'media', 'samples', file), target);
    }
  }
  const uri = vscode.Uri.joinPath(folder, name);
  await vscode.window.showTextDocument(uri, { preview: false });
  return uri;
}

/**
 * Opens the workspace's own sample, `tasks.graphql` at the root of a workspace folder (the sample
 * workspace of `npm start` has one), so that no second copy opens beside it. Undefined when no
 * folder has one.
 */
export async function openWorkspaceSample(): Promise<vscode.Uri | undefined> {
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const uri = vscode.Uri.joinPath(folder.uri, 'tasks.graphql');
    try {
      await vscode.workspace.fs.stat(uri);
    } catch {
      continue;
    }
    return showOnce(uri);
  }
  return undefined;
}

/**
 * Shows a file where a tab of it is open already (no second tab in another group), else in the
 * active group; resolves to the URI shown. A tab is the file's when its path is the same, whatever
 * the scheme and authority: a browser-based VS Code opened from an address (`npm start`'s
 * `openFile`) names the file `vscode-remote://remote/…`, the workspace folder another way.
 */
async function showOnce(uri: vscode.Uri): Promise<vscode.Uri> {
  for (const group of vscode.window.tabGroups.all) {
    for (const tab of group.tabs) {
      if (tab.input instanceof vscode.TabInputText && tab.input.uri.path === uri.path) {
        await vscode.window.showTextDocument(tab.input.uri, { preview: false, viewColumn: group.viewColumn });
        return tab.input.uri;
      }
    }
  }
  await vscode.window.showTextDocument(uri, { preview: false });
  return uri;
}

/** Accepts the command argument of "Open Sample Query" (a sample's name), or the default. */
export function sampleArgument(arg: unknown): SampleFile {
  return SAMPLE_FILES.find((f) => f === arg && !f.endsWith('.json')) ?? 'tasks.graphql';
}
