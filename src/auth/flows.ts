import * as vscode from 'vscode';
import type { Environment, RedirectMode } from '../core/auth';
import { uriHandlerRedirectUri } from '../services/auth';

/**
 * How a browser sign-in comes back to VS Code, one object per redirect mode (the way VS Code's
 * github-authentication describes its flows in `flows.ts`): the redirect URI to register, what the
 * progress notification says while the browser is out, and whether the person is asked to paste
 * the address the browser ended on. {@link signInFlowFor} picks one.
 */
export interface RedirectFlow {
  readonly mode: RedirectMode;
  /** The redirect URI of this attempt; undefined: the core's loopback receiver picks its own port. */
  redirectUri(context: vscode.ExtensionContext): Promise<string | undefined>;
  /** What the sign-in progress notification says while the browser is out. */
  readonly progressMessage: string;
  /** True when the person pastes the address the browser ended on (an input box beside the wait). */
  readonly asksForPastedAddress: boolean;
}

/** (a) The URI handler: the browser returns to `vscode://…/auth-callback` (or the host's forwarded address). */
const uriHandlerFlow: RedirectFlow = {
  mode: 'uriHandler',
  redirectUri: (context) => uriHandlerRedirectUri(context),
  get progressMessage() {
    return vscode.l10n.t('Approve in the browser that just opened. Stuck? Click the sign-in status bar item.');
  },
  asksForPastedAddress: false,
};

/** (b) Loopback: a receiver on 127.0.0.1 of the extension host (RFC 8252). */
const loopbackFlow: RedirectFlow = {
  mode: 'loopback',
  redirectUri: () => Promise.resolve(undefined),
  get progressMessage() {
    return uriHandlerFlow.progressMessage;
  },
  asksForPastedAddress: false,
};

/**
 * (b) Loopback from a remote extension host: the receiver listens on that host's 127.0.0.1, which a
 * browser on another machine cannot reach, so the message says where the browser must run.
 */
const remoteLoopbackFlow = (remoteName: string): RedirectFlow => ({
  ...loopbackFlow,
  get progressMessage() {
    return vscode.l10n.t(
      'Approve in the browser that just opened. The extension runs on a remote host ({0}): the browser must run on that machine to return to 127.0.0.1; if it cannot, cancel and set "redirectMode" to "uriHandler" or "paste".',
      remoteName,
    );
  },
});

/** (c) Paste: the person copies the address the browser ended on into an input box. */
const pasteFlow: RedirectFlow = {
  mode: 'paste',
  redirectUri: (context) => uriHandlerRedirectUri(context),
  get progressMessage() {
    return vscode.l10n.t('Approve in the browser, then paste the address it ended on.');
  },
  asksForPastedAddress: true,
};

/** The flow of an environment's redirect mode, where the extension host runs (`vscode.env.remoteName`). */
export function signInFlowFor(env: Pick<Environment, 'redirectMode'>, remoteName: string | undefined = vscode.env.remoteName): RedirectFlow {
  switch (env.redirectMode) {
    case 'paste':
      return pasteFlow;
    case 'loopback':
      return remoteName ? remoteLoopbackFlow(remoteName) : loopbackFlow;
    default:
      return uriHandlerFlow;
  }
}
