import * as vscode from 'vscode';
import { errorMessage } from '../core/errors';
import type { Logger } from '../core/logger';

/** One command of a feature's table: its id (as in package.json) and its handler. */
export interface CommandOf<S> {
  readonly id: string;
  run(services: S, ...args: unknown[]): unknown;
}

/**
 * Registers a table of commands. A handler that throws is caught here as a last resort:
 * logged (with `tag`), shown, never left to the extension host.
 */
export function registerCommandTable<S extends { readonly logger: Logger }>(
  commands: readonly CommandOf<S>[],
  services: S,
  tag = 'cmd',
): vscode.Disposable {
  return vscode.Disposable.from(
    ...commands.map((c) =>
      vscode.commands.registerCommand(c.id, async (...args: unknown[]) => {
        try {
          return await c.run(services, ...args);
        } catch (err) {
          services.logger.error(`[${tag}] ${c.id} failed: ${errorMessage(err)}`);
          void vscode.window.showErrorMessage(vscode.l10n.t('Tenant GraphQL: {0}', errorMessage(err)));
          return undefined;
        }
      }),
    ),
  );
}
