import * as vscode from 'vscode';
import type { Logger } from '../core/logger';
import { inert } from '../core/text/inert';

/** A write asked for in Restricted Mode: nothing is written. */
class RestrictedWriteError extends Error {
  override readonly name = 'RestrictedWriteError';
  constructor(file: string) {
    super(`${file} is not written: Tenant GraphQL writes no files in Restricted Mode.`);
  }
}

/** A write not done: what it would have written, and the reason the person is given. */
export interface Refusal {
  readonly what: string;
  readonly message: string;
}

/** Refusals remembered (for the tests; each is also in the log once). */
const MAX_REFUSALS = 20;

/**
 * Whether the types feature may write files: not in Restricted Mode, where a repository's settings
 * (and even the person's own) would put the person's schema, with fields only their token sees,
 * into a folder they do not trust. Automatic writes are skipped with a line in the log (once per
 * reason); commands tell the person each time, with a way to trust the workspace.
 */
export class WriteTrust {
  private readonly logged = new Set<string>();
  private readonly recent: Refusal[] = [];

  constructor(private readonly logger: Logger) {}

  /** The latest writes refused, oldest first (the integration tests read them). */
  get refusals(): readonly Refusal[] {
    return this.recent;
  }

  /** True when the workspace is trusted; else notes that `what` is not written, and why. */
  mayWrite(what: string): boolean {
    if (vscode.workspace.isTrusted) {
      return true;
    }
    this.refused(what, vscode.l10n.t('Tenant GraphQL writes no schema file and no generated types in Restricted Mode. Trust this workspace to write them.'));
    return false;
  }

  /** Throws {@link RestrictedWriteError} unless the workspace is trusted (a write that must not happen silently). */
  throwUnlessTrusted(file: string): void {
    if (!vscode.workspace.isTrusted) {
      throw new RestrictedWriteError(file);
    }
  }

  /** Tells the person why a command wrote nothing, with a way to trust the workspace (not awaited). */
  explain(what: string, message: string): void {
    this.refused(what, message);
    const manage = vscode.l10n.t('Manage Workspace Trust');
    void vscode.window
      .showWarningMessage(inert(message, { sink: 'notification' }), manage)
      .then((choice) => (choice === manage ? vscode.commands.executeCommand('workbench.trust.manage') : undefined));
  }

  private refused(what: string, message: string): void {
    this.recent.push({ what, message });
    if (this.recent.length > MAX_REFUSALS) {
      this.recent.shift();
    }
    if (!this.logged.has(message)) {
      this.logged.add(message);
      this.logger.info(message);
    }
  }
}
