import * as vscode from 'vscode';
import { inert } from '../core/text/inert';

/** How long a confirmation stays in the status bar. */
const STATUS_MESSAGE_MS = 6000;

/**
 * A confirmation that needs no answer ("Signed in", "Copied", "Saved"), shown in the status bar for a
 * few seconds instead of a notification (VS Code's UX guidelines: notifications only when the person
 * must act). The text is made inert for the status bar (no `$(icon)` of its own).
 */
export function confirmInStatusBar(text: string): vscode.Disposable {
  return vscode.window.setStatusBarMessage(`$(check) ${inert(text, { sink: 'statusBar' })}`, STATUS_MESSAGE_MS);
}
