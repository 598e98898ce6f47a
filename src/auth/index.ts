import * as vscode from 'vscode';
import type { Logger } from '../core/logger';
import type { ConfigurationService } from '../services/config';
import { registerCommands } from '../platform/commands';
import { TenantAuthenticationProvider } from './authProvider';
import type { AuthService } from '../services/auth';
import { authCommands } from './commands';
import { AuthStatusBar } from './statusBar';
import { SignedInContext } from './signedInContext';
import { AuthUriHandler } from './uriHandler';

/**
 * The auth feature: VS Code's Accounts integration (authentication provider), the URI handler
 * that receives the browser's redirect, the account status bar item and the sign-in commands.
 * It works on the auth service the composition root made.
 */
export class AuthFeature implements vscode.Disposable {
  private readonly disposables: vscode.Disposable;
  /** The account status bar item (it follows the active editor's folder's environment). */
  readonly statusBar: AuthStatusBar;

  constructor(services: {
    readonly context: vscode.ExtensionContext;
    readonly logger: Logger;
    readonly channel: vscode.LogOutputChannel;
    readonly config: ConfigurationService;
    readonly auth: AuthService;
  }) {
    const { logger, config, auth } = services;
    this.statusBar = new AuthStatusBar(auth, config);
    this.disposables = vscode.Disposable.from(
      new TenantAuthenticationProvider(auth, logger),
      vscode.window.registerUriHandler(new AuthUriHandler(auth, logger)),
      this.statusBar,
      new SignedInContext(auth, config),
      registerCommands(authCommands, services, logger, 'auth'),
    );
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
