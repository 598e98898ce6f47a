import * as vscode from 'vscode';
import { serverHosts, type Environment, type OverlayChange } from '../core/auth';
import { inert } from '../core/text/inert';

/** The question asked before a workspace's environment is used (modal: the message, then the detail). */
export interface ApprovalQuestion {
  readonly message: string;
  readonly detail: string;
}

/** At most this many code points of the question: room for a long list of changes (the notification default is 400). */
const QUESTION_MAX_LENGTH = 2000;

/**
 * The question before a workspace's environment is used: where it signs in and what it sends; for
 * one that shares a name or a server with the person's own environment, what it changes there (a
 * repository can add, never weaken: the person's read-only and mutation question stay on).
 */
export function approvalQuestion(env: Environment): ApprovalQuestion {
  const text = (t: string) => inert(t, { sink: 'notification', maxLength: QUESTION_MAX_LENGTH });
  const overlay = env.overlay;
  if (!overlay) {
    const sends = [...Object.keys(env.headers ?? {}), ...(env.secretHeaders ?? [])];
    const parameters = Object.keys(env.authorizeParameters ?? {});
    const extras = [
      ...(sends.length > 0 ? [vscode.l10n.t('It sends the headers {0} with every request there.', sends.join(', '))] : []),
      ...(parameters.length > 0 ? [vscode.l10n.t('It adds the sign-in parameters {0}.', parameters.join(', '))] : []),
    ];
    return {
      message: text(vscode.l10n.t('Sign in to {0} (defined by this workspace)?', serverHosts(env))),
      detail: text(
        [
          vscode.l10n.t(
            'This workspace\'s settings define the environment "{0}": sign-in at {1}, API at {2}, client "{3}". If you allow it, Tenant GraphQL signs you in there and sends that sign-in\'s token, your queries and their variables to it. Sign-ins you made for other servers are never sent there. Allow only a server you trust.',
            env.name,
            env.authUrl,
            env.baseUrl,
            env.clientId,
          ),
          ...extras,
        ].join(' '),
      ),
    };
  }
  const changes = overlay.changes.map((c) => changeText(c, env)).join(', ');
  const message = overlay.sameName
    ? vscode.l10n.t('This workspace changes your environment "{0}": {1}.', overlay.yours, changes)
    : changes
      ? vscode.l10n.t('This workspace defines "{0}" on the server of your environment "{1}": {2}.', env.name, overlay.yours, changes)
      : vscode.l10n.t('This workspace defines "{0}" on the server of your environment "{1}".', env.name, overlay.yours);
  const detail = overlay.sameServer
    ? vscode.l10n.t(
        "If you allow it, Tenant GraphQL uses your sign-in at {0} for it, as the workspace's settings say. Read-only and the question before mutations stay on wherever your own environment has them. You are asked again when the workspace changes the entry. Allow only if you trust this repository.",
        serverHosts(env),
      )
    : vscode.l10n.t(
        'Sign-in at {0}, API at {1}, client "{2}". If you allow it, Tenant GraphQL signs you in there and sends that sign-in\'s token, your queries and their variables to it. Sign-ins you made for other servers are never sent there. Read-only and the question before mutations stay on wherever your own environment has them. Allow only a server you trust.',
        env.authUrl,
        env.baseUrl,
        env.clientId,
      );
  return { message: text(message), detail: text(detail) };
}

/** One change in words, as a part of a list ("adds header X-Forwarded-For"). */
function changeText(change: OverlayChange, env: Environment): string {
  switch (change.kind) {
    case 'server':
      return vscode.l10n.t('points it at another server ({0})', serverHosts(env));
    case 'readOnlyKept':
      return vscode.l10n.t('keeps your read-only (its entry has it off)');
    case 'confirmMutationsKept':
      return vscode.l10n.t('keeps your question before mutations (its entry has it off)');
    case 'readOnlyOn':
      return vscode.l10n.t('turns on read-only');
    case 'confirmMutationsOn':
      return vscode.l10n.t('turns on the question before mutations');
    case 'headerAdded':
      return vscode.l10n.t('adds header {0}', change.name);
    case 'headerChanged':
      return vscode.l10n.t('changes header {0}', change.name);
    case 'headerRemoved':
      return vscode.l10n.t('removes header {0}', change.name);
    case 'secretHeaderAdded':
      return vscode.l10n.t('adds secret header {0}', change.name);
    case 'secretHeaderRemoved':
      return vscode.l10n.t('removes secret header {0}', change.name);
    case 'parameterAdded':
      return vscode.l10n.t('adds sign-in parameter {0}', change.name);
    case 'parameterChanged':
      return vscode.l10n.t('changes sign-in parameter {0}', change.name);
    case 'parameterRemoved':
      return vscode.l10n.t('removes sign-in parameter {0}', change.name);
    case 'fields':
      return vscode.l10n.t('changes {0}', change.fields.join(', '));
  }
}
