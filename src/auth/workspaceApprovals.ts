import * as vscode from 'vscode';
import { serverHosts, serverKey, serverIdentity, type Environment } from '../core/auth';
import { inert } from '../core/text/inert';

/** The globalState key of the approvals: `${workspace} ${server key}` → true. */
const APPROVALS_KEY = 'tenantGraphql.approvedWorkspaceServers';

/**
 * The person's answers to "Sign in to <host> (defined by this workspace)?": an environment that a
 * workspace's settings define is used only after the person agrees, once per workspace and server
 * identity (addresses and client id). Kept in globalState (the person's, not the repository's).
 */
export class WorkspaceApprovals {
  constructor(private readonly globalState: vscode.Memento) {}

  /** True for the person's own environments, and for a workspace's the person allowed here. */
  isAllowed(env: Environment): boolean {
    return env.origin !== 'workspace' || this.approvals()[this.key(env)] === true;
  }

  /**
   * Asks (modal) whether to use a workspace-defined environment's server; remembers a yes.
   * Resolves true when the environment may be used.
   */
  async request(env: Environment): Promise<boolean> {
    if (this.isAllowed(env)) {
      return true;
    }
    const hosts = serverHosts(env);
    const allow = vscode.l10n.t('Allow');
    const answer = await vscode.window.showWarningMessage(
      inert(vscode.l10n.t('Sign in to {0} (defined by this workspace)?', hosts), { sink: 'notification' }),
      {
        modal: true,
        detail: inert(
          vscode.l10n.t(
            'This workspace\'s settings define the environment "{0}": sign-in at {1}, API at {2}, client "{3}". If you allow it, Tenant GraphQL signs you in there and sends that sign-in\'s token, your queries and their variables to it. Sign-ins you made for other servers are never sent there. Allow only a server you trust.',
            env.name,
            env.authUrl,
            env.baseUrl,
            env.clientId,
          ),
          { sink: 'notification' },
        ),
      },
      allow,
    );
    if (answer !== allow) {
      return false;
    }
    await this.globalState.update(APPROVALS_KEY, { ...this.approvals(), [this.key(env)]: true });
    return true;
  }

  private approvals(): Record<string, boolean> {
    const value = this.globalState.get<unknown>(APPROVALS_KEY);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, boolean>) : {};
  }

  private key(env: Environment): string {
    const workspace = vscode.workspace.workspaceFile?.toString() ?? vscode.workspace.workspaceFolders?.map((f) => f.uri.toString()).join(' ') ?? '';
    return `${workspace} ${serverKey(serverIdentity(env))}`;
  }
}
