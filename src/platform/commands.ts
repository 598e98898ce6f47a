import * as vscode from 'vscode';
import { CancelledError, errorMessage } from '../core/errors';
import type { Logger } from '../core/logger';
import { inert } from '../core/text/inert';

/**
 * One command: its id (as in package.json `contributes.commands`) and its handler, which gets the
 * services of its feature (constructor-injected by the feature) and the command's arguments.
 * One file per command, in the feature's `commands/` folder.
 */
export interface Command<S> {
  readonly id: string;
  run(services: S, ...args: unknown[]): unknown;
}

/**
 * The one command registry: registers a feature's commands. A handler that throws is caught here
 * as a last resort: logged (tagged with the feature), shown, never left to the extension host;
 * a cancellation ({@link CancelledError}) stays silent.
 * Nothing is counted or sent anywhere.
 */
export function registerCommands<S>(commands: readonly Command<S>[], services: S, logger: Logger, tag: string): vscode.Disposable {
  return vscode.Disposable.from(
    ...commands.map((c) =>
      vscode.commands.registerCommand(c.id, async (...args: unknown[]) => {
        try {
          return await c.run(services, ...args);
        } catch (err) {
          if (err instanceof CancelledError) {
            return undefined; // the person cancelled: nothing to say
          }
          logger.error(`[${tag}] ${c.id} failed: ${errorMessage(err)}`);
          void vscode.window.showErrorMessage(inert(vscode.l10n.t('Tenant GraphQL: {0}', errorMessage(err)), { sink: 'notification' }));
          return undefined;
        }
      }),
    ),
  );
}
