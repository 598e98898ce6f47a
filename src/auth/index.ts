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
import { SignInFlow } from './signInFlow';

export type { SignInTestApi } from './signInFlow';

/**
 * The auth feature: VS Code's Accounts integration (authentication provider), the URI handler
 * that receives the browser's redirect, the account status bar item and the sign-in commands.
 * It works on the auth service the composition root made.
 */
export class AuthFeature implements vscode.Disposable {
  private readonly disposables: vscode.Disposable;
  /** The account status bar item (it follows the active editor's folder's environment). */
  readonly statusBar: AuthStatusBar;
  /** The sign-in as the person sees it; the run feature asks through it before a workspace's server is used. */
  readonly signIn: SignInFlow;

  constructor(services: {
    readonly context: vscode.ExtensionContext;
    readonly logger: Logger;
    readonly channel: vscode.LogOutputChannel;
    readonly config: ConfigurationService;
    readonly auth: AuthService;
    readonly fetch: (url: string, init?: RequestInit) => Promise<Response>;
  }) {
    const { context, logger, config, auth } = services;
    this.statusBar = new AuthStatusBar(auth, config);
    this.signIn = new SignInFlow(auth, context, config, logger);
    this.disposables = vscode.Disposable.from(
      this.signIn,
      new TenantAuthenticationProvider(auth, this.signIn, logger),
      vscode.window.registerUriHandler(new AuthUriHandler(auth, logger)),
      this.statusBar,
      new SignedInContext(auth, config),
      registerCommands(authCommands, { ...services, signIn: this.signIn }, logger, 'auth'),
    );
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
