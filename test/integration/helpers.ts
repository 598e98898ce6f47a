import * as vscode from 'vscode';

/** The extension under test. */
export const extensionId = 'tenantlabs.tenant-graphql';

/** The workspace folder the runner opened (a temp copy of test/fixtures/workspace). */
export function workspaceRoot(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) {
    throw new Error('The integration runner must open a workspace folder.');
  }
  return folder.uri;
}

/** Opens a file of the fixture workspace in an editor and returns its document. */
export async function openFixture(relativePath: string): Promise<vscode.TextDocument> {
  const uri = vscode.Uri.joinPath(workspaceRoot(), relativePath);
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(doc);
  return doc;
}

/** Polls until `probe` returns a value that is not undefined, or fails after `timeoutMs`. */
export async function eventually<T>(probe: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) {
      return value;
    }
    if (Date.now() - start > timeoutMs) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
