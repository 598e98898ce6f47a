import { registerCommandTable } from './registerTable';
import * as vscode from 'vscode';
import type { CommandDefinition, CommandServices } from './services';
import { showLog } from './showLog';
import { signIn } from './signIn';
import { signInAsTeam } from './signInAsTeam';
import { signOut } from './signOut';
import { switchEnvironment } from './switchEnvironment';
import { showAccount } from './showAccount';
import { copyRedirectUri } from './copyRedirectUri';
import { setClientSecret } from './setClientSecret';
import { pasteSignInAddress } from './pasteSignInAddress';
import { signInOptions } from './signInOptions';

export type { CommandDefinition, CommandServices } from './services';

/** The command table: one file per command, all registered here. */
export const commands: readonly CommandDefinition[] = [
  showLog,
  signIn,
  signInAsTeam,
  signOut,
  switchEnvironment,
  showAccount,
  copyRedirectUri,
  setClientSecret,
  pasteSignInAddress,
  signInOptions,
];

/**
 * Registers every command of the table; returns one disposable for all of them. A handler that
 * throws is caught here as a last resort: logged, shown, never left to the extension host.
 */
export function registerCommands(services: CommandServices): vscode.Disposable {
  return registerCommandTable(commands, services);
}
