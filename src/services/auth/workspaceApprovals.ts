import * as vscode from 'vscode';
import { approvedDigests, environmentDigest, serverKey, serverIdentity, withApproval, type Environment } from '../../core/auth';

/**
 * The globalState key of the approvals: `${workspace} ${server key}` → the digests of the entries
 * the person allowed there (see environmentDigest). Earlier versions stored `true` per workspace
 * and server, whatever the entry said: that approves no content, the person is asked again.
 */
const APPROVALS_KEY = 'tenantGraphql.approvedWorkspaceServers';

/**
 * The person's answers to the question the auth feature's sign-in flow asks before an environment
 * that a workspace's settings define (or change) is used: once per workspace, server identity
 * (addresses and client id) and entry content (headers, parameters, guards, …), so that an entry a
 * `git pull` changed is asked about again. Kept in globalState (the person's, not the repository's).
 */
export class WorkspaceApprovals {
  constructor(private readonly globalState: vscode.Memento) {}

  /** True for the person's own environments, and for a workspace's whose content the person allowed here. */
  isAllowed(env: Environment): boolean {
    return env.origin !== 'workspace' || approvedDigests(this.approvals()[this.key(env)]).includes(environmentDigest(env));
  }

  /** Remembers that the person allowed this environment, as it is now, in this workspace. */
  async allow(env: Environment): Promise<void> {
    const approvals = this.approvals();
    const key = this.key(env);
    await this.globalState.update(APPROVALS_KEY, { ...approvals, [key]: withApproval(approvals[key], environmentDigest(env)) });
  }

  private approvals(): Record<string, unknown> {
    const value = this.globalState.get<unknown>(APPROVALS_KEY);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  }

  private key(env: Environment): string {
    const workspace = vscode.workspace.workspaceFile?.toString() ?? vscode.workspace.workspaceFolders?.map((f) => f.uri.toString()).join(' ') ?? '';
    return `${workspace} ${serverKey(serverIdentity(env))}`;
  }
}
