import * as vscode from 'vscode';
import { serverHost, serverIdentity, serverKey, type Environment } from '../core/auth';
import type { LocalFailureKind } from '../core/run/runRecord';
import { mutationDecision } from '../core/run/runPermission';
import { inert } from '../core/text/inert';
import type { AuthService } from '../services/auth';

/** globalState: the servers (by server key) on which mutations run without asking ("Always for this environment"). */
const ALWAYS_KEY = 'tenantGraphql.mutationsWithoutAsking';

/** Whether a run may go ahead: yes; no, silently (the person declined); or no, with the failure the person was told. */
export type RunPermit = { readonly go: true } | { readonly go: false; readonly failure?: { readonly kind: LocalFailureKind; readonly message: string } };

/** Resolves true when requests may go to this environment's server (asking the person if need be; false: declined or told why). */
export type ServerPermission = (env: Environment, action: string) => Promise<boolean>;

/**
 * Asked before every run: Restricted Mode sends nothing, a workspace-defined (or -changed) environment needs the
 * person's yes (once per workspace, server and entry content), and a mutation is refused on a read-only
 * environment and confirmed elsewhere (unless the environment says not to).
 */
export class RunPermission {
  constructor(
    private readonly auth: Pick<AuthService, 'activeEnvironment'>,
    private readonly ensureAllowed: ServerPermission,
    private readonly globalState: vscode.Memento,
  ) {}

  /** @param environment the environment the run goes to, when it is not the active one. */
  async check(operationType: 'query' | 'mutation' | 'subscription', label: string, environment?: Environment): Promise<RunPermit> {
    const env = environment ?? this.auth.activeEnvironment();
    if (!env) {
      return { go: true }; // the request says "no environment" with its own actions
    }
    if (!(await this.ensureAllowed(env, vscode.l10n.t('Running operations')))) {
      return vscode.workspace.isTrusted
        ? { go: false }
        : { go: false, failure: { kind: 'restricted', message: vscode.l10n.t('Running operations is not available in Restricted Mode.') } };
    }
    const key = serverKey(serverIdentity(env));
    switch (mutationDecision(operationType, env, this.always().includes(key))) {
      case 'run':
        return { go: true };
      case 'refuse': {
        const message = vscode.l10n.t('Mutations are refused on "{0}": it is marked read-only ("readOnly": true in tenantGraphql.environments).', env.name);
        void vscode.window.showErrorMessage(inert(message, { sink: 'notification' }));
        return { go: false, failure: { kind: 'readOnly', message } };
      }
      case 'confirm': {
        const run = vscode.l10n.t('Run');
        const always = vscode.l10n.t('Always for this environment');
        const answer = await vscode.window.showWarningMessage(
          inert(vscode.l10n.t('Run mutation {0} on {1}?', label, env.name), { sink: 'notification' }),
          {
            modal: true,
            detail: inert(
              vscode.l10n.t(
                'A mutation changes data on {0}. Environments with "confirmMutations": false in tenantGraphql.environments run them without asking.',
                serverHost(env.baseUrl),
              ),
              { sink: 'notification' },
            ),
          },
          run,
          always,
        );
        if (answer === always) {
          await this.globalState.update(ALWAYS_KEY, [...this.always(), key]);
        }
        return answer === run || answer === always ? { go: true } : { go: false };
      }
    }
  }

  private always(): string[] {
    const value = this.globalState.get<unknown>(ALWAYS_KEY);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  }
}
