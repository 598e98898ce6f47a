import * as vscode from 'vscode';
import { serverHost, serverKey, type SessionRecord } from '../core/auth';
import { taggedLogger, type Logger } from '../core/logger';
import type { AuthService } from '../services/auth';
import type { SignInFlow } from './signInFlow';
import { inert } from '../core/text/inert';

/** The authentication provider id, as contributed in package.json. */
const AUTH_PROVIDER_ID = 'tenantGraphql';

/** How a stored session appears in VS Code's Accounts menu and to `authentication.getSession`. */
function toAuthenticationSession(record: SessionRecord, accessToken = record.accessToken): vscode.AuthenticationSession {
  return {
    id: record.id,
    accessToken,
    account: {
      id: `${serverKey(record.server)}/${record.account.id}`,
      label: `${inert(record.account.label, { sink: 'quickPick' })} (${inert(record.environment, { sink: 'quickPick' })}, ${serverHost(record.server.baseUrl)})`,
    },
    scopes: [...record.scopes],
  };
}

/**
 * VS Code Accounts integration: sessions of every environment are listed; a request with scopes
 * is answered from the active environment's sessions that carry all of them. `getSessions`
 * never prompts; `createSession` runs the browser sign-in for the active environment.
 */
export class TenantAuthenticationProvider implements vscode.AuthenticationProvider, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.emitter.event;
  private readonly registration: vscode.Disposable;
  private readonly sessionsListener: vscode.Disposable;
  private readonly logger: Logger;

  constructor(
    private readonly auth: AuthService,
    private readonly flow: SignInFlow,
    logger: Logger,
  ) {
    this.logger = taggedLogger(logger, 'auth');
    this.registration = vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, 'Tenant GraphQL', this, {
      supportsMultipleAccounts: true,
    });
    this.sessionsListener = auth.onDidChangeSessions((e) => {
      this.emitter.fire({
        added: e.added.map((s) => toAuthenticationSession(s)),
        removed: e.removed.map((s) => toAuthenticationSession(s)),
        changed: e.changed.map((s) => toAuthenticationSession(s)),
      });
    });
  }

  async getSessions(scopes?: readonly string[]): Promise<vscode.AuthenticationSession[]> {
    let sessions = await this.auth.allSessions();
    if (scopes && scopes.length > 0) {
      const active = this.auth.activeEnvironment();
      const mine = active ? new Set((await this.auth.sessionsOf(active)).map((s) => s.id)) : new Set<string>();
      sessions = sessions.filter((s) => mine.has(s.id) && scopes.every((scope) => s.scopes.includes(scope)));
    }
    const result: vscode.AuthenticationSession[] = [];
    for (const s of sessions) {
      // A token that is about to expire is refreshed silently (no UI); on failure the stored one is returned.
      let token = s.accessToken;
      try {
        token = await this.auth.tokens.getAccessToken(s.id);
      } catch (err) {
        this.logger.debug(`getSessions: could not refresh ${s.id}: ${err instanceof Error ? err.message : String(err)}`);
      }
      result.push(toAuthenticationSession(s, token));
    }
    return result;
  }

  async createSession(scopes: readonly string[]): Promise<vscode.AuthenticationSession> {
    const session = await this.flow.signInInteractive({ extraScopes: scopes, throwOnError: true });
    if (!session) {
      throw new Error('Sign-in did not complete.');
    }
    return toAuthenticationSession(session);
  }

  async removeSession(sessionId: string): Promise<void> {
    await this.auth.signOut(sessionId);
  }

  dispose(): void {
    this.registration.dispose();
    this.sessionsListener.dispose();
    this.emitter.dispose();
  }
}
