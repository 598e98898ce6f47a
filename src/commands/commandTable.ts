import * as vscode from 'vscode';
import type { Logger } from '../core/logger';

/** What every command handler may use. Later features add their services here. */
export interface CommandServices {
  readonly context: vscode.ExtensionContext;
  readonly logger: Logger;
  readonly channel: vscode.LogOutputChannel;
}

/** One command: its id (as in package.json `contributes.commands`) and its handler. */
export interface CommandDefinition {
  readonly id: string;
  run(services: CommandServices, ...args: unknown[]): unknown;
}

/** The command table: one file per command, all registered here. */
export const commands: readonly CommandDefinition[] = [
  {
    id: 'tenantGraphql.showLog',
    run: ({ channel }) => channel.show(true),
  },
];

/** Registers every command of the table; returns one disposable for all of them. */
export function registerCommands(services: CommandServices): vscode.Disposable {
  return vscode.Disposable.from(
    ...commands.map((c) => vscode.commands.registerCommand(c.id, (...args: unknown[]) => c.run(services, ...args))),
  );
}
