import * as vscode from 'vscode';
import { redactingLogger } from './core/logger';
import { registerCommands } from './commands/commandTable';
import { ConfigurationService } from './config/configuration';
import { reportSettingsProblems } from './config/problemReporter';
import { AuthService } from './auth/authService';
import { TenantAuthenticationProvider } from './auth/authProvider';
import { AuthUriHandler } from './auth/uriHandler';
import { AuthStatusBar } from './auth/statusBar';
import { SignedInContext } from './auth/signedInContext';
import { ServiceClient } from './service/serviceClient';
import { registerRunFeature } from './run';
import { registerLanguageFeature } from './language';
import { registerSandboxFeature } from './sandboxHost';

/**
 * Composition root: builds the services, registers them, nothing else.
 * Every object that owns listeners is disposable and pushed onto the context.
 */
export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const channel = vscode.window.createOutputChannel('Tenant GraphQL', { log: true });
  context.subscriptions.push(channel);
  try {
    const logger = redactingLogger(channel);
    const config = new ConfigurationService();
    const auth = new AuthService(context, config, logger);
    const service = new ServiceClient(auth, logger);
    const features = { context, logger, config, auth, service };
    const signedIn = new SignedInContext(auth);
    context.subscriptions.push(
      config,
      reportSettingsProblems(config),
      auth,
      new TenantAuthenticationProvider(auth, logger),
      vscode.window.registerUriHandler(new AuthUriHandler(auth, logger)),
      registerCommands({ context, logger, channel, config, auth }),
      new AuthStatusBar(auth, config),
      signedIn,
      service,
      registerSandboxFeature(features),
      registerLanguageFeature(features),
      registerRunFeature(features),
    );
    await auth.initialize();
    await signedIn.update();
    for (const problem of config.settings.problems) {
      logger.warn(`[config] ${problem}`);
    }
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
