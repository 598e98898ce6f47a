import * as vscode from 'vscode';
import { serverKey, serverIdentity, type Environment } from '../../core/auth';

/** The globalState key of the approvals: `${workspace} ${server key}` → true. */
const APPROVALS_KEY = 'tenantGraphql.approvedWorkspaceServers';

/**
 * The person's answers to "Sign in to <host> (defined by this workspace)?" (asked by the auth
 * feature's sign-in flow): an environment that a workspace's settings define is used only after the
 * person agrees, once per workspace and server identity (addresses and client id). Kept in
 * globalState (the person's, not the repository's).
 */
export class WorkspaceApprovals {
  constructor(private readonly globalState: vscode.Memento) {}

  /** True for the person's own environments, and for a workspace's the person allowed here. */
  isAllowed(env: Environment): boolean {
    return env.origin !== 'workspace' || this.approvals()[this.key(env)] === true;
  }

  /** Remembers that the person allowed this environment's server in this workspace. */
  async allow(env: Environment): Promise<void> {
    await this.globalState.update(APPROVALS_KEY, { ...this.approvals(), [this.key(env)]: true });
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
