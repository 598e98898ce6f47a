import type * as vscode from 'vscode';
import type { Logger } from './core/logger';
import type { ConfigurationService } from './config/configuration';
import type { AuthService } from './auth/authService';
import type { ServiceClient } from './service/serviceClient';

/** What each feature folder receives from the composition root. */
export interface FeatureContext {
  readonly context: vscode.ExtensionContext;
  readonly logger: Logger;
  readonly config: ConfigurationService;
  readonly auth: AuthService;
  /** The active environment's GraphQL endpoint with the signed-in session's token. */
  readonly service: ServiceClient;
}
