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
    ...commands.map((c) => vscode.commands.registerCommand(c.id, (...args: unknown[]) => runGuarded(c.id, () => c.run(services, ...args), logger, tag))),
  );
}

/** Commands whose code is loaded on first use, with the services they get. */
export interface CommandsOnDemand<S> {
  readonly commands: readonly Command<S>[];
  readonly services: S;
}

/**
 * Registers commands now by id, with their code loaded on the first call of any of them (`load`,
 * e.g. a `require` of the on-demand bundle: less to load at activation). A failing load or
 * an id the loaded code does not have is reported like a handler that throws.
 */
export function registerCommandsOnDemand<S>(ids: readonly string[], load: () => CommandsOnDemand<S>, logger: Logger, tag: string): vscode.Disposable {
  return vscode.Disposable.from(
    ...ids.map((id) =>
      vscode.commands.registerCommand(id, (...args: unknown[]) =>
        runGuarded(
          id,
          () => {
            const { commands, services } = load();
            const command = commands.find((c) => c.id === id);
            if (!command) {
              throw new Error(`${id} has no code`);
            }
            return command.run(services, ...args);
          },
          logger,
          tag,
        ),
      ),
    ),
  );
}

/** Runs a command's handler: a throw is logged (tagged with the feature) and shown, a cancellation stays silent. */
async function runGuarded(id: string, run: () => unknown, logger: Logger, tag: string): Promise<unknown> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof CancelledError) {
      return undefined; // the person cancelled: nothing to say
    }
    logger.error(`[${tag}] ${id} failed: ${errorMessage(err)}`);
    void vscode.window.showErrorMessage(inert(vscode.l10n.t('Tenant GraphQL: {0}', errorMessage(err)), { sink: 'notification' }));
    return undefined;
  }
}
