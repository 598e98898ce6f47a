import * as vscode from 'vscode';
import { redactingLogger } from './core/logger';
import { registerCommands } from './commands/commandTable';

/**
 * Composition root: builds the services, registers them, nothing else.
 * Every object that owns listeners is disposable and pushed onto the context.
 */
export function activate(context: vscode.ExtensionContext): void {
  const channel = vscode.window.createOutputChannel('Tenant GraphQL', { log: true });
  context.subscriptions.push(channel);
  try {
    const logger = redactingLogger(channel);
    context.subscriptions.push(registerCommands({ context, logger, channel }));
    logger.info(`[ext] Tenant GraphQL ${String(context.extension.packageJSON.version)} activated`);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    channel.error(`[ext] activation failed: ${message}`);
    void vscode.window.showErrorMessage(
      vscode.l10n.t('Tenant GraphQL could not start: {0}. See the "Tenant GraphQL" output for details.', message),
    );
    throw err;
  }
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
