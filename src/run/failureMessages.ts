import * as vscode from 'vscode';
import type { ClassifiedRunFailure } from '../core/run/runRecord';

/** What the run feature tells about a failure: a title, the message and the actions offered. */
export interface FailurePresentation {
  title: string;
  message: string;
  actions: FailureAction[];
}

/** A button of the failure message and what it does. */
export interface FailureAction {
  label: string;
  command: string;
  args?: unknown[];
}

/**
 * Titles, messages and actions per failure kind. Messages of the typed errors already say what
 * happened and what to do; the 403 gets the product's own wording.
 */
export function presentFailure(f: ClassifiedRunFailure, rerun: unknown[]): FailurePresentation {
  const signIn = (label: string, scopes?: string[]): FailureAction => ({
    label,
    command: 'tenantGraphql.signIn',
    args: scopes && scopes.length > 0 ? [{ scopes }] : [],
  });
  const runAgain: FailureAction = { label: vscode.l10n.t('Run Again'), command: 'tenantGraphql.runOperation', args: rerun };
  const showLog: FailureAction = { label: vscode.l10n.t('Show Log'), command: 'tenantGraphql.showLog' };
  switch (f.kind) {
    case 'notSignedIn':
      return { title: vscode.l10n.t('Not signed in'), message: f.message, actions: [signIn(vscode.l10n.t('Sign In'))] };
    case 'restricted':
      return {
        title: vscode.l10n.t('Restricted Mode'),
        message: f.message,
        actions: [{ label: vscode.l10n.t('Manage Workspace Trust'), command: 'workbench.trust.manage' }],
      };
    case 'notApproved':
      return { title: vscode.l10n.t('Server not allowed'), message: f.message, actions: [signIn(vscode.l10n.t('Sign In'))] };
    case 'readOnly':
      return { title: vscode.l10n.t('Read-only environment'), message: f.message, actions: [] };
    case 'noEnvironment':
      return {
        title: vscode.l10n.t('No environment'),
        message: f.message,
        actions: [
          { label: vscode.l10n.t('Open Settings'), command: 'workbench.action.openSettings', args: ['tenantGraphql.environments'] },
          { label: vscode.l10n.t('Start Sandbox'), command: 'tenantGraphql.startSandbox' },
        ],
      };
    case 'missingScope': {
      const scopes = f.scopes ?? [];
      return {
        title: vscode.l10n.t('Missing scope (401)'),
        message: f.message,
        actions: [scopes.length > 0 ? signIn(vscode.l10n.t('Sign In Again with Scope {0}', scopes.join(' ')), scopes) : signIn(vscode.l10n.t('Sign In Again'))],
      };
    }
    case 'unauthorized':
      return { title: vscode.l10n.t('Sign-in not accepted (401)'), message: f.message, actions: [signIn(vscode.l10n.t('Sign In Again'))] };
    case 'ipNotAllowed':
      return {
        title: vscode.l10n.t('IP address not allowed (403)'),
        message: vscode.l10n.t('This tenant does not allow requests from your IP address. Ask the tenant admin to add your address to the allowlist.'),
        actions: [],
      };
    case 'rateLimited':
      return { title: vscode.l10n.t('Rate limited (429)'), message: f.message, actions: [runAgain] };
    case 'server':
      return { title: vscode.l10n.t('Server error ({0})', f.status ?? 500), message: f.message, actions: [runAgain, showLog] };
    case 'badRequest':
      return { title: vscode.l10n.t('Bad request (400)'), message: f.message, actions: [] };
    case 'unexpectedResponse':
      return { title: vscode.l10n.t('Unexpected answer ({0})', f.status ?? '?'), message: f.message, actions: [showLog] };
    case 'tooLarge':
      return { title: vscode.l10n.t('Answer too large'), message: f.message, actions: [] };
    case 'network':
      return { title: vscode.l10n.t('No answer from the Service'), message: f.message, actions: [runAgain, showLog] };
    case 'http':
      return { title: vscode.l10n.t('Unexpected status ({0})', f.status ?? '?'), message: f.message, actions: [showLog] };
    case 'cancelled':
      return { title: vscode.l10n.t('Cancelled'), message: f.message, actions: [] };
    case 'other':
      return {
        title: vscode.l10n.t('Run failed'),
        message: vscode.l10n.t('The run failed: {0}', f.message),
        actions: [showLog],
      };
  }
}
