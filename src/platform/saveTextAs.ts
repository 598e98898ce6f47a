import * as vscode from 'vscode';
import { errorMessage } from '../core/errors';
import type { Logger } from '../core/logger';
import { inert } from '../core/text/inert';

/** What the save dialog and the messages around it say (each caller's own words, already localised). */
export interface SaveTextAsMessages {
  /** The save dialog's file type filter: its name and extensions. */
  readonly filter: { readonly name: string; readonly extensions: readonly string[] };
  readonly saveLabel: string;
  readonly title: string;
  /** What is saved, for the log line ("the result", "the table"), and the log line's feature tag ("results", "run"). */
  readonly what: string;
  readonly tag?: string;
  /** The error shown when the write failed: the target's path, the error's message. */
  failed(target: string, error: string): string;
  /** The status bar message after the write: the target's path relative to the workspace. */
  saved(target: string): string;
}

const STATUS_MESSAGE_MS = 4000;

/**
 * Asks where to save `text` (suggesting `fileName` in the first workspace folder; cancel is silent),
 * writes it, and says so in the status bar; a failed write is logged and shown, nothing thrown.
 * Resolves to where it was written, or undefined. Every "Save as" of the extension goes through
 * here (Save to File, Save as CSV, Save as .http): one dialog, one way to report a failed write.
 * `target` skips the dialog (a command's argument: a test, a keybinding).
 */
export async function saveTextAs(text: string, fileName: string, messages: SaveTextAsMessages, logger: Logger, target?: vscode.Uri): Promise<vscode.Uri | undefined> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  target ??= await vscode.window.showSaveDialog({
    defaultUri: folder ? vscode.Uri.joinPath(folder, fileName) : undefined,
    filters: { [messages.filter.name]: [...messages.filter.extensions] },
    saveLabel: messages.saveLabel,
    title: messages.title,
  });
  if (!target) {
    return undefined;
  }
  try {
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(text));
  } catch (err) {
    logger.warn(`[${messages.tag ?? 'results'}] could not save ${messages.what} to ${target.toString(true)}: ${errorMessage(err)}`);
    void vscode.window.showErrorMessage(inert(messages.failed(target.fsPath || target.toString(true), errorMessage(err)), { sink: 'notification' }));
    return undefined;
  }
  vscode.window.setStatusBarMessage(messages.saved(vscode.workspace.asRelativePath(target)), STATUS_MESSAGE_MS);
  return target;
}
