import type * as vscode from 'vscode';
import type { Logger } from '../core/logger';
import type { ConfigurationService } from '../config/configuration';
import type { AuthService } from '../auth/authService';

/** What every command handler may use. Later features add their services here. */
export interface CommandServices {
  readonly context: vscode.ExtensionContext;
  readonly logger: Logger;
  readonly channel: vscode.LogOutputChannel;
  readonly config: ConfigurationService;
  readonly auth: AuthService;
}

/** One command: its id (as in package.json `contributes.commands`) and its handler. */
export interface CommandDefinition {
  readonly id: string;
  run(services: CommandServices, ...args: unknown[]): unknown;
}
