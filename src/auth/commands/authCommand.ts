import type * as vscode from 'vscode';
import type { Command } from '../../platform/commands';
import type { Logger } from '../../core/logger';
import type { ConfigurationService } from '../../services/config';
import type { AuthService } from '../../services/auth';
import type { SignInFlow } from '../signInFlow';

/** What the auth feature's command handlers may use. */
export interface AuthCommandServices {
  readonly context: vscode.ExtensionContext;
  readonly logger: Logger;
  readonly channel: vscode.LogOutputChannel;
  readonly config: ConfigurationService;
  readonly auth: AuthService;
  /** The sign-in as the person sees it (prompts, progress, messages). */
  readonly signIn: SignInFlow;
  /** A fetch over VS Code's network settings (Add Environment checks that the addresses answer). */
  readonly fetch: (url: string, init?: RequestInit) => Promise<Response>;
}

/** One command of the auth feature. */
export type AuthCommand = Command<AuthCommandServices>;
